package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.awt.Dialog;
import java.awt.Window;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import probe.api.wire.Wire;
import probe.client.ProbeClient;
import probe.client.ProbeOpException;

/**
 * gui.close against a real close: for each dialog of the app a test can open, and for a dialog
 * behind another modal dialog (Create VM behind its file chooser), the window manager's close is
 * sent for real, as the X client message WM_PROTOCOLS / WM_DELETE_WINDOW to the dialog's X window
 * (itest/wm_delete_window.py, libX11 through python3's ctypes), and the same scene is set up again
 * for gui.close. Whatever gui.close does (closes it, or refuses it as blocked) the real close does
 * too: the dialogs left open afterwards are the same, and gui.close refuses exactly where AWT
 * dropped the real close. The receipt of each close says the dialog closed.
 */
@ExtendWith(WithApp.class)
@ExtendWith(Bounded.class)
class CloseIT {
    private static final String VM = "Close VM";
    private static final long PROCESS_SECONDS = 10;
    /**
     * The receipt's settling, generous: on a loaded machine the EDT may stay busy past the default
     * 100 ms, and a receipt taken then has only its events (PROTOCOL.md, "Receipts").
     */
    private static final int SETTLE_MILLIS = 5000;

    /** One scene: how to open it, and which dialog of it is closed. */
    private record Scene(String label, String dialog, Setup setup) {
    }

    @FunctionalInterface
    private interface Setup {
        void run() throws Exception;
    }

    /** The showing dialogs by the protocol's names, bottom first. On the EDT. */
    private static List<String> openDialogs() throws Exception {
        return Swing.onEdt(() -> {
            List<String> names = new ArrayList<>();
            for (Window w : Window.getWindows()) {
                if (w instanceof Dialog && w.isShowing()) {
                    String n = w.getName();
                    names.add(n != null && n.startsWith("dialog.") ? n.substring("dialog.".length()) : n);
                }
            }
            names.sort(null);
            return names;
        });
    }

    private static void closeAll() throws Exception {
        Swing.closeDialogs();
        Swing.settle();
    }

    private static void click(ProbeClient c, String identifier) {
        c.call("gui.click", Wire.object().put("identifier", identifier));
    }

    /** Runs a command within {@value #PROCESS_SECONDS} s, {@code stdin} as its input; its output. Fails unless it exits with 0. */
    private static String run(byte[] stdin, List<String> cmd) throws Exception {
        return Command.ok(stdin, cmd, java.time.Duration.ofSeconds(PROCESS_SECONDS));
    }

    /** A POSIX extended regular expression matching {@code s} exactly, for xdotool search. */
    private static String exactly(String s) {
        StringBuilder b = new StringBuilder("^");
        for (char ch : s.toCharArray()) {
            if ("\\.[]()*+?{}|^$".indexOf(ch) >= 0) {
                b.append('\\');
            }
            b.append(ch);
        }
        return b.append('$').toString();
    }

    /** The X window id of the showing window titled {@code title} (there must be exactly one). */
    private static String xid(String title) throws Exception {
        List<String> ids = XSearch.visible(0, exactly(title));
        assertEquals(1, ids.size(), "X windows titled '" + title + "': " + ids);
        return ids.get(0);
    }

