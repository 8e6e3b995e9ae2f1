package probe.registry.internal;

import java.awt.Component;
import java.awt.Container;
import java.awt.Dialog;
import java.awt.GraphicsConfiguration;
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
import java.util.function.Function;
import javax.swing.JComponent;
import javax.swing.JFileChooser;
import javax.swing.JPopupMenu;
import javax.swing.plaf.ComponentUI;
import probe.api.swing.Target;
import probe.api.swing.Verdict;

/**
 * Where a hand presses on a target and what the press meets there, as AWT decides it.
 *
 * <p>The point is the centre of the part of the target that shows: its bounds clipped by every
 * ancestor up to its window, and by the screen. A window above the target's window at that point
 * takes the press. Inside the window, the press goes where AWT's lightweight dispatcher sends it:
 * {@code Container.getMouseEventTarget}, a depth-first search in z-order (topmost child first) for
 * the deepest visible lightweight component that contains the point and takes mouse input; a
 * component that contains the point but takes none, with nothing inside it that does, lets the
 * search go on to the components below it (so a visible glass pane without listeners blocks
 * nothing), and a target that takes no mouse input is never where a press lands. "Takes mouse input"
 * is AWT's own filter ({@code Container.MouseEventTargetFilter}): a mouse, motion or wheel listener,
 * or mouse events enabled on the component, which Swing does exactly for a component with a popup
 * menu, with autoscrolls, for JPopupMenu and for JFileChooser; everything it reads is public.
 *
 * <p>One instance serves one listing on the EDT and remembers what the items share (the windows'
 * places, which containers have disjoint children), so the cost of an item is its own ancestor
 * chain; the full search from the window's root runs only to name what is in the way.
 */
final class Covering {
    /** Per class: whether {@code contains(x, y)} is the bounds test of Component (no override of contains or inside). */
    private static final Map<Class<?>, Boolean> PLAIN_CONTAINS = Collections.synchronizedMap(new WeakHashMap<>());
    /** Per UI class: whether {@code contains(c, x, y)} is ComponentUI's bounds test. */
    private static final Map<Class<?>, Boolean> PLAIN_UI_CONTAINS = Collections.synchronizedMap(new WeakHashMap<>());

    /**
     * Below this many asks a container's siblings are tested one by one, as the search does; a
     * single verdict (gui.click) so costs no more than before, and a listing of many children in
     * one container pays the sort once.
     */
    private static final int ASKS_BEFORE_SORTING = 4;

    private final List<Window> stack;
    /** How a refusal names what is in the way: the identifiers of the scan this covering belongs to. */
    java.util.function.Function<Component, String> identifiers = Derived::explicit;
    private final Map<Window, Point> onScreen = new IdentityHashMap<>();
    /**
     * Each screen's bounds, asked once per instance: on some JDKs (Debian's 17.0.15, say)
     * {@code GraphicsConfiguration.getBounds()} is a round trip to the X server every time, which
     * asked per item made a 500-control listing ten times slower.
     */
    private final Map<GraphicsConfiguration, Rectangle> screens = new IdentityHashMap<>();
    /** Per window: the modal dialog that keeps a press from it (null: none), asked once per instance. */
    private final Map<Window, Dialog> blockers = new IdentityHashMap<>();
    /** Per container asked about: how often, and once asked often, whether its children are disjoint. */
    private final Map<Container, Siblings> siblings = new IdentityHashMap<>();

    /** A container's children as the sibling test sees them. */
    private static final class Siblings {
        int asks;
        Boolean disjoint;
    }

    /** The part of a target that shows, in its component's coordinates, and where that component sits in its window. */
    record Shown(Rectangle part, int dx, int dy) {
        boolean empty() {
            return part.isEmpty();
        }

        /** Point (x, y) of the component, in the window's coordinates, when it lies in the part that shows; else null. */
        Point inWindow(int x, int y) {
            return part.contains(x, y) ? new Point(x + dx, y + dy) : null;
        }

        /** The centre of the part that shows, in the window's coordinates. */
        Point centreInWindow() {
            return new Point(part.x + part.width / 2 + dx, part.y + part.height / 2 + dy);
        }
    }

    Covering(List<Window> stack) {
        this.stack = stack;
    }

