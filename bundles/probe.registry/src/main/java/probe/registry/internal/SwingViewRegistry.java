package probe.registry.internal;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Component;
import java.awt.Container;
import java.awt.Frame;
import java.awt.KeyboardFocusManager;
import java.awt.Window;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import javax.swing.JMenu;
import probe.api.ErrorCodes;
import probe.api.ProbeException;
import probe.api.swing.ViewRegistry;

/**
 * Walks the showing windows of this JVM. Swing does not expose the window manager's stacking
 * order, so the order is the ownership order a modal GUI implies: every owner below the windows it
 * owns, siblings in creation order, the window that has focus on top of its siblings.
 */
@org.osgi.service.component.annotations.Component(service = ViewRegistry.class)
public final class SwingViewRegistry implements ViewRegistry {
    private static final int NEAREST = 5;

    @Override
    public List<Window> windows() {
        Window active = KeyboardFocusManager.getCurrentKeyboardFocusManager().getActiveWindow();
        List<Window> out = new ArrayList<>();
        addShowing(List.of(Window.getOwnerlessWindows()), active, out);
        return out;
    }

    private static void addShowing(List<Window> siblings, Window active, List<Window> out) {
        List<Window> ordered = new ArrayList<>();
        Window top = null;
        for (Window w : siblings) {
            if (!w.isShowing()) {
                continue;
            }
            if (isOrOwns(w, active)) {
                top = w;
            } else {
                ordered.add(w);
            }
        }
        if (top != null) {
            ordered.add(top);
        }
        for (Window w : ordered) {
            out.add(w);
            addShowing(List.of(w.getOwnedWindows()), active, out);
        }
    }

    private static boolean isOrOwns(Window w, Window descendant) {
        for (Window x = descendant; x != null; x = x.getOwner()) {
            if (x == w) {
                return true;
            }
        }
        return false;
    }

    @Override
    public Optional<Window> mainWindow() {
        for (Frame f : Frame.getFrames()) {
            if (f.isShowing() && f.getOwner() == null) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }

    @Override
    public Component find(String identifier) throws ProbeException {
        List<Component> matches = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (Window w : windows()) {
            walk(w, c -> {
                String name = c.getName();
                if (name == null) {
                    return;
                }
                names.add(name);
                if (name.equals(identifier)) {
                    matches.add(c);
                }
            });
        }
        if (matches.size() == 1) {
            return matches.get(0);
        }
        ObjectNode details = ProbeException.newDetails();
        if (matches.isEmpty()) {
            ArrayNode near = details.putArray("nearest");
            Nearest.of(identifier, names, NEAREST).forEach(near::add);
            throw new ProbeException(ErrorCodes.IDENTIFIER_NOT_FOUND, "no showing view with identifier '" + identifier + "'"
                    + (near.isEmpty() ? "" : "; nearest: " + near.get(0).asText()), details);
        }
        ArrayNode candidates = details.putArray("candidates");
        for (Component c : matches) {
            Window w = ViewRegistry.windowOf(c);
            ObjectNode o = candidates.addObject();
            o.put("type", c.getClass().getName());
            o.put("window", w == null ? null : w.getName());
            java.awt.Rectangle r = c.getBounds();
            o.putArray("frame").add(r.x).add(r.y).add(r.width).add(r.height);
        }
        throw new ProbeException(ErrorCodes.IDENTIFIER_AMBIGUOUS, matches.size() + " showing views share the identifier '"
                + identifier + "'; the probe does not guess which one is meant", details);
    }

    /** Visits every showing component under {@code root}, root included, and the items of its menus. */
    static void walk(Component root, Consumer<Component> visit) {
        if (!root.isShowing()) {
            return;
        }
        visit.accept(root);
        if (root instanceof JMenu) {
            for (Component item : ((JMenu) root).getMenuComponents()) {
                if (item.isShowing()) {
                    walk(item, visit);
                }
            }
        }
        if (root instanceof Container) {
            for (Component child : ((Container) root).getComponents()) {
                walk(child, visit);
            }
        }
    }
}
