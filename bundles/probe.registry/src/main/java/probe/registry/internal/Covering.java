package probe.registry.internal;

import java.awt.Component;
import java.awt.Container;
import java.awt.IllegalComponentStateException;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.Window;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import javax.swing.JComponent;
import javax.swing.SwingUtilities;
import javax.swing.plaf.ComponentUI;
import probe.api.swing.Target;
import probe.api.swing.Verdict;

/**
 * What covers a target at its centre: a window above its own, or another component of its window
 * (a glass pane, a popup layer, an overlapping sibling). One instance serves one listing on the EDT
 * and remembers what every item shares (the windows' places, each container's children), so the
 * cost per item is its own ancestor chain instead of a hit test from the window's root.
 *
 * <p>The answer is exactly the one of {@link SwingUtilities#getDeepestComponentAt} at the centre:
 * the fast path only ever concludes that nothing covers the target, and only when it proves that
 * the hit test would land on the target or inside it; anything else runs that hit test itself.
 */
final class Covering {
    /** Per class: whether {@code contains(x, y)} is the bounds test of Component (no override of contains or inside). */
    private static final Map<Class<?>, Boolean> PLAIN_CONTAINS = Collections.synchronizedMap(new WeakHashMap<>());
    /** Per UI class: whether {@code contains(c, x, y)} is ComponentUI's bounds test. */
    private static final Map<Class<?>, Boolean> PLAIN_UI_CONTAINS = Collections.synchronizedMap(new WeakHashMap<>());

    /**
     * Below this many asks a container's siblings are tested one by one, as the hit test does; a
     * single verdict (gui.click) so costs no more than before, and a listing of many children in
     * one container pays the sort once.
     */
    private static final int ASKS_BEFORE_SORTING = 4;

    private final List<Window> stack;
    private final Map<Window, Point> onScreen = new IdentityHashMap<>();
    /** Per container asked about: how often, and once asked often, whether its children are disjoint. */
    private final Map<Container, Siblings> siblings = new IdentityHashMap<>();

    /** A container's children as the sibling test sees them. */
    private static final class Siblings {
        int asks;
        Boolean disjoint;
    }

    Covering(List<Window> stack) {
        this.stack = stack;
    }

    /** The verdict of what is at the target's centre: operable, or covered by a window or a component. */
    Verdict at(Target t) {
        Window w = t.window();
        Component c = t.component();
        Rectangle b = t.bounds();
        Point inWindow = Geometry.toWindow(c, b.x + b.width / 2, b.y + b.height / 2, w);
        Point origin = screen(w);
        int sx = inWindow.x + origin.x;
        int sy = inWindow.y + origin.y;
        for (int i = stack.indexOf(w) + 1; i < stack.size(); i++) {
            Window above = stack.get(i);
            if (above.getBounds().contains(sx, sy)) {
                return Verdict.refused("it is covered at its centre by the window '" + SwingViewRegistry.name(above) + "'",
                        SwingViewRegistry.name(above));
            }
        }
        if (reaches(c, w, inWindow.x, inWindow.y)) {
            return Verdict.OPERABLE;
        }
        Component hit = SwingUtilities.getDeepestComponentAt(w, inWindow.x, inWindow.y);
        if (hit == null || hit == c || SwingUtilities.isDescendingFrom(hit, c)) {
            return Verdict.OPERABLE;
        }
        return Verdict.refused("it is covered at its centre by '" + SwingViewRegistry.name(hit) + "'", SwingViewRegistry.name(hit));
    }

    /** Where SwingUtilities.convertPointToScreen puts a window's origin (its location on screen, else its location). */
    private Point screen(Window w) {
        return onScreen.computeIfAbsent(w, x -> {
            try {
                return x.getLocationOnScreen();
            } catch (IllegalComponentStateException e) {
                return x.getLocation();
            }
        });
    }

    /**
     * True only when {@code getDeepestComponentAt(w, x, y)} is null, {@code c}, or inside {@code c}.
     * The hit test descends from the window's root, at each level into the first visible child (in
     * z-order, topmost first) that contains the point; so it reaches {@code c} when, along
     * {@code c}'s ancestor chain, every ancestor contains the point and no sibling above it does.
     * False means "not proven", never "covered".
     */
    private boolean reaches(Component c, Window w, int x, int y) {
        if (!w.contains(x, y)) {
            return true;
        }
        if (!(c instanceof Container)) {
            return false;
        }
        int depth = 0;
        for (Component a = c; a != w; a = a.getParent()) {
            if (a == null) {
                return false;
            }
            depth++;
        }
        Component[] chain = new Component[depth + 1];
        int i = depth;
        for (Component a = c; i >= 0; a = a.getParent()) {
            chain[i--] = a;
        }
        int px = x;
        int py = y;
        for (int level = 1; level <= depth; level++) {
            Container parent = (Container) chain[level - 1];
            Component child = chain[level];
            if (!child.isVisible()) {
                return false;
            }
            Point loc = child.getLocation();
            int cx = px - loc.x;
            int cy = py - loc.y;
            if (!child.contains(cx, cy) || siblingAboveCatches(parent, child, px, py)) {
                return false;
            }
            px = cx;
            py = cy;
        }
        return true;
    }