    /**
     * The part of {@code t} that shows: its bounds clipped by its component, by every ancestor up to
     * the window (each viewport among them), and by the screen the window is on.
     */
    Shown shown(Target t) {
        Component c = t.component();
        Rectangle r = t.bounds().intersection(new Rectangle(0, 0, c.getWidth(), c.getHeight()));
        int dx = 0;
        int dy = 0;
        Component a = c;
        while (!(a instanceof Window)) {
            Container p = a.getParent();
            if (p == null) {
                return new Shown(new Rectangle(), dx, dy);
            }
            dx += a.getX();
            dy += a.getY();
            r = r.intersection(new Rectangle(-dx, -dy, p.getWidth(), p.getHeight()));
            a = p;
        }
        Window w = (Window) a;
        if (c == w) {
            r = new Rectangle(0, 0, w.getWidth(), w.getHeight());
        }
        GraphicsConfiguration gc = w.getGraphicsConfiguration();
        if (gc != null) {
            Rectangle screen = screens.computeIfAbsent(gc, GraphicsConfiguration::getBounds);
            Point origin = screen(w);
            r = r.intersection(new Rectangle(screen.x - origin.x - dx, screen.y - origin.y - dy, screen.width, screen.height));
        }
        return new Shown(r, dx, dy);
    }

    /**
     * The verdict of a press at {@code at} (window coordinates of {@code t}'s window): operable when
     * it lands on the target's component or inside it; else what takes it.
     */
    Verdict at(Target t, Point at) {
        Window w = t.window();
        Component c = t.component();
        Point origin = screen(w);
        int sx = at.x + origin.x;
        int sy = at.y + origin.y;
        for (int i = stack.indexOf(w) + 1; i < stack.size(); i++) {
            Window above = stack.get(i);
            if (above.getBounds().contains(sx, sy)) {
                return Verdict.refused("it is covered at that point by the window '" + SwingViewRegistry.name(above, identifiers) + "'",
                        SwingViewRegistry.name(above, identifiers)).at(at);
            }
        }
        Component[] chain = chain(c, w);
        if (c == w || chain != null && reaches(chain, at.x, at.y)) {
            return Verdict.OPERABLE.at(at);
        }
        Component hit = chain == null ? target(w, at.x, at.y) : targetAlong(chain, 0, w, at.x, at.y);
        if (hit == null) {
            return Verdict.refused(Verdict.NO_MOUSE_INPUT + ": a press there reaches no control", null).at(at);
        }
        if (hit == c || isInside(hit, c)) {
            // Not proven by the chain, but the full search agrees that the press lands on it.
            return Verdict.OPERABLE.at(at);
        }
        if (isInside(c, hit)) {
            return Verdict.refused(Verdict.NO_MOUSE_INPUT + ": a press there goes to '" + SwingViewRegistry.name(hit, identifiers) + "'",
                    SwingViewRegistry.name(hit, identifiers)).at(at);
        }
        return Verdict.refused("it is covered at that point by '" + SwingViewRegistry.name(hit, identifiers) + "'", SwingViewRegistry.name(hit, identifiers)).at(at);
    }

    /** Whether {@code c} is {@code ancestor} or inside it. */
    private static boolean isInside(Component c, Component ancestor) {
        for (Component a = c; a != null; a = a.getParent()) {
            if (a == ancestor) {
                return true;
            }
        }
        return false;
    }

    /**
     * The modal dialog that keeps a press from {@code w} ({@code ask}'s answer, null for none),
     * asked once per window: it depends on the windows alone, never on the item.
     */
    Dialog blocker(Window w, Function<Window, Dialog> ask) {
        if (blockers.containsKey(w)) {
            return blockers.get(w);
        }
        Dialog d = ask.apply(w);
        blockers.put(w, d);
        return d;
    }

    /** Where SwingUtilities.convertPointToScreen puts a window's origin (its location on screen, else its location). */
    Point screen(Window w) {
        return onScreen.computeIfAbsent(w, x -> {
            try {
                return x.getLocationOnScreen();
            } catch (IllegalComponentStateException e) {
                return x.getLocation();
            }
        });
    }

    /**
     * AWT's {@code getMouseEventTarget(x, y, INCLUDE_SELF)} on {@code p}: the component a press at
     * (x, y), in {@code p}'s coordinates, is dispatched to; null when none takes it (the window then
     * gets the press itself).
     */
    static Component target(Container p, int x, int y) {
        for (Component comp : p.getComponents()) {
            if (comp != null && comp.isVisible() && comp.isLightweight() && comp.contains(x - comp.getX(), y - comp.getY())) {
                if (comp instanceof Container) {
                    Component deeper = target((Container) comp, x - comp.getX(), y - comp.getY());
                    if (deeper != null) {
                        return deeper;
                    }
                } else if (takesMouse(comp)) {
                    return comp;
                }
            }
        }
        return p.contains(x, y) && takesMouse(p) ? p : null;
    }

