package probe.click.internal;

import java.awt.Point;
import java.awt.Window;
import java.util.List;
import javax.swing.JMenu;
import javax.swing.JTree;
import javax.swing.MenuSelectionManager;
import javax.swing.SwingUtilities;
import probe.api.ErrorCodes;
import probe.api.ProbeException;
import probe.api.swing.Target;
import probe.api.swing.Verdict;
import probe.api.swing.ViewRegistry;
import probe.input.Barrier;
import probe.input.Deadline;
import probe.input.Delivery;
import probe.input.Effects;
import probe.input.Mouse;
import probe.input.Reach;

/**
 * The way a hand reaches a control, row, tab or menu item, for gui.click and gui.hover: one EDT
 * hop when it shows; for an item in a closed menu, each menu of its chain clicked open first; for
 * a tree row under collapsed nodes, each one's handle clicked first.
 */
final class Reaching {
    private Reaching() {
    }

    /** Whether a hand may act on a target, as the registry answers ({@link Reach#check}, {@link Reach#pointer}). On the EDT. */
    interface Judge {
        Verdict verdict(ViewRegistry registry, Target t) throws ProbeException;
    }

    /** What the hand does at a target the verdict allows: posts its input and says what it did. On the EDT. */
    interface Act<T> {
        T on(Target t, Verdict v);
    }

    /** What the first hop did: acted ({@code done}), or found the item behind these closed menus. */
    private record First<T>(T done, List<JMenu> closedMenus) {
    }

    /**
     * Resolves {@code identifier}, asks the judge's verdict and acts, in one EDT hop that waits
     * behind the input ({@code effects.before(identifier)} first in it). A menu item in a closed
     * menu: its menus clicked open, then the item resolved again and acted on; a menu left open by
     * a failure on the way is closed again.
     *
     * @param what what the hand was about to do, for the refusal when the item's menu closed
     *     again before it ("the item could be clicked")
     * @return what {@code act} returned
     */
    static <T> T reach(ViewRegistry registry, Effects effects, String identifier, Deadline deadline, Judge judge, Act<T> act,
            String what) throws ProbeException {
        String expanded = null;
        for (int clicked = 0;; clicked++) {
            try {
                return reachShown(registry, effects, identifier, deadline, judge, act, what);
            } catch (ProbeException e) {
                // A tree row under a collapsed node: its handle clicked, as a hand expands what lies above, then looked for again.
                String collapsed = e.details() == null ? null : e.details().path("collapsed").textValue();
                if (collapsed == null || !ErrorCodes.NOT_CLICKABLE.equals(e.code()) || collapsed.equals(expanded)
                        || clicked >= MOST_EXPANDED) {
                    throw e;
                }
                expand(registry, collapsed, deadline);
                expanded = collapsed;
            }
        }
    }

    /** The most nodes above a row that a hand expands to reach it. */
    private static final int MOST_EXPANDED = 64;

    /**
     * Expands a collapsed tree row as a hand does: a click on its handle, or, where the tree draws
     * none for it, as many clicks on the row as toggle it (a JTree's toggle click count).
     */
    private static void expand(ViewRegistry registry, String row, Deadline deadline) throws ProbeException {
        Delivery.run(deadline, () -> {
            Target r = registry.resolve(row);
            Target handle = null;
            try {
                handle = registry.resolve(row + ".handle");
            } catch (ProbeException noHandle) {
                int toggle = r.component() instanceof JTree ? ((JTree) r.component()).getToggleClickCount() : 0;
                if (toggle <= 0) {
                    throw noHandle;
                }
                Mouse.click(r.window(), Reach.check(registry, r).at(), Mouse.Button.LEFT, toggle);
                return Delivery.posted(null);
            }
            Mouse.click(handle.window(), Reach.check(registry, handle).at(), Mouse.Button.LEFT, 1);
            return Delivery.posted(null);
        });
    }

    private static <T> T reachShown(ViewRegistry registry, Effects effects, String identifier, Deadline deadline, Judge judge,
            Act<T> act, String what) throws ProbeException {
        Delivery.Sent<First<T>> first = Delivery.run(deadline, () -> {
            Target t = effects.before(identifier);
            Verdict v = judge.verdict(registry, t);
            if (!t.menuPath().isEmpty()) {
                return Delivery.nothing(new First<T>(null, t.menuPath()));
            }
            return Delivery.posted(new First<>(act.on(t, v), List.of()));
        });
        if (first.posted()) {
            return first.value().done();
        }
        try {
            open(identifier, first.value().closedMenus(), deadline);
            return Delivery.run(deadline, () -> {
                Target t = registry.resolve(identifier);
                if (!t.menuPath().isEmpty()) {
                    throw Reach.refusal(identifier, Verdict.refused("its menu " + name(t.menuPath().get(0))
                            + " closed before " + what, null));
                }
                return Delivery.posted(act.on(t, judge.verdict(registry, t)));
            }).value();
        } catch (ProbeException | RuntimeException e) {
            // Leave no menu open that only the probe opened.
            SwingUtilities.invokeLater(() -> MenuSelectionManager.defaultManager().clearSelectedPath());
            throw e;
        }
    }

    /**
     * Clicks each menu of the chain, outermost first, and waits until its popup shows (a submenu
     * opens after its delay, as under a hand).
     */
    private static void open(String identifier, List<JMenu> chain, Deadline deadline) throws ProbeException {
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
    private static String name(JMenu menu) {
        return menu.getName() != null ? "'" + menu.getName() + "'" : "\"" + menu.getText() + "\"";
    }
}
