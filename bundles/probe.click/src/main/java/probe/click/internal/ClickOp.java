package probe.click.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Point;
import java.awt.Window;
import java.util.List;
import javax.swing.JMenu;
import javax.swing.MenuSelectionManager;
import javax.swing.SwingUtilities;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import probe.api.Op;
import probe.api.OpContext;
import probe.api.Ops;
import probe.api.ProbeException;
import probe.api.ProbeOp;
import probe.api.events.EventBus;
import probe.input.Barrier;
import probe.input.Deadline;
import probe.input.Delivery;
import probe.input.Effects;
import probe.input.Mouse;
import probe.input.Reach;
import probe.api.swing.Target;
import probe.api.swing.Verdict;
import probe.api.swing.ViewRegistry;
import probe.api.wire.Wire;

/**
 * {@code gui.click {identifier, button, count}}: a hand's click at the centre of the part of the
 * control, row, tab or menu item that shows, posted to its window so hit-testing and the modality filter apply. A menu item
 * in a closed menu is reached by clicking each menu of its chain open first. The reply comes as
 * soon as the click's own handlers have run, also when one of them opened a modal dialog, and
 * the GUI has settled; it says what the click changed ({@link Effects}).
 */
@Component(configurationPolicy = ConfigurationPolicy.IGNORE, service = ProbeOp.class)
@Op(Ops.CLICK)
public final class ClickOp implements ProbeOp {
    private final ViewRegistry registry;

    /** probe.events' bus, for the receipt's events; absent until that bundle runs. */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    volatile EventBus bus;

    @Activate
    public ClickOp(@Reference(name = "registry") ViewRegistry registry) {
        this.registry = registry;
    }

    /** What the first hop did: clicked at {@code at}, or found the item behind these closed menus. */
    private record Step(Point at, List<JMenu> closedMenus) {
    }

    @Override
    public JsonNode execute(OpContext ctx, ObjectNode args) throws ProbeException {
        try (Effects effects = Effects.of(args, registry, bus)) {
            return act(ctx, args, effects);
        }
    }

    /** The op, with its receipt: {@code effects.before(identifier)} (its first look and the lookup in one walk) first in its first EDT task, {@code effects.finish} last. */
    private JsonNode act(OpContext ctx, ObjectNode args, Effects effects) throws ProbeException {
        // Checked against the description (OSGI-INF/probe/ops/gui.click.json), its defaults filled in.
        String identifier = args.get("identifier").textValue();
        Mouse.Button button = Mouse.Button.of(args.get("button").textValue());
        int count = args.get("count").intValue();
        Deadline deadline = Deadline.after(ctx.timeoutMillis());

        // One EDT hop in the common case: resolve, check, post the click, and wait behind it.
        Delivery.Sent<Step> first = Delivery.run(deadline, () -> {
            Target t = effects.before(identifier);
            Verdict v = Reach.check(registry, t);
            if (!t.menuPath().isEmpty()) {
                return Delivery.nothing(new Step(null, t.menuPath()));
            }
            return Delivery.posted(new Step(post(t, v, button, count), List.of()));
        });
        Point at = first.posted() ? first.value().at() : viaMenus(identifier, first.value().closedMenus(), button, count, deadline);

        ObjectNode data = Wire.object();
        data.put("identifier", identifier);
        data.putArray("clicked").add(at.x).add(at.y);
        data.put("button", button.wireName());
        data.put("count", count);
        effects.finish(deadline, data);
        return data;
    }

    /** Clicks {@code t} where its verdict says a hand presses: the centre of the part that shows. On the EDT. */
    private static Point post(Target t, Verdict v, Mouse.Button button, int count) {
        Point p = v.at();
        Mouse.click(t.window(), p, button, count);
        return p;
    }

    /** A menu item in a closed menu: each menu of its chain clicked open, then the item. */
    private Point viaMenus(String identifier, List<JMenu> closedMenus, Mouse.Button button, int count, Deadline deadline)
            throws ProbeException {
        try {
            openMenus(identifier, closedMenus, deadline);
            return Delivery.run(deadline, () -> {
                Target t = registry.resolve(identifier);
                if (!t.menuPath().isEmpty()) {
                    throw Reach.refusal(identifier, Verdict.refused("its menu " + name(t.menuPath().get(0))
                            + " closed before the item could be clicked", null));
                }
                return Delivery.posted(post(t, Reach.check(registry, t), button, count));
            }).value();
        } catch (ProbeException | RuntimeException e) {
            if (!closedMenus.isEmpty()) {
                // Leave no menu open that only the probe opened.
                SwingUtilities.invokeLater(() -> MenuSelectionManager.defaultManager().clearSelectedPath());
            }
            throw e;
        }
    }

    /**
     * Clicks each menu of the chain, outermost first, and waits until its popup shows (a submenu
     * opens after its delay, as under a hand).
     */
    static void openMenus(String identifier, List<JMenu> chain, Deadline deadline) throws ProbeException {
        for (JMenu menu : chain) {
            Barrier b = deadline.edt(() -> {
                if (menu.isPopupMenuVisible()) {
                    return null;
                }
                if (!menu.isShowing()) {
                    throw Reach.refusal(identifier, Verdict.refused("its menu " + name(menu) + " is not showing", null));
                }
                Window w = SwingUtilities.getWindowAncestor(menu);
                Point p = SwingUtilities.convertPoint(menu, menu.getWidth() / 2, menu.getHeight() / 2, w);
                Mouse.click(w, p, Mouse.Button.LEFT, 1);
                return Barrier.behind();
            });
            if (b != null) {
                b.await(deadline);
            }
            if (!deadline.until(menu::isPopupMenuVisible)) {
                throw Reach.refusal(identifier, Verdict.refused("its menu " + name(menu) + " did not open within "
                        + deadline.timeoutMillis() + " ms", null));
            }
        }
    }

    /** A menu as a message names it: its identifier, else its label. */
    static String name(JMenu menu) {
        return menu.getName() != null ? "'" + menu.getName() + "'" : "\"" + menu.getText() + "\"";
    }
}
