package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import probe.api.wire.Wire;

/**
 * A user's hands, through the CLI only, over the real socket, against the real app: create an
 * encrypted VM, start it with a wrong and then the right password, and the refusals a hand meets.
 */
@ExtendWith(WithApp.class)
@ExtendWith(Bounded.class)
class UserFlowIT {

    private static JsonNode item(String identifier) throws Exception {
        JsonNode data = Wire.mapper().readTree(Cli.run("--json", "gui", "list", "--scope", identifier).ok().out());
        for (JsonNode i : data.get("items")) {
            if (identifier.equals(i.get("identifier").asText())) {
                return i;
            }
        }
        throw new AssertionError("no item " + identifier + " in " + data);
    }

    private static void click(String identifier) throws Exception {
        Cli.run("gui", "click", "--identifier", identifier).ok();
    }

    private static void waitDialog(String name, String state) throws Exception {
        Cli.run("gui", "wait", "--dialog", name, "--state", state, "--timeout-ms", "15000").ok();
    }

    private static void waitFor(String identifier, String state) throws Exception {
        Cli.run("gui", "wait", "--identifier", identifier, "--state", state, "--timeout-ms", "15000").ok();
    }

    @Test
    void createAnEncryptedVmAndStartItWithNothingButTheCli() throws Exception {
        String name = "Secure VM " + System.nanoTime() % 100000;
        String secret = "s3cret-" + System.nanoTime();

        click("toolbar.button.createVM");
        waitDialog("createVM", "open");
        Cli.run("gui", "type", "--identifier", "dialog.createVM.input.name", "--text", name).ok();
        click("dialog.createVM.toggle.encrypt");
        waitFor("dialog.createVM.input.password", "showing");
        Cli.Result typed = Cli.runWithInput(secret + "\n", "gui", "type", "--identifier", "dialog.createVM.input.password", "--text-stdin").ok();
        assertFalse((typed.out() + typed.err()).contains(secret), "the CLI never echoes typed text");
        Cli.runWithInput(secret, "gui", "type", "--identifier", "dialog.createVM.input.confirm", "--text-stdin").ok();
        assertEquals(secret.length(), item("dialog.createVM.input.password").get("length").intValue());
        waitFor("dialog.createVM.button.create", "enabled");
        click("dialog.createVM.button.create");
        waitDialog("createVM", "closed");
        waitFor("sidebar.row." + name, "showing");

        Path file = vmFile(name);
        String json = Files.readString(file);
        assertTrue(json.contains("\"encrypted\":true") || json.contains("\"encrypted\" : true"), json);
        assertFalse(json.contains(secret), "the password is never stored");

        click("sidebar.row." + name);
        assertTrue(item("sidebar.row." + name).get("selected").booleanValue());
        waitFor("detail.button.start", "enabled");
        click("detail.button.start");
        waitDialog("encryptionPassword", "open");
        Cli.run("gui", "audit", "--strict").ok();
        Cli.runWithInput("not-" + secret, "gui", "type", "--identifier", "dialog.encryptionPassword.input.password", "--text-stdin").ok();
        Cli.run("gui", "keypress", "--key", "return").ok();
        waitDialog("error", "open");
        Cli.run("gui", "audit", "--strict").ok();
        Cli.run("gui", "keypress", "--key", "esc").ok();
        waitDialog("error", "closed");

        JsonNode current = Wire.mapper().readTree(Cli.run("--json", "gui", "dialog").ok().out());
        if (!"encryptionPassword".equals(current.get("name").asText())) {
            click("detail.button.start");
            waitDialog("encryptionPassword", "open");
        }
        Cli.runWithInput(secret, "gui", "type", "--identifier", "dialog.encryptionPassword.input.password", "--text-stdin", "--replace").ok();
        click("dialog.encryptionPassword.button.submit");
        waitDialog("encryptionPassword", "closed");
        waitFor("detail.button.stop", "enabled");
        assertEquals("Running", item("detail.label.state").get("value").textValue());
    }

    private static Path vmFile(String name) throws Exception {
        try (Stream<Path> files = Files.list(Fixture.library().resolve("vms"))) {
            for (Path f : (Iterable<Path>) files::iterator) {
                if (f.toString().endsWith(".json") && Files.readString(f).contains("\"" + name + "\"")) {
                    return f;
                }
            }
        }
        throw new AssertionError("no VM file for " + name);
    }