    /** Whether a visible sibling above {@code child} (lower index) would take the hit at (x, y), in the parent's coordinates. */
    private boolean siblingAboveCatches(Container parent, Component child, int x, int y) {
        if (inside(child, x, y) && disjoint(parent)) {
            // Every visible sibling answers contains() from its bounds, and no bounds overlap the child's.
            return false;
        }
        for (Component s : parent.getComponents()) {
            if (s == child) {
                return false;
            }
            if (s != null && s.isVisible()) {
                Point loc = s.getLocation();
                Component r = s instanceof Container
                        ? (s.contains(x - loc.x, y - loc.y) ? s : null)
                        : s.getComponentAt(x - loc.x, y - loc.y);
                if (r != null && r.isVisible()) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Component.inside: the point, in the parent's coordinates, within the component's bounds. */
    private static boolean inside(Component c, int x, int y) {
        int dx = x - c.getX();
        int dy = y - c.getY();
        return dx >= 0 && dx < c.getWidth() && dy >= 0 && dy < c.getHeight();
    }

    /**
     * Whether the visible children of {@code parent} all test containment by their bounds, and no two
     * bounds overlap; false ("not known") while the container has been asked about only a few times.
     */
    private boolean disjoint(Container parent) {
        Siblings s = siblings.computeIfAbsent(parent, p -> new Siblings());
        if (s.disjoint == null) {
            if (++s.asks < ASKS_BEFORE_SORTING) {
                return false;
            }
            s.disjoint = computeDisjoint(parent);
        }
        return s.disjoint;
    }

    private static boolean computeDisjoint(Container parent) {
        Component[] kids = parent.getComponents();
        Rectangle[] r = new Rectangle[kids.length];
        int n = 0;
        for (Component k : kids) {
            if (k == null || !k.isVisible()) {
                continue;
            }
            if (!(k instanceof Container) || !plainContains(k)) {
                // The hit test asks a non-container getComponentAt, which may be overridden: no shortcut.
                return false;
            }
            if (k.getWidth() > 0 && k.getHeight() > 0) {
                r[n++] = k.getBounds();
            }
        }
        Rectangle[] rects = Arrays.copyOf(r, n);
        Arrays.sort(rects, Comparator.<Rectangle>comparingInt(a -> a.x).thenComparingInt(a -> a.y));
        // end[i]: the first index whose x differs from rects[i].x (rects of one column are sorted by y).
        int[] end = new int[n];
        for (int i = n - 1; i >= 0; i--) {
            end[i] = i + 1 < n && rects[i + 1].x == rects[i].x ? end[i + 1] : i + 1;
        }
        for (int i = 0; i < n; i++) {
            Rectangle a = rects[i];
            int j = i + 1;
            while (j < n && rects[j].x < a.x + a.width) {
                Rectangle b = rects[j];
                if (b.x == a.x && b.y >= a.y + a.height) {
                    j = end[j];
                    continue;
                }
                if (b.y < a.y + a.height && a.y < b.y + b.height) {
                    return false;
                }
                j++;
            }
        }
        return true;
    }

    /** Whether {@code c.contains(x, y)} is exactly the bounds test: neither the class nor its UI delegate overrides it. */
    static boolean plainContains(Component c) {
        Boolean plain = PLAIN_CONTAINS.get(c.getClass());
        if (plain == null) {
            plain = declaredBy(c.getClass(), "contains", Component.class, JComponent.class, int.class, int.class)
                    && declaredBy(c.getClass(), "inside", Component.class, Component.class, int.class, int.class);
            PLAIN_CONTAINS.put(c.getClass(), plain);
        }
        if (!plain || !(c instanceof JComponent)) {
            return plain;
        }
        ComponentUI ui = ((JComponent) c).getUI();
        if (ui == null) {
            return true;
        }
        Boolean plainUi = PLAIN_UI_CONTAINS.get(ui.getClass());
        if (plainUi == null) {
            plainUi = declaredBy(ui.getClass(), "contains", ComponentUI.class, ComponentUI.class, JComponent.class, int.class, int.class);
            PLAIN_UI_CONTAINS.put(ui.getClass(), plainUi);
        }
        return plainUi;
    }

    private static boolean declaredBy(Class<?> type, String method, Class<?> one, Class<?> other, Class<?>... params) {
        try {
            Class<?> by = type.getMethod(method, params).getDeclaringClass();
            return by == one || by == other;
        } catch (NoSuchMethodException | SecurityException e) {
            return false;
        }
    }
}
