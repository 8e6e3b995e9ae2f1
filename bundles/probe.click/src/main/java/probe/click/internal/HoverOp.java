package probe.click.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Component;
import java.awt.Container;
import java.awt.Point;
import java.awt.Window;
import java.awt.event.MouseEvent;
import javax.swing.JComponent;
import javax.swing.JToolTip;
import javax.swing.SwingUtilities;
import javax.swing.ToolTipManager;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Reference;
import probe.api.Op;
import probe.api.Ops;
import probe.api.ProbeException;
import probe.api.ProbeOp;
import probe.input.ActingOp;
import probe.input.Deadline;
import probe.input.Effects;
import probe.input.Mouse;
import probe.input.Reach;
import probe.api.swing.Shown;
import probe.api.swing.Target;
import probe.api.swing.Verdict;
import probe.api.swing.ViewRegistry;
import probe.api.wire.Wire;

/**
 * {@code gui.hover {identifier}}: the pointer moves onto the centre of the control, row, tab or
 * menu item and rests there, as a hand's does: the controls on the way get their enter and exit
 * events, a button shows its rollover, and Swing's tooltip manager sees the pointer arrive. When
 * the control has a tooltip there, the reply waits until the tooltip window shows (the manager's
 * initial delay, 750 ms by default), so a following gui.list or gui.screenshot sees it. A menu item
 * in a closed menu is reached by clicking its menus open first, as gui.click does.
 */
// Qualified: Component in this file is java.awt.Component.
@org.osgi.service.component.annotations.Component(configurationPolicy = ConfigurationPolicy.IGNORE, service = ProbeOp.class)
@Op(Ops.HOVER)
public final class HoverOp extends ActingOp {
    /** How much longer than the tooltip manager's initial delay the reply waits for the tooltip to show. */
    private static final long TOOLTIP_GRACE_MILLIS = 1000;

    @Activate
    public HoverOp(@Reference(name = "registry") ViewRegistry registry) {
        super(registry);
    }

    /** Where the pointer came to rest: at {@code at} over {@code component}, expecting its tooltip or not. */
    private record Rest(Point at, Component component, boolean tooltipExpected) {
    }

    @Override
    protected ObjectNode act(ObjectNode args, Effects effects, Deadline deadline) throws ProbeException {
        // Checked against the description (OSGI-INF/probe/ops/gui.hover.json).
        String identifier = args.get("identifier").textValue();
        Point point = Points.of(args, "x", "y");

        Rest rest = Reaching.reach(registry, effects, identifier, deadline, (r, t) -> Reach.pointer(r, t, point), HoverOp::move,
                "the pointer reached the item");

        String tooltip = null;
        if (rest.tooltipExpected()) {
            Component c = rest.component();
            long wait = ToolTipManager.sharedInstance().getInitialDelay() + TOOLTIP_GRACE_MILLIS;
            String[] shown = new String[1];
            deadline.until(() -> {
                JToolTip tip = showingTip(c);
                shown[0] = tip == null ? null : Shown.readable(tip.getTipText());
                return tip != null;
            }, wait);
            tooltip = shown[0];
        }

        ObjectNode data = Wire.object();
        data.put("identifier", identifier);
        data.putArray("at").add(rest.at().x).add(rest.at().y);
        data.put("tooltip", tooltip);
        Points.put(data, "point", point);
        return data;
    }

    /** Moves the pointer onto {@code t} where its verdict says a hand rests: the centre of the part that shows. On the EDT. */
    private static Rest move(Target t, Verdict v) {
        Point p = v.at();
        Window w = t.window();
        Mouse.move(w, p);
        Component c = t.component();
        Point inC = SwingUtilities.convertPoint(w, p, c);
        return new Rest(p, c, hasTooltipAt(c, inC));
    }

    /** Whether Swing would show a tooltip for the pointer resting at {@code p} (in {@code c}'s coordinates). */
    private static boolean hasTooltipAt(Component c, Point p) {
        if (!(c instanceof JComponent) || !ToolTipManager.sharedInstance().isEnabled()) {
            return false;
        }
        MouseEvent at = new MouseEvent(c, MouseEvent.MOUSE_MOVED, System.currentTimeMillis(), 0, p.x, p.y, 0, false);
        String text = ((JComponent) c).getToolTipText(at);
        return text != null && !text.isEmpty();
    }

    /** The tooltip showing now for {@code c}, in any window (a light popup inside its window, or a window of its own); null when none. */
    static JToolTip showingTip(Component c) {
        for (Window w : Window.getWindows()) {
            if (w.isShowing()) {
                JToolTip tip = find(w, c);
                if (tip != null) {
                    return tip;
                }
            }
        }
        return null;
    }

    private static JToolTip find(Container parent, Component of) {
        for (Component child : parent.getComponents()) {
            if (child instanceof JToolTip && ((JToolTip) child).getComponent() == of && child.isShowing()) {
                return (JToolTip) child;
            }
            if (child instanceof Container && child.isShowing()) {
                JToolTip tip = find((Container) child, of);
                if (tip != null) {
                    return tip;
                }
            }
        }
        return null;
    }
}
