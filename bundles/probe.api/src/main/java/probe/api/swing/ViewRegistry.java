package probe.api.swing;

import java.awt.Component;
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

    /**
     * The one showing component whose {@code getName()} is {@code identifier}.
     *
     * @throws ProbeException {@code gui.identifier_not_found} with the nearest identifiers in details,
     *     or {@code gui.identifier_ambiguous} with the candidates
     */
    Component find(String identifier) throws ProbeException;

    /** The window of {@code c}, or {@code c} itself when it is a window. */
    static Window windowOf(Component c) {
        return c instanceof Window ? (Window) c : javax.swing.SwingUtilities.getWindowAncestor(c);
    }
}