    @Test
    void anInstallationImageIsChosenThroughTheFileChooserWithNothingButTheCli() throws Exception {
        String name = "With ISO " + System.nanoTime() % 100000;
        Path dir = Files.createTempDirectory("hvm-images");
        Path iso = Files.writeString(dir.resolve("installer.iso"), "not really an image");
        try {
            click("toolbar.button.createVM");
            waitDialog("createVM", "open");
            Cli.run("gui", "type", "--identifier", "dialog.createVM.input.name", "--text", name).ok();
            click("dialog.createVM.button.browse");
            waitDialog("chooseIso", "open");
            // The chooser is a modal dialog over Create VM: its controls are operable, Create VM's are not.
            Cli.Result behind = Cli.run("gui", "click", "--identifier", "dialog.createVM.button.browse");
            assertEquals(1, behind.exit(), behind.out());
            assertTrue(behind.err().contains("behind the modal dialog 'dialog.chooseIso'"), behind.err());
            Cli.run("gui", "type", "--identifier", "dialog.chooseIso.input.fileName", "--text", iso.toString(), "--replace").ok();
            click("dialog.chooseIso.button.open");
            waitDialog("chooseIso", "closed");
            assertEquals(iso.toString(), item("dialog.createVM.input.iso").get("value").textValue());
            click("dialog.createVM.button.create");
            waitDialog("createVM", "closed");
            waitFor("sidebar.row." + name, "showing");
            assertTrue(Files.readString(vmFile(name)).contains(iso.toString()), "the VM keeps the image's path");
        } finally {
            Files.deleteIfExists(iso);
            Files.deleteIfExists(dir);
        }
    }

    @Test
    void whatAHandCannotDoIsRefusedWithTheReason() throws Exception {
        click("toolbar.button.createVM");
        waitDialog("createVM", "open");
        Cli.Result disabled = Cli.run("gui", "click", "--identifier", "dialog.createVM.button.create");
        assertEquals(1, disabled.exit(), disabled.out());
        assertTrue(disabled.err().contains("gui.not_clickable") && disabled.err().contains("disabled"), disabled.err());
        Cli.Result behind = Cli.run("gui", "click", "--identifier", "toolbar.button.createVM");
        assertEquals(1, behind.exit());
        assertTrue(behind.err().contains("gui.not_clickable") && behind.err().contains("dialog.createVM"), behind.err());
        // What the lines leave out of each control behind the dialog is said once, in every format.
        String modal = " controls are behind the modal dialog 'dialog.createVM': close or operate it first";
        for (String[] format : new String[][] {{}, {"--format", "text"}, {"--format", "text", "--query", "toolbar"}}) {
            List<String> args = new ArrayList<>(List.of("gui", "list"));
            args.addAll(List.of(format));
            String listed = Cli.run(args.toArray(String[]::new)).ok().out();
            assertTrue(listed.contains(modal), String.join(" ", format) + ": " + listed);
        }
        Cli.run("gui", "keypress", "--key", "Escape").ok();
        waitDialog("createVM", "closed");
        Cli.Result unknown = Cli.run("gui", "keypress", "--key", "hyper");
        assertEquals(1, unknown.exit());
        assertTrue(unknown.err().contains("gui.unknown_key"), unknown.err());
    }

    @Test
    void cjkTextArrivesIntactAndEnterSubmits() throws Exception {
        String name = "虚拟机 テスト 가상 " + System.nanoTime() % 1000;
        click("toolbar.button.createVM");
        waitDialog("createVM", "open");
        Cli.run("gui", "type", "--identifier", "dialog.createVM.input.name", "--text", name).ok();
        assertEquals(name, item("dialog.createVM.input.name").get("value").textValue());
        Cli.run("gui", "keypress", "--key", "return", "--identifier", "dialog.createVM.input.name").ok();
        waitDialog("createVM", "closed");
        waitFor("sidebar.row." + name, "showing");
    }

    @Test
    void aRowsContextMenuItemWorks() throws Exception {
        String name = "Context " + System.nanoTime() % 100000;
        Library.writeVm(name);
        waitFor("sidebar.row." + name, "showing");
        Cli.run("gui", "click", "--identifier", "sidebar.row." + name, "--button", "right").ok();
        waitFor("sidebar.menu.clone", "showing");
        click("sidebar.menu.clone");
        waitDialog("clone", "open");
        Cli.run("gui", "keypress", "--key", "esc").ok();
        waitDialog("clone", "closed");
    }
}
