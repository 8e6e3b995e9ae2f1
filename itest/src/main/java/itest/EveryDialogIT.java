package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import probe.api.wire.Wire;
import probe.client.ProbeClient;

/**
 * Every dialog of the HVM GUI, opened the way a person opens it (the app's own buttons and menus,
 * clicked through the probe): it lists only its own controls, it is current, and nothing in it
 * needs an identifier.
 */
@ExtendWith(WithApp.class)
@ExtendWith(Bounded.class)
class EveryDialogIT {

    private static void call(ProbeClient c, String op, String key, String value) throws Exception {
        c.call(op, Wire.object().put(key, value));
    }

    /** The dialog is current, lists only its own identifiers, and the audit of every showing window is empty. */
    private static void check(ProbeClient c, String name, List<String> problems) throws Exception {
        assertEquals(name, c.call("gui.dialog.current").get("name").asText());
        for (JsonNode i : c.call("gui.list", Wire.object().put("scope", "dialog")).get("items")) {
            String id = i.get("identifier").asText();
            if (!id.equals("dialog." + name) && !id.startsWith("dialog." + name + ".")) {
                problems.add(name + " lists " + id);
            }
        }
        for (JsonNode p : c.call("gui.audit").get("problems")) {
            problems.add(name + ": " + p.get("problem").asText() + " " + p.get("identifier") + " " + p.get("type").asText());
        }
    }

    @Test
    void everyDialogIsFullyNamedAndListsOnlyItsOwnControls() throws Exception {
        String vm = "Dialogs " + System.nanoTime() % 100000;
        Library.writeVm(vm);
        List<String> problems = new ArrayList<>();
        try (ProbeClient c = Fixture.client()) {
            c.call("gui.wait", Wire.object().put("identifier", "sidebar.row." + vm).put("state", "showing").put("timeoutMillis", 15000));
            call(c, "gui.click", "identifier", "sidebar.row." + vm);
            String[][] byButton = {
                {"detail.button.editConfig", "editConfig"}, {"detail.button.clone", "clone"}, {"detail.button.snapshot", "snapshot"},
                {"detail.button.diskAdd", "diskAdd"}, {"detail.button.diskResize", "diskResize"}, {"detail.button.delete", "confirm"},
                {"toolbar.button.createVM", "createVM"}, {"menu.help.about", "about"},
            };
            for (String[] b : byButton) {
                call(c, "gui.click", "identifier", b[0]);
                Probe.waitDialog(c, b[1], "open");
                check(c, b[1], problems);
                call(c, "gui.keypress", "key", "esc");
                Probe.waitDialog(c, b[1], "closed");
            }

            // A dialog over a dialog: the ISO chooser from Create VM.
            call(c, "gui.click", "identifier", "toolbar.button.createVM");
            Probe.waitDialog(c, "createVM", "open");
            call(c, "gui.click", "identifier", "dialog.createVM.button.browse");
            Probe.waitDialog(c, "chooseIso", "open");
            check(c, "chooseIso", problems);
            call(c, "gui.keypress", "key", "esc");
            Probe.waitDialog(c, "chooseIso", "closed");
            // Without a window manager (Xvfb) no focus returns to Create VM after the chooser closes; a person clicks into it.
            c.call("gui.keypress", Wire.object().put("key", "esc").put("identifier", "dialog.createVM.input.name"));
            Probe.waitDialog(c, "createVM", "closed");
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }
}
