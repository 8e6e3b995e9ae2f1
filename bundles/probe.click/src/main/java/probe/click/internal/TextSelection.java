package probe.click.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Component;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.Window;
import java.awt.geom.Rectangle2D;
import java.util.List;
import javax.swing.JPasswordField;
import javax.swing.JSpinner;
import javax.swing.SwingUtilities;
import javax.swing.text.BadLocationException;
import javax.swing.text.JTextComponent;
import probe.api.ErrorCodes;
import probe.api.ProbeException;
import probe.api.swing.Target;
import probe.api.swing.Verdict;
import probe.api.swing.ViewRegistry;
import probe.api.wire.Wire;
import probe.input.Deadline;
import probe.input.Delivery;
import probe.input.Mouse;
import probe.input.Reach;

/**
 * gui.select in a text control: characters selected as a hand selects them, the button pressed
 * at the first one's place ({@code modelToView2D}), dragged to the last one's end and released
 * there, each move posted once the one before was handled (as gui.drag's), so the caret and the
 * app's caret and selection listeners see what a person's drag makes; then the selection is read
 * back and must be the one asked for. A password field's characters are selected by offsets only,
 * and its text is never read out (docs/PROTOCOL.md, "Secrets").
 */
final class TextSelection {
    /** Moves between the press and the release. */
    private static final int STEPS = 5;

    private TextSelection() {
    }

    /** The drag as planned on the EDT: the window, the path in it, the text and the range asked for. */
    record Plan(Window window, List<Point> path, JTextComponent text, int start, int end) {
    }

    /** What the first hop answers when it clicked the text to give it the focus first. */
    static final Plan FOCUSING = new Plan(null, List.of(), null, -1, -1);
    /** At most how long the text may take to get the focus after that click. */
    private static final long FOCUS_MILLIS = 1000;

    /**
     * On the EDT: when the text does not have the focus, clicks it (at the centre of what shows of
     * it) as a hand clicks into a field before it drags over its text: a field may change its text
     * or caret as it gains the focus (a spinner's formatted text is reformatted for editing, its
     * caret put back), which would move a drag's start made meanwhile.
     *
     * @return whether it clicked
     */
    static boolean clickedIn(ViewRegistry registry, Target t, JTextComponent text) throws ProbeException {
        if (text.isFocusOwner() || !text.isFocusable() || !text.isRequestFocusEnabled()) {
            return false;
        }
        Mouse.click(t.window(), Reach.check(registry, t).at(), Mouse.Button.LEFT, 1);
        return true;
    }

    /** Once the click of {@link #clickedIn} was handled: waits (bounded) for the text's focus, then presses as {@link #press}. */
    static Plan afterFocus(ViewRegistry registry, String identifier, String label, int from, int to, Deadline deadline)
            throws ProbeException {
        deadline.until(() -> {
            Component c = registry.resolve(identifier).component();
            JTextComponent text = textOf(c);
            return text == null || text.isFocusOwner();
        }, FOCUS_MILLIS);
        return Delivery.run(deadline, () -> {
            Target t = registry.resolve(identifier);
            JTextComponent text = t.kind() == Target.Kind.COMPONENT ? textOf(t.component()) : null;
            if (text == null) {
                throw Reach.refusal(identifier, Verdict.refused("it is no longer a text once clicked", null));
            }
            return Delivery.posted(press(registry, t, text, label, from, to));
        }).value();
    }

    /** The text component a hand selects in for {@code c}: itself, or a spinner's text field; null for anything else. */
    static JTextComponent textOf(Component c) {
        if (c instanceof JTextComponent) {
            return (JTextComponent) c;
        }
        if (c instanceof JSpinner && ((JSpinner) c).getEditor() instanceof JSpinner.DefaultEditor) {
            return ((JSpinner.DefaultEditor) ((JSpinner) c).getEditor()).getTextField();
        }
        return null;
    }