    /**
     * AWT's MouseEventTargetFilter from public state: listeners, or mouse events enabled, which
     * Swing does (and never undoes) for a popup menu set on a component, autoscrolls, JPopupMenu and
     * JFileChooser.
     */
    static boolean takesMouse(Component c) {
        if (c.getMouseListeners().length > 0 || c.getMouseMotionListeners().length > 0 || c.getMouseWheelListeners().length > 0) {
            return true;
        }
        if (c instanceof JComponent && (((JComponent) c).getComponentPopupMenu() != null || ((JComponent) c).getAutoscrolls())) {
            return true;
        }
        return c instanceof JPopupMenu || c instanceof JFileChooser;
    }

    /**
     * True only when the search from the chain's window lands on its last component {@code c} or
     * inside it: along the chain every component is visible, lightweight and contains the point, no sibling
     * above it would take the press, and something at the point inside {@code c} takes it.
     * False means "not proven", never "covered".
     */
    private boolean reaches(Component[] chain, int x, int y) {
        int depth = chain.length - 1;
        Component c = chain[depth];
        int px = x;
        int py = y;
        for (int level = 1; level <= depth; level++) {
            Container parent = (Container) chain[level - 1];
            Component child = chain[level];
            if (!child.isVisible() || !child.isLightweight()) {
                return false;
            }
            int cx = px - child.getX();
            int cy = py - child.getY();
            if (!child.contains(cx, cy) || siblingAboveTakes(parent, child, px, py)) {
                return false;
            }
            px = cx;
            py = cy;
        }
        return c instanceof Container ? target((Container) c, px, py) != null : takesMouse(c);
    }

    /** {@code c}'s ancestor chain from {@code w} (index 0) down to {@code c}; null when {@code c} is not inside {@code w}. */
    private static Component[] chain(Component c, Window w) {
        int depth = 0;
        for (Component a = c; a != w; a = a.getParent()) {
            if (a == null) {
                return null;
            }
            depth++;
        }
        Component[] chain = new Component[depth + 1];
        int i = depth;
        for (Component a = c; i >= 0; a = a.getParent()) {
            chain[i--] = a;
        }
        return chain;
    }

    /**
     * {@link #target(Container, int, int)} on {@code p = chain[level]}, for a point that the search
     * may meet along {@code chain}: where the chain's next child holds the point by its bounds and
     * the container's children are known {@link #disjoint}, no other child can contain the point
     * (every visible child's {@code contains} is its bounds test, and no bounds overlap), so the
     * search meets that child alone and the others are not asked. Elsewhere the full search runs.
     * The same answer as {@code target(chain[level], x, y)}; a listing of a container of 500
     * controls so costs each item its chain, not the container's children.
     */
    private Component targetAlong(Component[] chain, int level, Container p, int x, int y) {
        if (level + 1 < chain.length) {
            Component child = chain[level + 1];
            if (child.isVisible() && child.isLightweight() && inside(child, x, y) && disjoint(p)) {
                Component hit = null;
                if (child instanceof Container) {
                    hit = targetAlong(chain, level + 1, (Container) child, x - child.getX(), y - child.getY());
                } else if (takesMouse(child)) {
                    hit = child;
                }
                if (hit != null) {
                    return hit;
                }
                return p.contains(x, y) && takesMouse(p) ? p : null;
            }
        }
        return target(p, x, y);
    }

    /** Whether a sibling above {@code child} (lower index) would take a press at (x, y), in the parent's coordinates. */
    private boolean siblingAboveTakes(Container parent, Component child, int x, int y) {
        if (inside(child, x, y) && disjoint(parent)) {
            // Every visible sibling answers contains() from its bounds, and no bounds overlap the child's.
            return false;
        }
        for (Component s : parent.getComponents()) {
            if (s == child) {
                return false;
            }
            if (s != null && s.isVisible() && s.isLightweight() && s.contains(x - s.getX(), y - s.getY())) {
                boolean takes = s instanceof Container ? target((Container) s, x - s.getX(), y - s.getY()) != null : takesMouse(s);
                if (takes) {
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
            if (!plainContains(k)) {
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
