package probe.input;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Component;
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
        Verdict v = registry.verdict(t);
        if (v.operable() && v.at() == null && t.menuPath().isEmpty()) {
            scrollIntoView(registry, t);
            v = registry.verdict(t);
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
        try {
            return check(registry, t);
        } catch (ProbeException e) {
            Verdict v = registry.verdict(t);
            if (v.pointerRests()) {
                return new Verdict(true, null, null, v.at());
            }
            throw e;
        }
    }

    private static void scrollIntoView(ViewRegistry registry, Target t) throws ProbeException {
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
        ((JComponent) c).scrollRectToVisible(t.bounds());
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