    private static String title(String dialog) throws Exception {
        return Swing.onEdt(() -> {
            for (Window w : Window.getWindows()) {
                if (w instanceof Dialog && w.isShowing() && ("dialog." + dialog).equals(w.getName())) {
                    return ((Dialog) w).getTitle();
                }
            }
            throw new AssertionError("the dialog " + dialog + " is not showing");
        });
    }

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES) // some 20 scenes opened through the GUI, each twice
    void guiCloseDoesWhatTheWindowManagersCloseDoes() throws Exception {
        XMarker marker = XMarker.show("close");
        List<String> disagreements = new ArrayList<>();
        List<String> report = new ArrayList<>();
        int refused = 0;
        try (ProbeClient c = Fixture.client()) {
            closeAll();
            Library.writeVm(VM);
            Probe.waitFor(c, "sidebar.row." + VM, "showing");
            List<Scene> scenes = new ArrayList<>();
            String[][] byButton = {
                {"detail.button.editConfig", "editConfig"}, {"detail.button.clone", "clone"}, {"detail.button.snapshot", "snapshot"},
                {"detail.button.diskAdd", "diskAdd"}, {"detail.button.diskResize", "diskResize"}, {"detail.button.delete", "confirm"},
                {"toolbar.button.createVM", "createVM"}, {"menu.help.about", "about"},
            };
            for (String[] b : byButton) {
                scenes.add(new Scene(b[1], b[1], () -> {
                    closeAll();
                    click(c, "sidebar.row." + VM);
                    click(c, b[0]);
                    Probe.waitDialog(c, b[1], "open");
                }));
            }
            Setup chooser = () -> {
                closeAll();
                click(c, "toolbar.button.createVM");
                Probe.waitDialog(c, "createVM", "open");
                click(c, "dialog.createVM.button.browse");
                Probe.waitDialog(c, "chooseIso", "open");
            };
            scenes.add(new Scene("chooseIso over createVM", "chooseIso", chooser));
            scenes.add(new Scene("createVM behind chooseIso", "createVM", chooser));

            for (Scene s : scenes) {
                s.setup().run();
                String title = title(s.dialog());
                closeAndSync(marker, xid(title));
                Swing.settle();
                List<String> afterReal = openDialogs();
                boolean realClosed = !afterReal.contains(s.dialog());

                s.setup().run();
                List<String> before = openDialogs();
                boolean probeRefused = false;
                JsonNode data = null;
                try {
                    data = c.call("gui.close", Wire.object().put("dialog", s.dialog()).put("settleMillis", SETTLE_MILLIS));
                } catch (ProbeOpException e) {
                    assertEquals("gui.not_clickable", e.code(), s.label() + ": " + e);
                    assertEquals(s.dialog(), e.details().path("dialog").asText(), e.details().toString());
                    assertTrue(e.getMessage().contains("behind the modal dialog"), e.getMessage());
                    probeRefused = true;
                    refused++;
                }
                List<String> afterProbe = openDialogs();
                if (probeRefused) {
                    assertEquals(before, afterProbe, s.label() + ": a refused close changes nothing");
                } else {
                    boolean closed = data.get("closed").asBoolean();
                    assertEquals(!afterProbe.contains(s.dialog()), closed, s.label() + ": " + data);
                    assertEquals(s.dialog(), data.get("dialog").asText(), data.toString());
                    assertEquals(title, data.get("title").asText(), data.toString());
                    boolean inReceipt = false;
                    for (JsonNode n : data.path("effects").path("closed")) {
                        inReceipt |= s.dialog().equals(n.asText());
                    }
                    assertEquals(closed, inReceipt, s.label() + ": the receipt's closed dialogs: " + data);
                }
                report.add(s.label() + ": real close " + (realClosed ? "closed it" : "left it open") + ", gui.close "
                        + (probeRefused ? "refused" : data.get("closed").asBoolean() ? "closed it" : "left it open")
                        + "; open after: " + afterReal + " / " + afterProbe);
                if (probeRefused == realClosed || !afterReal.equals(afterProbe)) {
                    disagreements.add(report.get(report.size() - 1));
                }
            }
            closeAll();
        } finally {
            marker.close();
        }
        report.forEach(r -> System.out.println("[close] " + r));
        assertEquals(List.of(), disagreements, "scenes where gui.close and the window manager's close differ");
        assertTrue(refused >= 1, "the scene of a dialog behind a modal dialog was compared");
    }

    @Test
    void withoutADialogTheTopmostClosesAndNoDialogIsNoWindow() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            closeAll();
            // Its description, beside it in probe.click, is what the transport serves and checks its arguments with.
            com.fasterxml.jackson.databind.node.ObjectNode which = Wire.object();
            which.putArray("ops").add("gui.close");
            JsonNode described = c.call("probe.describe", which).get("ops").get(0);
            assertEquals("close", described.get("verb").asText(), described.toString());
            assertTrue(described.get("acts").asBoolean() && described.get("destructive").asBoolean(), described.toString());
            ProbeOpException empty = assertThrows(ProbeOpException.class, () -> c.call("gui.close", Wire.object().put("dialog", "")));
            assertEquals("gui.invalid_args", empty.code(), empty.toString());

            ProbeOpException none = assertThrows(ProbeOpException.class, () -> c.call("gui.close"));
            assertEquals("gui.no_window", none.code(), none.toString());
            assertEquals("no dialog is open", none.getMessage());

            click(c, "toolbar.button.createVM");
            Probe.waitDialog(c, "createVM", "open");
            ProbeOpException missing = assertThrows(ProbeOpException.class, () -> c.call("gui.close", Wire.object().put("dialog", "about")));
            assertEquals("gui.no_window", missing.code(), missing.toString());
            assertEquals("[\"createVM\"]", missing.details().get("open").toString(), missing.toString());

            click(c, "dialog.createVM.button.browse");
            Probe.waitDialog(c, "chooseIso", "open");
            JsonNode top = c.call("gui.close", Wire.object().put("settleMillis", SETTLE_MILLIS));
            assertEquals("chooseIso", top.get("dialog").asText(), top.toString());
            assertTrue(top.get("closed").asBoolean(), top.toString());
            assertEquals("[\"chooseIso\"]", top.get("effects").get("closed").toString(), top.toString());
            assertFalse(openDialogs().contains("chooseIso"));
            JsonNode next = c.call("gui.close", Wire.object().put("settleMillis", SETTLE_MILLIS));
            assertEquals("createVM", next.get("dialog").asText(), next.toString());
            assertTrue(next.get("closed").asBoolean(), next.toString());
            assertEquals(List.of(), openDialogs());
        }
    }

    /** The window manager's close sent to {@code window} by the script, returned once AWT has dispatched or dropped it. */
    private static void closeAndSync(XMarker marker, String window) throws Exception {
        int to = marker.nextX();
        byte[] script;
        try (InputStream in = CloseIT.class.getResourceAsStream("wm_delete_window.py")) {
            script = in.readAllBytes();
        }
        run(script, List.of("python3", "-", window, marker.xid(), Integer.toString(to), Integer.toString(marker.y())));
        marker.awaitMove(to);
    }
}
