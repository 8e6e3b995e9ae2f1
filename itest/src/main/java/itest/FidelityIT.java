package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Component;
import java.awt.Point;
import java.awt.Rectangle;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import javax.swing.JList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import probe.api.wire.Wire;
import probe.client.ProbeClient;

/**
 * Fidelity: each action of the user flow done by the probe and done with real X input (xdotool)
 * leaves the app in the same state. The two runs start from the same state and are compared
 * through gui.list, side by side.
 */
@ExtendWith(WithApp.class)
@ExtendWith(Bounded.class)
class FidelityIT {

    /** The state a person sees, for the identifiers under {@code prefix}: value, enabled, selected, showing. */
    private static Map<String, String> state(ProbeClient c, String prefix) throws Exception {
        Map<String, String> s = new TreeMap<>();
        for (JsonNode i : c.call("gui.list", Wire.object().put("scope", prefix)).get("items")) {
            if (i.get("identifier").isNull()) {
                continue;
            }
            s.put(i.get("identifier").asText(), "value=" + i.path("value") + " length=" + i.path("length") + " enabled="
                    + i.get("enabled") + " selected=" + i.path("selected"));
        }
        return s;
    }

    private static void xdotool(String... args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add("xdotool");
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).inheritIO().start();
        assertTrue(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0, "xdotool " + String.join(" ", args));
    }

    /** A real mouse click at the centre of the named component (or of a sidebar row), in screen coordinates. */
    private static void xclick(String identifier, String button) throws Exception {
        Point p = Swing.onEdt(() -> {
            Component c = Swing.named(identifier);
            Rectangle r;
            if (c == null && identifier.startsWith("sidebar.row.")) {
                JList<?> list = (JList<?>) Swing.named("sidebar.list");
                r = null;
                for (int i = 0; i < list.getModel().getSize(); i++) {
                    if (list.getModel().getElementAt(i).toString().contains("name=" + identifier.substring(12) + ",")) {
                        r = list.getCellBounds(i, i);
                    }
                }
                c = list;
            } else {
                r = new Rectangle(0, 0, c.getWidth(), c.getHeight());
            }
            Point at = c.getLocationOnScreen();
            return new Point(at.x + r.x + r.width / 2, at.y + r.y + r.height / 2);
        });
        xdotool("mousemove", Integer.toString(p.x), Integer.toString(p.y));
        xdotool("click", button);
    }

    private static ObjectNode id(String identifier) {
        return Wire.object().put("identifier", identifier);
    }

    @Test
    void theCreateVmDialogEndsTheSameByProbeAndByRealInput() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            c.call("gui.click", id("toolbar.button.createVM"));
            Probe.waitDialog(c, "createVM", "open");
            c.call("gui.type", id("dialog.createVM.input.name").put("text", "Fidelity"));
            c.call("gui.click", id("dialog.createVM.toggle.encrypt"));
            Probe.waitFor(c, "dialog.createVM.input.password", "showing");
            c.call("gui.type", id("dialog.createVM.input.password").put("text", "pw"));
            Map<String, String> byProbe = state(c, "dialog.createVM");
            c.call("gui.keypress", Wire.object().put("key", "esc"));
            Probe.waitDialog(c, "createVM", "closed");
            Map<String, String> afterProbe = state(c, "toolbar.");

            xclick("toolbar.button.createVM", "1");
            Probe.waitDialog(c, "createVM", "open");
            xclick("dialog.createVM.input.name", "1");
            xdotool("type", "--delay", "20", "Fidelity");
            xclick("dialog.createVM.toggle.encrypt", "1");
            Probe.waitFor(c, "dialog.createVM.input.password", "showing");
            xclick("dialog.createVM.input.password", "1");
            xdotool("type", "--delay", "20", "pw");
            Thread.sleep(200);
            Swing.settle();
            Map<String, String> byX = state(c, "dialog.createVM");
            xdotool("key", "Escape");
            Probe.waitDialog(c, "createVM", "closed");
            Map<String, String> afterX = state(c, "toolbar.");

            // Focus may rest on a different field after a real click than after typing through the probe; values must not differ.
            assertEquals(byProbe, byX, "the dialog after the same actions, by the probe (left) and by real X input (right)");
            assertEquals(afterProbe, afterX, "the main window after Esc closed the dialog");
        }
    }

    @Test
    void selectingARowAndItsContextMenuEndTheSameByProbeAndByRealInput() throws Exception {
        String name = "Fidelity Row " + System.nanoTime() % 100000;
        Library.writeVm(name);
        try (ProbeClient c = Fixture.client()) {
            Probe.waitFor(c, "sidebar.row." + name, "showing");
            c.call("gui.click", id("sidebar.row." + name));
            Map<String, String> byProbe = state(c, "sidebar.row." + name);
            Map<String, String> detailByProbe = state(c, "detail.button");
            c.call("gui.click", id("sidebar.row." + name).put("button", "right"));
            Probe.waitFor(c, "sidebar.menu.clone", "showing");
            c.call("gui.keypress", Wire.object().put("key", "esc"));
            Probe.waitFor(c, "sidebar.menu.clone", "hidden");
            Swing.onEdt(() -> {
                ((JList<?>) Swing.named("sidebar.list")).clearSelection();
                return null;
            });
            Probe.waitFor(c, "detail.button.start", "hidden");

            xclick("sidebar.row." + name, "1");
            Probe.waitFor(c, "detail.button.start", "showing");
            Map<String, String> byX = state(c, "sidebar.row." + name);
            Map<String, String> detailByX = state(c, "detail.button");
            xclick("sidebar.row." + name, "3");
            Probe.waitFor(c, "sidebar.menu.clone", "showing");
            xdotool("key", "Escape");
            Probe.waitFor(c, "sidebar.menu.clone", "hidden");

            assertEquals(byProbe, byX, "the row after a left click, by the probe and by real X input");
            assertEquals(detailByProbe, detailByX, "the detail pane's buttons after selecting the row");
        }
    }
}
