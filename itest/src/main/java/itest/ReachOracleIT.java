package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.awt.Component;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.swing.JList;
import javax.swing.JTabbedPane;
import javax.swing.ToolTipManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.test.common.annotation.InjectService;
import probe.api.swing.Target;
import probe.api.swing.ViewRegistry;
import probe.api.wire.Wire;
import probe.client.ProbeClient;

/**
 * The oracle of reach: in every scene of the app, for every item gui.list reports, a real X press
 * (xdotool) at the point the probe would press ({@code atOnScreen}) lands on that item's component
 * or inside it exactly when the probe says it is clickable. Where it lands is what AWT itself
 * decides (modal filters, window stacking, its mouse-event target search): an AWTEventListener sees
 * the press on the component AWT dispatched it to ({@link PressRecorder}). A press on a control the probe refuses as
 * disabled must land on it (disabled Swing controls receive presses and ignore them), and the
 * control must be disabled then.
 *
 * <p>The presses must not act: every real mouse event (presses, releases, clicks, moves and drags;
 * entries and exits pass, they only change rollover) is stopped right after the recorder has seen
 * it, before the app's listeners run, so one scene serves all its items. Tooltips are off while the
 * oracle runs so that none appears over the controls.
 */
@ExtendWith(WithApp.class)
@ExtendWith(Bounded.class)
class ReachOracleIT {
    private final List<String> disagreements = new ArrayList<>();
    private final List<String> scenes = new ArrayList<>();
    private int compared;
    private int refusedCompared;
    private int notShowing;
    private int inClosedMenus;

    /** The registry in this framework, whose verdicts and points are compared with real presses. */
    @InjectService(timeout = Fixture.WAIT_MILLIS)
    ViewRegistry registry;

    private static void xdotool(String... args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add("xdotool");
        cmd.addAll(List.of(args));
        // No pipes left open behind some 860 presses: output discarded, input closed.
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        p.getOutputStream().close();
        boolean ended = p.waitFor(10, TimeUnit.SECONDS);
        if (!ended) {
            p.destroyForcibly();
        }
        assertTrue(ended && p.exitValue() == 0, "xdotool " + String.join(" ", args));
    }

