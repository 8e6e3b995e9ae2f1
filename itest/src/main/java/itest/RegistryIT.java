package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.awt.EventQueue;
import java.awt.Frame;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import javax.swing.AbstractButton;
import javax.swing.JButton;
import javax.swing.JDialog;
import javax.swing.JPasswordField;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import probe.api.wire.Wire;
import probe.client.ProbeClient;
import probe.client.ProbeOpException;

/** The registry's eyes against the real app: gui.list, gui.audit, gui.wait, resolution errors, secrets. */
@ExtendWith(WithApp.class)
@ExtendWith(Bounded.class)
class RegistryIT {

    private static Set<String> identifiers(JsonNode items) {
        Set<String> ids = new TreeSet<>();
        items.forEach(i -> {
            if (!i.get("identifier").isNull()) {
                ids.add(i.get("identifier").textValue());
            }
        });
        return ids;
    }

    @Test
    void rowsAppearAndDisappearAsVmsAreCreatedAndDeletedOnDisk() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            Path alpha = Library.writeVm("Alpha Test");
            Probe.waitFor(c, "sidebar.row.Alpha Test", "showing");
            JsonNode rows = c.call("gui.list", Wire.object().put("scope", "sidebar")).get("items");
            assertTrue(identifiers(rows).contains("sidebar.row.Alpha Test"), rows.toString());
            JsonNode row = null;
            for (JsonNode i : rows) {
                if ("sidebar.row.Alpha Test".equals(i.get("identifier").asText())) {
                    row = i;
                }
            }
            assertEquals("row", row.get("role").textValue());
            String label = row.get("label").textValue();
            assertTrue(label.contains("Alpha Test") && !label.contains("Vm["), "a row's label is what its renderer shows: " + label);
            assertTrue(row.get("visible").booleanValue());
            assertTrue(row.get("clickable").booleanValue(), row.toString());
            assertEquals(4, row.get("frame").size());
            Files.delete(alpha);
            Probe.waitFor(c, "sidebar.row.Alpha Test", "hidden");
            assertFalse(identifiers(c.call("gui.list", Wire.object().put("scope", "sidebar")).get("items")).contains("sidebar.row.Alpha Test"));
        }
    }

    @Test
    void theCreateVmDialogListsExactlyItsControlsAndNothingNeedsFixing() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            AbstractButton create = (AbstractButton) Swing.named("toolbar.button.createVM");
            EventQueue.invokeLater(create::doClick);
            c.call("gui.wait", Wire.object().put("dialog", "createVM").put("state", "open").put("timeoutMillis", 10000));
            JsonNode items = c.call("gui.list", Wire.object().put("scope", "dialog")).get("items");
            Set<String> ids = identifiers(items);
            for (String id : ids) {
                assertTrue(id.equals("dialog.createVM") || id.startsWith("dialog.createVM."), "not of the dialog: " + id);
            }
            for (String id : Set.of("dialog.createVM", "dialog.createVM.input.name", "dialog.createVM.combo.os",
                    "dialog.createVM.spinner.cpus", "dialog.createVM.toggle.encrypt", "dialog.createVM.button.create",
                    "dialog.createVM.button.cancel")) {
                assertTrue(ids.contains(id), id + " missing from " + ids);
            }
            assertFalse(ids.contains("dialog.createVM.input.password"), "the password field shows only while encrypting");
            for (JsonNode i : items) {
                if ("dialog.createVM.button.create".equals(i.get("identifier").asText())) {
                    assertFalse(i.get("enabled").booleanValue(), "Create is disabled until the input is valid");
                    assertFalse(i.get("clickable").booleanValue());
                    assertEquals("it is disabled", i.get("reason").textValue());
                }
            }
            assertEquals(0, c.call("gui.audit").get("problems").size(), c.call("gui.audit").toString());

            // Behind the modal dialog the main window's controls are listed, but not clickable, and say why.
            JsonNode toolbar = c.call("gui.list", Wire.object().put("scope", "toolbar.button.createVM")).get("items");
            assertEquals(1, toolbar.size(), toolbar.toString());
            assertFalse(toolbar.get(0).get("clickable").booleanValue(), toolbar.toString());
            assertEquals("it is behind the modal dialog 'dialog.createVM'", toolbar.get(0).get("reason").textValue());
        }
    }

    @Test
    void aPasswordNeverLeavesTheProcess() throws Exception {
        String secret = "Hunter2-" + System.nanoTime();
        try (ProbeClient c = Fixture.client()) {
            AbstractButton create = (AbstractButton) Swing.named("toolbar.button.createVM");
            EventQueue.invokeLater(create::doClick);
            c.call("gui.wait", Wire.object().put("dialog", "createVM").put("state", "open").put("timeoutMillis", 10000));
            Swing.onEdt(() -> {
                ((AbstractButton) Swing.named("dialog.createVM.toggle.encrypt")).doClick();
                return null;
            });
            Probe.waitFor(c, "dialog.createVM.input.password", "showing");
            Swing.onEdt(() -> {
                ((JPasswordField) Swing.named("dialog.createVM.input.password")).setText(secret);
                return null;
            });
            StringBuilder replies = new StringBuilder();
            for (String scope : new String[] {"dialog", "window", "dialog.createVM.input"}) {
                replies.append(c.call("gui.list", Wire.object().put("scope", scope)));
            }
            replies.append(c.call("gui.audit"));
            JsonNode field = null;
            for (JsonNode i : c.call("gui.list", Wire.object().put("scope", "dialog.createVM.input.password")).get("items")) {
                field = i;
            }
            assertEquals(secret.length(), field.get("length").intValue(), "a password field reports only its length");
            assertFalse(field.has("value"));
            assertFalse(replies.toString().contains(secret), "the password appeared in a reply");
        }
    }

    @Test
    void missingAndAmbiguousIdentifiersAreNeverGuessed() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            ProbeOpException missing = assertThrows(ProbeOpException.class,
                    () -> c.call("gui.screenshot", Wire.object().put("scope", "toolbar.button.createWM")));
            assertEquals("gui.identifier_not_found", missing.code());
            assertEquals("toolbar.button.createVM", missing.details().get("nearest").get(0).textValue());

            // A second showing control with the app's identifier: the probe must refuse to pick one.
            Swing.onEdt(() -> {
                JDialog twin = new JDialog((Frame) Swing.named("main"), "twin", false);
                twin.setName("dialog.twin");
                JButton b = new JButton("Create VM");
                b.setName("toolbar.button.createVM");
                twin.add(b);
                twin.setBounds(900, 500, 200, 100);
                twin.setVisible(true);
                return null;
            });
            c.call("gui.wait", Wire.object().put("dialog", "twin").put("state", "open"));
            ProbeOpException ambiguous = assertThrows(ProbeOpException.class,
                    () -> c.call("gui.screenshot", Wire.object().put("scope", "toolbar.button.createVM")));
            assertEquals("gui.identifier_ambiguous", ambiguous.code());
            assertEquals(2, ambiguous.details().get("candidates").size(), ambiguous.details().toString());
            JsonNode problems = c.call("gui.audit").get("problems");
            assertEquals(2, problems.size(), problems.toString());
            assertEquals("shared identifier", problems.get(0).get("problem").textValue());
        }
    }

    @Test
    void waitTimesOutWithTheLastStateSeen() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            long t0 = System.nanoTime();
            // A dialog the app has, which nothing opens here (a name the app never uses is answered at once: ArgumentsIT).
            ProbeOpException e = assertThrows(ProbeOpException.class, () -> c.call("gui.wait",
                    Wire.object().put("dialog", "about").put("state", "open").put("timeoutMillis", 300)));
            assertEquals("gui.timeout", e.code());
            assertEquals("closed", e.details().get("lastState").textValue());
            assertTrue((System.nanoTime() - t0) / 1_000_000 >= 300);
            ProbeOpException bad = assertThrows(ProbeOpException.class, () -> c.call("gui.wait", Wire.object().put("identifier", "main")));
            assertEquals("gui.invalid_args", bad.code());
        }
    }
}
