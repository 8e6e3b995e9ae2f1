package bench.inproc.legacy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Point;
import java.awt.Window;
import java.util.List;
import javax.swing.JMenu;
import javax.swing.MenuSelectionManager;
import javax.swing.SwingUtilities;
import probe.api.Args;
import probe.api.OpContext;
import probe.api.ProbeException;
import probe.api.ProbeOp;
import probe.input.Barrier;
import probe.input.Deadline;
import probe.input.Mouse;
import probe.input.Reach;
import probe.api.swing.Target;
import probe.api.swing.Verdict;
import probe.api.swing.ViewRegistry;
import probe.api.wire.Wire;

/**
 * The op as it was before the one-hop {@code Delivery} (one EDT hop to check, one to post, then
 * the barrier), kept only so that ClickTiming compares old and new in the same JVM. Built on what
 * the product exports alone (probe.api, probe.input): the menu opening it shared with {@code ClickOp},
 * package-private there, is copied below as it is there.
 * <p>
 * {@code gui.click {identifier, button, count}}: a hand's click at the centre of the control, row,
 * tab or menu item, posted to its window so hit-testing and the modality filter apply. A menu item
 * in a closed menu is reached by clicking each menu of its chain open first. The reply comes as
 * soon as the click's own handlers have run, also when one of them opened a modal dialog.
 */
public final class LegacyClickOp implements ProbeOp {
    private final ViewRegistry registry;

    public LegacyClickOp(ViewRegistry registry) {
        this.registry = registry;
    }

    /** What was posted: where, and the barrier behind it. */
    private record Posted(Point at, Barrier barrier) {
    }

    @Override
    public JsonNode execute(OpContext ctx, ObjectNode args) throws ProbeException {
        Args a = Args.of(args);
        String identifier = a.requiredString("identifier");
        Mouse.Button button = Mouse.Button.of(a.oneOf("button", "left", "left", "right", "middle"));
        int count = (int) a.integer("count", 1, 1, 2);
        Deadline deadline = Deadline.after(ctx.timeoutMillis());

        List<JMenu> closedMenus = deadline.edt(() -> {
            Target t = registry.resolve(identifier);
            Reach.check(registry, t);
            return t.menuPath();
        });
        Posted posted;
        try {
            // Unchanged by the one-hop click: ClickOp opens menus so too.
            openMenus(identifier, closedMenus, deadline);
            posted = deadline.edt(() -> {
                Target t = registry.resolve(identifier);
                if (!t.menuPath().isEmpty()) {
                    throw Reach.refusal(identifier, Verdict.refused("its menu " + name(t.menuPath().get(0))
                            + " closed before the item could be clicked", null));
                }
                Reach.check(registry, t);
                Point p = t.centreInWindow();
                Mouse.click(t.window(), p, button, count);
                return new Posted(p, Barrier.behind());
            });
        } catch (ProbeException | RuntimeException e) {
            if (!closedMenus.isEmpty()) {
                // Leave no menu open that only the probe opened.
                SwingUtilities.invokeLater(() -> MenuSelectionManager.defaultManager().clearSelectedPath());
            }
            throw e;
        }
        posted.barrier().await(deadline);

        ObjectNode data = Wire.object();
        data.put("identifier", identifier);
        data.putArray("clicked").add(posted.at().x).add(posted.at().y);
        data.put("button", button.wireName());
        data.put("count", count);
        return data;
    }

    /** {@code ClickOp.openMenus}: clicks each closed menu of {@code chain} open, in order, each within the deadline. */
    private static void openMenus(String identifier, List<JMenu> chain, Deadline deadline) throws ProbeException {
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

    /** {@code ClickOp.name}: a menu as a message names it, its identifier, else its label. */
    private static String name(JMenu menu) {
        return menu.getName() != null ? "'" + menu.getName() + "'" : "\"" + menu.getText() + "\"";
    }
}
