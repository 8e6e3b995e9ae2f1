package probe.input;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Component;
import java.awt.Point;
import java.awt.Rectangle;
import java.util.List;
import javax.swing.JComponent;
import javax.swing.JScrollPane;
import javax.swing.JViewport;
import javax.swing.SwingUtilities;
import probe.api.ErrorCodes;
import probe.api.ProbeException;
import probe.api.swing.Target;
import probe.api.swing.Verdict;
import probe.api.swing.ViewRegistry;

/** Whether a hand can reach a target now, after scrolling to it as a person would. Call on the EDT. */
public final class Reach {

    private Reach() {
    }

    /**
     * Asks the registry's verdict; when no part of {@code t} shows and a scroll pane holds it, scrolls
     * it into view first (provided the scroll pane itself can be operated) and asks again.
     *
     * @return the verdict, operable, with the point a hand presses ({@link Verdict#at()}, window
     *     coordinates; null only for a menu item reached through its closed menus)
     * @throws ProbeException {@code gui.not_clickable} with the verdict's reason, and what is in the
     *     way in {@code details.blockedBy}, when a person could not operate it
     */
    public static Verdict check(ViewRegistry registry, Target t) throws ProbeException {
        return check(registry, t, null);
    }

    /**
     * As {@link #check(ViewRegistry, Target)}, for a press at {@code point} of the target (its own
     * units, from the top-left corner of its bounds; null: the centre of the part that shows): the
     * point is checked against the target's bounds first ({@link #inside}), scrolled into view when
     * a scroll pane holds it, and the verdict is the one for that point.
     *
     * @since 1.6
     */
    public static Verdict check(ViewRegistry registry, Target t, Point point) throws ProbeException {
        inside(t, point);
        Verdict v = registry.verdict(t, point);
        if (v.operable() && v.at() == null && t.menuPath().isEmpty()) {
            scrollIntoView(registry, t, point);
            v = registry.verdict(t, point);
            if (v.operable() && v.at() == null) {
                throw refusal(t.identifier(), Verdict.refused("no part of it shows, even scrolled into view", null));
            }
        }
        if (!v.operable()) {
            throw refusal(t.identifier(), v);
        }
        return v;
    }

    /**
     * As {@link #check}, for the pointer alone (hovering, the wheel): the pointer rests on a control
     * that shows even when a press would not operate it, because it is disabled or takes no mouse
     * input (a tooltip still shows, the wheel still turns, the control under it before gets its exit);
     * whatever keeps a press away (a modal dialog, something above it) keeps the pointer away too.
     */
    public static Verdict pointer(ViewRegistry registry, Target t) throws ProbeException {
        return pointer(registry, t, null);
    }

    /**
     * As {@link #pointer(ViewRegistry, Target)}, the pointer resting at {@code point} of the target
     * (as {@link #check(ViewRegistry, Target, Point)} takes it).
     *
     * @since 1.6
     */
    public static Verdict pointer(ViewRegistry registry, Target t, Point point) throws ProbeException {
        try {
            return check(registry, t, point);
        } catch (ProbeException e) {
            if (!ErrorCodes.NOT_CLICKABLE.equals(e.code())) {
                throw e;
            }
            Verdict v = registry.verdict(t, point);
            if (v.pointerRests()) {
                return new Verdict(true, null, null, v.at());
            }
            throw e;
        }
    }

    /**
     * Checks that {@code point} (the target's own units, from the top-left corner of its bounds) lies
     * inside the target's bounds; a null point always does (the centre).
     *
     * @throws ProbeException {@code gui.point_outside} with {@code details.identifier}, {@code
     *     details.point} and {@code details.size}, the bounds' width and height
     * @since 1.6
     */
    public static void inside(Target t, Point point) throws ProbeException {
        if (point == null) {
            return;
        }
        if (!t.menuPath().isEmpty()) {
            throw refusal(t.identifier(), Verdict.refused("it is in a closed menu: a point inside it needs the menu open", null));
        }
        Rectangle b = t.bounds();
        if (point.x < 0 || point.y < 0 || point.x >= b.width || point.y >= b.height) {
            ObjectNode details = ProbeException.newDetails();
            details.put("identifier", t.identifier());
            details.putArray("point").add(point.x).add(point.y);
            details.putArray("size").add(b.width).add(b.height);
            throw new ProbeException(ErrorCodes.POINT_OUTSIDE, "(" + point.x + ", " + point.y + ") lies outside '" + t.identifier()
                    + "', which is " + b.width + " x " + b.height + ": x goes from 0 to " + (b.width - 1) + ", y from 0 to "
                    + (b.height - 1) + ", from its top-left corner", details);
        }
    }

    private static void scrollIntoView(ViewRegistry registry, Target t, Point point) throws ProbeException {
        Component c = t.component();
        JViewport viewport = (JViewport) SwingUtilities.getAncestorOfClass(JViewport.class, c);
        if (!(c instanceof JComponent) || viewport == null) {
            return;
        }
        Component scroller = viewport.getParent() instanceof JScrollPane ? viewport.getParent() : viewport;
        Verdict v = registry.verdict(new Target(registry.identifierOf(scroller), Target.Kind.COMPONENT, scroller, -1, List.of()));
        if (!v.operable()) {
            throw refusal(t.identifier(), new Verdict(false, "it is scrolled out of view and its scroll pane cannot be operated: "
                    + v.reason(), v.blockedBy()));
        }
        Rectangle b = t.bounds();
        ((JComponent) c).scrollRectToVisible(point == null ? b : new Rectangle(b.x + point.x, b.y + point.y, 1, 1));
    }

    /** {@code gui.not_clickable} for {@code identifier}, with the verdict's reason and what blocks it. */
    public static ProbeException refusal(String identifier, Verdict v) {
        ObjectNode details = ProbeException.newDetails();
        details.put("identifier", identifier);
        details.put("reason", v.reason());
        if (v.blockedBy() != null) {
            details.put("blockedBy", v.blockedBy());
        }
        return new ProbeException(ErrorCodes.NOT_CLICKABLE, "'" + identifier + "' cannot be operated: " + v.reason(), details);
    }
}
