package probe.api.swing;

import com.fasterxml.jackson.databind.node.ArrayNode;
import java.awt.Component;
import java.awt.Dialog;
import java.awt.Point;
import java.awt.Window;
import java.util.List;
import java.util.Optional;
import org.osgi.annotation.versioning.ProviderType;
import probe.api.ProbeException;

/**
 * Finds what a person sees: the showing windows in stacking order and the control an identifier
 * names. Provided by the probe.registry bundle. Every method must be called on the event
 * dispatch thread (see {@link Edt}).
 */
@ProviderType
public interface ViewRegistry {

    /** The showing windows, bottom first: each owner before the windows it owns, the focused window last among its siblings. */
    List<Window> windows();

    /** The application's main window: the first showing frame that no other window owns. */
    Optional<Window> mainWindow();

    /** The topmost showing dialog: what {@code gui.dialog.current} and the {@code dialog} scopes mean. */
    Optional<Dialog> topmostDialog();

    /**
     * Resolves an identifier to exactly one target: a showing component named so, a menu item
     * (open or not), or a virtual row or tab.
     *
     * @throws ProbeException {@code gui.identifier_not_found} with the nearest identifiers in
     *     {@code details.nearest}, or {@code gui.identifier_ambiguous} with {@code details.candidates}
     */
    Target resolve(String identifier) throws ProbeException;

    /** What a person's hand would meet at the target now. */
    Verdict verdict(Target target);

    /**
     * What a person's hand would meet pressing at {@code point} of the target now: {@code point} is
     * in the target's own units, from the top-left corner of its bounds ({@link Target#bounds()}: the
     * component, or the row's or tab's cell), and lies inside them (the caller checks). The verdict's
     * {@link Verdict#at()} is that point in the window's coordinates, or null when that point does not
     * show (scrolled out of view, outside the window or the screen). A null {@code point} is
     * {@link #verdict(Target)}. A registry that cannot judge a point refuses it.
     *
     * @since 1.5
     */
    default Verdict verdict(Target target, Point point) {
        return point == null ? verdict(target) : Verdict.refused("this registry cannot judge a point inside a control", null);
    }

    /**
     * The items {@code gui.list} reports for {@code scope}: {@code window} (the main window and every
     * showing window over it), {@code dialog} (the topmost dialog), or an identifier prefix (a
     * scene an app's catalogue declares is a whole segment: {@code <scene>} and {@code <scene>.*}). Each item is an object as docs/PROTOCOL.md ("gui.list") describes it.
     *
     * @throws ProbeException {@code gui.no_window} when the scope names no showing window
     */
    ArrayNode list(String scope) throws ProbeException;

    /**
     * The items of {@link #list(String)}, with their verdicts ({@code clickable}, {@code reason},
     * {@code at}, {@code atOnScreen}) only when {@code verdicts} is true. Without them a listing
     * costs a fraction: for what needs only what shows where (a screenshot's numbered boxes).
     *
     * @since 1.2
     */
    default ArrayNode list(String scope, boolean verdicts) throws ProbeException {
        return list(scope);
    }

    /**
     * Every operable control in the showing windows (menu items included) that has no identifier,
     * and every identifier that several showing things share: each a gui.list item with a
     * {@code problem} field. Empty when the GUI is fully named.
     */
    ArrayNode audit();

    /**
     * The named things of the showing windows (and the items of closed menus), in {@code gui.list}'s
     * order, each with the fields an action's receipt compares (see {@link ControlState}). Only
     * identifiers and those fields: no JSON and no verdicts, so it is cheap enough to take just
     * before and just after every input. An identifier several things share is given for each of
     * them (a receipt compares the first).
     *
     * @since 1.1
     */
    List<ControlState> states();

    /**
     * What {@link #states()} and then {@link #resolve(String)} answer, from one walk of the windows:
     * the op that takes its receipt's first look and resolves its target in the same EDT task,
     * with nothing done in between, pays for one walk instead of two. {@code states} (when not
     * null) is given the states first, also when the identifier does not resolve.
     *
     * @since 1.2
     */
    default Target resolve(String identifier, List<ControlState> states) throws ProbeException {
        if (states != null) {
            states.addAll(states());
        }
        return resolve(identifier);
    }

    /**
     * The identifier of a showing component as the registry reports it: the name the app gave it,
     * else (for a window or an operable control) the identifier derived from what a person sees
     * (docs/IDENTIFIERS.md); null when it has none.
     */
    String identifierOf(Component c);

    /**
     * A dialog's name as the protocol gives it ({@code gui.dialog.current}, {@code dialog.opened},
     * {@code gui.wait dialog=}): {@code createVM} for {@code dialog.createVM}, else its whole
     * identifier (a derived one, {@code message.dialog}); null when it has none. On the EDT.
     *
     * @since 1.3
     */
    default String dialogName(Dialog d) {
        String n = identifierOf(d);
        return n != null && n.startsWith("dialog.") && n.length() > "dialog.".length() ? n.substring("dialog.".length()) : n;
    }

    /** The window of {@code c}, or {@code c} itself when it is a window. */
    static Window windowOf(Component c) {
        return c instanceof Window ? (Window) c : javax.swing.SwingUtilities.getWindowAncestor(c);
    }
}