    /** Every item of the scene pressed for real where the probe would press it, the landing compared with the verdict. */
    private void compare(ProbeClient c, PressRecorder rec, XMarker marker, String scene, Callable<Boolean> intact, Setup setup) throws Exception {
        long began = System.nanoTime();
        int setups = 1;
        setup.run();
        JsonNode items = c.call("gui.list", Wire.object().put("scope", "window")).get("items");
        int before = compared;
        for (JsonNode item : items) {
            String id = item.path("identifier").asText(null);
            if (id == null) {
                continue;
            }
            if (!intact.call()) {
                setups++;
                setup.run();
            }
            // The verdict and the point now, in case the scene was set up again.
            JsonNode now = null;
            for (JsonNode i : c.call("gui.list", Wire.object().put("scope", id)).get("items")) {
                if (id.equals(i.path("identifier").asText(null))) {
                    now = i;
                }
            }
            if (now == null || !now.has("atOnScreen")) {
                if (now != null && now.has("inClosedMenu")) {
                    inClosedMenus++;
                } else {
                    notShowing++;
                }
                continue;
            }
            boolean clickable = now.get("clickable").asBoolean();
            String reason = now.path("reason").asText("");
            Target t = Swing.onEdt(() -> registry.resolve(id));
            Component comp = t.component();
            rec.pressed = null;
            rec.armed = true;
            try {
                // The press, then the marker moved by the same X client: whatever the press made
                // reaches this JVM before the marker's move does (one X client's requests are
                // processed in order, and one connection's events delivered in order), so once the
                // move is dispatched the press has been dispatched too, or dropped by the modal filter.
                int to = marker.nextX();
                xdotool("mousemove", now.get("atOnScreen").get(0).asText(), now.get("atOnScreen").get(1).asText(), "click", "1",
                        "windowmove", marker.xid(), Integer.toString(to), Integer.toString(marker.y()));
                marker.awaitMove(to);
            } finally {
                rec.armed = false;
            }
            Component landed = rec.pressed;
            boolean reached = landed != null && inside(landed, comp);
            boolean agrees;
            if (clickable) {
                agrees = reached;
            } else if (reason.equals("it is disabled") || reason.equals("the tab is disabled")) {
                boolean disabled = Swing.onEdt(() -> !comp.isEnabled()
                        || t.kind() == Target.Kind.TAB && !((JTabbedPane) comp).isEnabledAt(t.index()));
                agrees = reached && disabled;
            } else {
                agrees = !reached;
            }
            compared++;
            if (!clickable) {
                refusedCompared++;
            }
            if (!agrees) {
                disagreements.add(scene + ": " + id + " probe says " + (clickable ? "clickable" : "not clickable (" + reason + ")")
                        + " at " + now.get("atOnScreen") + "; the real press landed on " + describe(landed));
            }
        }
        scenes.add(scene + " (" + (compared - before) + " items, " + setups + (setups == 1 ? " setup, " : " setups, ")
                + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began) + " ms)");
    }

    /** Whether {@code c} is {@code ancestor} or inside it, in the same window (a window's parent is its owner). */
    private static boolean inside(Component c, Component ancestor) {
        for (Component a = c; a != null; a = a.getParent()) {
            if (a == ancestor) {
                return true;
            }
            if (a instanceof java.awt.Window) {
                return false;
            }
        }
        return false;
    }

    private static String describe(Component c) {
        if (c == null) {
            return "nothing (no component received it)";
        }
        return (c.getName() != null ? c.getName() : "unnamed") + " " + c.getClass().getSimpleName();
    }

    @FunctionalInterface
    private interface Setup {
        void run() throws Exception;
    }

    private static void click(ProbeClient c, String identifier) throws Exception {
        c.call("gui.click", Wire.object().put("identifier", identifier));
    }

    private static boolean dialogOpen(ProbeClient c, String name) throws Exception {
        JsonNode d = c.call("gui.dialog.current");
        return d.hasNonNull("name") && name.equals(d.get("name").asText());
    }

    /** Closes whatever dialogs and menus are open, as WithApp does after each test. */
    private static void closeAll() throws Exception {
        Swing.onEdt(() -> {
            javax.swing.MenuSelectionManager.defaultManager().clearSelectedPath();
            return null;
        });
        Swing.closeDialogs();
        Swing.settle();
    }

    private static void deleteAllVms() throws IOException {
        Path dir = Fixture.library().resolve("vms");
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.deleteIfExists(f);
            }
        }
    }

    private static int sidebarRows() throws Exception {
        return Swing.onEdt(() -> ((JList<?>) Swing.named("sidebar.list")).getModel().getSize());
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES) // some 860 real presses: the one test that needs more than the default bound
    void everyItemOfEverySceneIsJudgedAsARealPressLands() throws Exception {
        PressRecorder rec = new PressRecorder();
        XMarker marker = XMarker.show("reach");
        boolean tips = ToolTipManager.sharedInstance().isEnabled();
        Swing.onEdt(() -> {
            ToolTipManager.sharedInstance().setEnabled(false);
            rec.install();
            return null;
        });
        try (ProbeClient c = Fixture.client()) {
            Callable<Boolean> noDialog = () -> !c.call("gui.dialog.current").hasNonNull("name");

            // The main window with an empty library.
            closeAll();
            deleteAllVms();
            Fixture.await("an empty sidebar", () -> {
                try {
                    return sidebarRows() == 0;
                } catch (Exception e) {
                    return false;
                }
            });
            compare(c, rec, marker, "main window, empty library", noDialog, () -> { });

            // A long library: more rows than the sidebar shows, scrolled to the bottom and to the top.
            String prefix = "Oracle VM ";
            for (int i = 0; i < 31; i++) {
                Library.writeVm(prefix + String.format("%02d", i));
            }
            Probe.waitFor(c, "sidebar.row." + prefix + "30", "showing");
            Setup bottom = () -> Swing.onEdt(() -> {
                JList<?> list = (JList<?>) Swing.named("sidebar.list");
                list.ensureIndexIsVisible(list.getModel().getSize() - 1);
                return null;
            });
            compare(c, rec, marker, "main window, 31 VMs, sidebar scrolled to the bottom", noDialog, bottom);
            Setup top = () -> {
                Swing.onEdt(() -> {
                    ((JList<?>) Swing.named("sidebar.list")).ensureIndexIsVisible(0);
                    return null;
                });
                click(c, "sidebar.row." + prefix + "00");
            };
            compare(c, rec, marker, "main window, 31 VMs, at the top, a VM selected", noDialog, top);

            // Every dialog, opened as a person opens it, with a stopped VM selected.
            String[][] byButton = {
                {"detail.button.editConfig", "editConfig"}, {"detail.button.clone", "clone"}, {"detail.button.snapshot", "snapshot"},
                {"detail.button.diskAdd", "diskAdd"}, {"detail.button.diskResize", "diskResize"}, {"detail.button.delete", "confirm"},
                {"toolbar.button.createVM", "createVM"}, {"menu.help.about", "about"},
            };
            for (String[] b : byButton) {
                Setup open = () -> {
                    closeAll();
                    top.run();
                    click(c, b[0]);
                    Probe.waitDialog(c, b[1], "open");
                };
                compare(c, rec, marker, "dialog " + b[1], () -> dialogOpen(c, b[1]), open);
            }

            // Dialogs over a dialog: the ISO file chooser over Create VM, and the OS combo's popup.
            Setup chooser = () -> {
                closeAll();
                click(c, "toolbar.button.createVM");
                Probe.waitDialog(c, "createVM", "open");
                click(c, "dialog.createVM.button.browse");
                Probe.waitDialog(c, "chooseIso", "open");
            };
            compare(c, rec, marker, "dialog chooseIso over createVM", () -> dialogOpen(c, "chooseIso"), chooser);
            Setup combo = () -> {
                closeAll();
                click(c, "toolbar.button.createVM");
                Probe.waitDialog(c, "createVM", "open");
                click(c, "dialog.createVM.combo.os");
                Probe.waitFor(c, "dialog.createVM.combo.os.popup", "showing");
            };
            compare(c, rec, marker, "createVM with the OS combo's popup open", () -> Swing.onEdt(() -> {
                Component popup = Swing.named("dialog.createVM.combo.os.popup");
                return popup != null && popup.isShowing();
            }), combo);

            // Open menus: each menu of the menu bar, and a row's context menu.
            for (String menu : new String[] {"menu.file", "menu.vm", "menu.help"}) {
                Setup open = () -> {
                    closeAll();
                    top.run();
                    click(c, menu);
                };
                compare(c, rec, marker, "menu " + menu + " open", () -> Swing.onEdt(() -> ((javax.swing.JMenu) Swing.named(menu))
                        .isPopupMenuVisible()), open);
            }
            Setup context = () -> {
                closeAll();
                top.run();
                c.call("gui.click", Wire.object().put("identifier", "sidebar.row." + prefix + "00").put("button", "right"));
                Probe.waitFor(c, "sidebar.menu", "showing");
            };
            compare(c, rec, marker, "a row's context menu open", () -> Swing.onEdt(() -> {
                Component m = Swing.named("sidebar.menu");
                return m != null && m.isShowing();
            }), context);

            // A window as an application nobody here wrote shows one beside the main window: a page
            // built twice with its copy given no room, and a context menu that repeats the menu bar (IdentityIT).
            closeAll();
            javax.swing.JFrame editor = IdentityIT.show();
            try {
                Probe.waitFor(c, IdentityIT.SCENE + ".window", "showing");
                compare(c, rec, marker, "an editor beside the main window", () -> Swing.onEdt(editor::isShowing), () -> { });
                Setup popup = () -> {
                    closeAll();
                    c.call("gui.click", Wire.object().put("identifier", IdentityIT.SCENE + ".list").put("button", "right"));
                    Probe.waitFor(c, IdentityIT.SCENE + ".popup.menuItem.add", "showing");
                };
                compare(c, rec, marker, "the editor's context menu open", () -> Swing.onEdt(() -> {
                    javax.swing.JPopupMenu m = ((javax.swing.JComponent) ((javax.swing.JScrollPane) editor.getContentPane().getComponent(1))
                            .getViewport().getView()).getComponentPopupMenu();
                    return m.isShowing();
                }), popup);
            } finally {
                Swing.onEdt(() -> {
                    editor.dispose();
                    return null;
                });
            }

            closeAll();
            deleteAllVms();
        } finally {
            try {
                Swing.onEdt(() -> {
                    rec.uninstall();
                    ToolTipManager.sharedInstance().setEnabled(tips);
                    return null;
                });
            } finally {
                marker.close();
            }
        }
        System.out.println("[oracle] " + scenes.size() + " scenes, " + compared + " items pressed for real (" + refusedCompared
                + " of them refused by the probe); not pressed: " + inClosedMenus + " items of closed menus, " + notShowing
                + " items with no part in view (rows scrolled out, parts of a closed combo); "
                + disagreements.size() + " disagreements");
        for (String s : scenes) {
            System.out.println("[oracle]   " + s);
        }
        assertTrue(compared > 200, "pressed " + compared + " items");
        assertEquals(List.of(), disagreements, "items the probe judges otherwise than a real press lands");
    }
}