    /**
     * On the EDT: finds the range ({@code label}'s first occurrence, exactly, else ignoring case; or
     * {@code from}, {@code to}), brings it into view, judges both ends as gui.click's press, and posts
     * the press (after a click that clears a selection a press there would drag away).
     */
    static Plan press(ViewRegistry registry, Target t, JTextComponent text, String label, int from, int to) throws ProbeException {
        String identifier = t.identifier();
        int length = text.getDocument().getLength();
        boolean secret = text instanceof JPasswordField;
        int a;
        int b;
        if (label != null) {
            if (secret) {
                throw ProbeException.invalidArgs("'" + identifier + "' is a password field, whose text is never read: select by 'from'"
                        + " and 'to'");
            }
            if (label.isEmpty()) {
                throw ProbeException.invalidArgs("give the text to select in 'label', or 'from' and 'to'");
            }
            a = find(content(text), label);
            if (a < 0) {
                ObjectNode details = ProbeException.newDetails();
                details.put("identifier", identifier);
                details.put("length", length);
                throw new ProbeException(ErrorCodes.IDENTIFIER_NOT_FOUND, "'" + identifier + "' does not hold the text \"" + label
                        + "\" (" + length + " characters)", details);
            }
            b = a + label.length();
        } else {
            if (from > length || to > length) {
                throw ProbeException.invalidArgs("'" + (from > length ? "from" : "to") + "' is " + Math.max(from, to) + ", past the end"
                        + " of the text of '" + identifier + "' (" + length + " characters)");
            }
            a = from;
            b = to;
        }
        Rectangle ra = place(identifier, text, a);
        Rectangle rb = place(identifier, text, b);
        Rectangle visible = text.getVisibleRect();
        if (!visible.contains(point(ra)) || !visible.contains(point(rb))) {
            // A hand scrolls the text to what it selects first (a field scrolls itself; an area its scroll pane).
            text.scrollRectToVisible(ra.union(rb));
            ra = place(identifier, text, a);
            rb = place(identifier, text, b);
            visible = text.getVisibleRect();
            if (!visible.contains(point(ra)) || !visible.contains(point(rb))) {
                throw Reach.refusal(identifier, Verdict.refused("characters " + Math.min(a, b) + " to " + Math.max(a, b)
                        + " do not fit in its view at once", null));
            }
        }
        Component c = t.component();
        Point pa = SwingUtilities.convertPoint(text, point(ra), c);
        Point pb = SwingUtilities.convertPoint(text, point(rb), c);
        Point start = Reach.check(registry, t, pa).at();
        Point end = Reach.check(registry, t, pb).at();
        Window w = t.window();
        if (text.getDragEnabled() && text.getSelectionStart() < text.getSelectionEnd()
                && a >= text.getSelectionStart() && a < text.getSelectionEnd()) {
            // A press inside the selection of a text with drag enabled would drag the selection away: click it away first.
            Mouse.click(w, start, Mouse.Button.LEFT, 1);
        }
        Mouse.press(w, start, Mouse.Button.LEFT, 0);
        return new Plan(w, Mouse.path(start, end, STEPS), text, Math.min(a, b), Math.max(a, b));
    }

    /** Drags along the plan's path, releases at its end, and reads the selection back: gui.select's data. */
    static ObjectNode finish(String identifier, Plan plan, Deadline deadline) throws ProbeException {
        List<Point> path = plan.path();
        for (int i = 1; i < path.size(); i++) {
            Point p = path.get(i);
            boolean last = i == path.size() - 1;
            Delivery.run(deadline, () -> {
                Mouse.dragTo(plan.window(), p, Mouse.Button.LEFT, 0);
                if (last) {
                    Mouse.release(plan.window(), p, Mouse.Button.LEFT, 0, p.equals(path.get(0)));
                }
                return Delivery.posted(null);
            });
        }
        JTextComponent text = plan.text();
        int[] now = deadline.edt(() -> new int[] {text.getSelectionStart(), text.getSelectionEnd()});
        if (now[0] != plan.start() || now[1] != plan.end()) {
            throw Reach.refusal(identifier, Verdict.refused("after the drag its selection is characters " + now[0] + " to " + now[1]
                    + ", not " + plan.start() + " to " + plan.end(), null));
        }
        ObjectNode data = Wire.object();
        data.put("identifier", identifier);
        if (!(text instanceof JPasswordField)) {
            data.put("text", deadline.edt(text::getSelectedText));
        }
        data.put("start", now[0]);
        data.put("end", now[1]);
        return data;
    }

    /** The first place of {@code wanted} in {@code s}: exactly, else ignoring case; -1 when it is not there. */
    static int find(String s, String wanted) {
        int i = s.indexOf(wanted);
        if (i >= 0) {
            return i;
        }
        for (int k = 0; k + wanted.length() <= s.length(); k++) {
            if (s.regionMatches(true, k, wanted, 0, wanted.length())) {
                return k;
            }
        }
        return -1;
    }

    private static String content(JTextComponent text) {
        try {
            return text.getDocument().getText(0, text.getDocument().getLength());
        } catch (BadLocationException e) {
            return "";
        }
    }

    /** Where offset {@code o} is drawn, in the text's coordinates (its caret's rectangle, at least a pixel wide). */
    private static Rectangle place(String identifier, JTextComponent text, int o) throws ProbeException {
        try {
            Rectangle2D r = text.modelToView2D(o);
            if (r == null) {
                throw Reach.refusal(identifier, Verdict.refused("its text is not laid out", null));
            }
            return new Rectangle((int) Math.round(r.getX()), (int) Math.floor(r.getY()), 1, Math.max(1, (int) Math.ceil(r.getHeight())));
        } catch (BadLocationException e) {
            throw ProbeException.invalidArgs("offset " + o + " is not in the text");
        }
    }

    /** The point a hand presses for an offset: on the boundary before its character, half way down its line. */
    private static Point point(Rectangle r) {
        return new Point(r.x, r.y + r.height / 2);
    }
}
