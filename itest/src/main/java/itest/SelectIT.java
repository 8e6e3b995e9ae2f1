package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.awt.Color;
import java.awt.Component;
import java.awt.Container;
import java.awt.Rectangle;
import java.awt.Window;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.swing.JComboBox;
import javax.swing.JList;
import javax.swing.JToolTip;
import javax.swing.JViewport;
import javax.swing.UIManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import probe.api.wire.Wire;
import probe.client.ProbeClient;
import probe.client.ProbeOpException;

/**
 * What a hand does to choose, point and scroll, against the real app over the real socket and
 * through the real CLI: gui.select on the Create VM dialog's OS combo and on the sidebar, gui.hover
 * making a tooltip appear, gui.scroll turning the wheel over the sidebar, and the refusals.
 */
@ExtendWith(WithApp.class)
@ExtendWith(Bounded.class)
class SelectIT {
    private static final String OS = "dialog.createVM.combo.os";

    private static JsonNode item(ProbeClient c, String identifier) throws Exception {
        for (JsonNode i : c.call("gui.list", Wire.object().put("scope", identifier)).get("items")) {
            if (identifier.equals(i.path("identifier").asText(null))) {
                return i;
            }
        }
        return null;
    }

    private static void openCreateVm(ProbeClient c) throws Exception {
        c.call("gui.click", Wire.object().put("identifier", "toolbar.button.createVM"));
        Probe.waitDialog(c, "createVM", "open");
    }

    private static void closeDialog(ProbeClient c, String name) throws Exception {
        c.call("gui.keypress", Wire.object().put("key", "esc"));
        Probe.waitDialog(c, name, "closed");
    }

    @Test
    void theOsComboIsChosenByTheTextShownByItsKeyAndByItsPlace() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            openCreateVm(c);
            assertEquals("Ubuntu Linux", item(c, OS).get("value").textValue(), "a combo's value is the text it shows");

            Cli.Result byLabel = Cli.run("gui", "select", "--identifier", OS, "--label", "Fedora Linux").ok();
            assertTrue(byLabel.out().startsWith("selected \"Fedora Linux\" in " + OS + " (" + OS + ".row.fedora, index 2) "), byLabel.out());
            assertTrue(byLabel.out().contains(OS + " value=\"Fedora Linux\""), "the receipt names the combo's new value: " + byLabel.out());
            assertEquals("Fedora Linux", item(c, OS).get("value").textValue());
            Probe.waitFor(c, OS + ".popup", "hidden");

            JsonNode byRow = c.call("gui.select", Wire.object().put("identifier", OS).put("row", "windows11"));
            assertEquals(OS + ".row.windows11", byRow.get("selected").textValue());
            assertEquals("Windows 11", byRow.get("label").textValue());
            assertEquals("Windows 11", item(c, OS).get("value").textValue());
            Probe.waitFor(c, OS + ".popup", "hidden");

            JsonNode byIndex = c.call("gui.select", Wire.object().put("identifier", OS).put("index", 6));
            assertEquals("macOS", byIndex.get("label").textValue());
            assertEquals("macOS", item(c, OS).get("value").textValue());
            Probe.waitFor(c, OS + ".popup", "hidden");
            assertEquals("macOS", Swing.onEdt(() -> ((JComboBox<?>) Swing.named(OS)).getSelectedItem().toString()),
                    "the app's own combo holds the choice");

            // Opened by a hand: its rows are listed by the combo's naming, labelled with what they show.
            c.call("gui.click", Wire.object().put("identifier", OS));
            Probe.waitFor(c, OS + ".row.fedora", "showing");
            JsonNode rows = c.call("gui.list", Wire.object().put("scope", OS + ".row.")).get("items");
            assertEquals(9, rows.size(), rows.toString());
            assertEquals("Debian Linux", item(c, OS + ".row.debian").get("label").textValue());
            assertTrue(item(c, OS + ".row.macos").get("selected").booleanValue());
            c.call("gui.select", Wire.object().put("identifier", OS).put("label", "debian linux"));
            assertEquals("Debian Linux", item(c, OS).get("value").textValue(), "a label matches ignoring case when none matches exactly");
            Probe.waitFor(c, OS + ".row.fedora", "hidden");
            closeDialog(c, "createVM");
        }
    }

    @Test
    void textIsSelectedAsAHandDragsOverItAndTheListingReadsItBack() throws Exception {
        String name = "dialog.createVM.input.name";
        String password = "dialog.createVM.input.password";
        String secret = "sel-s3cret-" + System.nanoTime();
        try (ProbeClient c = Fixture.client()) {
            openCreateVm(c);
            c.call("gui.type", Wire.object().put("identifier", name).put("text", "Ubuntu Dev server"));

            Cli.Result byLabel = Cli.run("gui", "select", "--identifier", name, "--label", "Dev").ok();
            assertTrue(byLabel.out().startsWith("selected \"Dev\" in " + name + " (characters 7 to 10)"), byLabel.out());
            JsonNode field = item(c, name);
            assertEquals("[7,10]", field.get("selection").toString(), field.toString());
            assertEquals("Dev", Swing.onEdt(() -> ((javax.swing.text.JTextComponent) Swing.named(name)).getSelectedText()),
                    "the app's own field holds the selection");
            String text = c.call("gui.list", Wire.object().put("scope", "dialog.createVM").put("format", "text")).get("text").textValue();
            assertTrue(text.contains("value=\"Ubuntu Dev server\"  selected=\"Dev\""), text);

            JsonNode byOffsets = c.call("gui.select", Wire.object().put("identifier", name).put("from", 0).put("to", 6));
            assertEquals("Ubuntu", byOffsets.get("text").textValue());
            assertEquals("[0,6]", item(c, name).get("selection").toString());

            // A password's characters by offsets only; its text is in no answer, no listing.
            c.call("gui.click", Wire.object().put("identifier", "dialog.createVM.toggle.encrypt"));
            Probe.waitFor(c, password, "showing");
            c.call("gui.type", Wire.object().put("identifier", password).put("text", secret));
            Cli.Result pw = Cli.run("gui", "select", "--identifier", password, "--from", "2", "--to", "8").ok();
            assertTrue(pw.out().startsWith("selected characters 2 to 8 in " + password), pw.out());
            assertFalse(pw.out().contains(secret.substring(2, 8)), pw.out());
            JsonNode pwItem = item(c, password);
            assertEquals("[2,8]", pwItem.get("selection").toString());
            assertFalse(pwItem.has("value"), pwItem.toString());
            String all = c.call("gui.list", Wire.object().put("scope", "dialog.createVM").put("format", "text")).get("text").textValue();
            assertFalse(all.contains(secret.substring(2, 8)), all);
            ProbeOpException byText = assertThrows(ProbeOpException.class,
                    () -> c.call("gui.select", Wire.object().put("identifier", password).put("label", secret.substring(2, 8))));
            assertEquals("gui.invalid_args", byText.code());
            closeDialog(c, "createVM");
        }
    }

    @Test
    void aMissingItemNamesTheNearestAndLeavesNoPopupOpen() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            openCreateVm(c);
            ProbeOpException e = assertThrows(ProbeOpException.class, () -> c.call("gui.select", Wire.object().put("identifier", OS).put("label", "Fedra")));
            assertEquals("gui.identifier_not_found", e.code());
            assertTrue(e.getMessage().contains("Fedora Linux"), e.getMessage());
            Probe.waitFor(c, OS + ".popup", "hidden");
            assertEquals("Ubuntu Linux", item(c, OS).get("value").textValue(), "nothing was chosen");
            Cli.Result cli = Cli.run("gui", "select", "--identifier", OS, "--row", "plan9");
            assertEquals(1, cli.exit(), cli.toString());
            assertTrue(cli.err().contains("gui.identifier_not_found"), cli.err());
            closeDialog(c, "createVM");
        }
    }

    @Test
    void aComboBehindTheFileChooserIsRefusedAndTheChoosersComboShowsItsText() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            openCreateVm(c);
            c.call("gui.click", Wire.object().put("identifier", "dialog.createVM.button.browse"));
            Probe.waitDialog(c, "chooseIso", "open");
            assertEquals("Disk images (*.iso, *.img)", item(c, "dialog.chooseIso.combo.filesOfType").get("value").textValue(),
                    "the file-type combo's value is its text, not the filter's toString");

            // The chooser is modal over Create VM, and operable: its own combo is chosen by place, a tooltip shows.
            String types = "dialog.chooseIso.combo.filesOfType";
            JsonNode first = c.call("gui.select", Wire.object().put("identifier", types).put("index", 0));
            assertEquals(first.get("label").textValue(), item(c, types).get("value").textValue());
            c.call("gui.select", Wire.object().put("identifier", types).put("label", "Disk images (*.iso, *.img)"));
            assertEquals("Disk images (*.iso, *.img)", item(c, types).get("value").textValue());
            JsonNode hovered = c.call("gui.hover", Wire.object().put("identifier", "dialog.chooseIso.button.upOneLevel"));
            assertEquals("dialog.chooseIso.button.upOneLevel", hovered.get("identifier").textValue());

            Cli.Result behind = Cli.run("gui", "select", "--identifier", OS, "--label", "Fedora Linux");
            assertEquals(1, behind.exit(), behind.toString());
            assertTrue(behind.err().contains("gui.not_clickable") && behind.err().contains("dialog.chooseIso"), behind.err());
            JComboBox<?> os = (JComboBox<?>) Swing.named(OS);
            assertFalse(Swing.onEdt(os::isPopupVisible), "nothing opened behind the modal dialog");

            closeDialog(c, "chooseIso");
            assertEquals("Ubuntu Linux", item(c, OS).get("value").textValue());
            closeDialog(c, "createVM");
        }
    }

    @Test
    void sidebarRowsAreChosenByTheirTextAndByTheirName() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            Path a = Library.writeVm("Select Alpha");
            Path b = Library.writeVm("Select Beta");
            Probe.waitFor(c, "sidebar.row.Select Beta", "showing");
            String shown = item(c, "sidebar.row.Select Beta").get("label").textValue();
            assertTrue(shown.startsWith("Select Beta"), shown);

            JsonNode byLabel = c.call("gui.select", Wire.object().put("identifier", "sidebar.list").put("label", shown));
            assertEquals("sidebar.row.Select Beta", byLabel.get("selected").textValue());
            assertTrue(item(c, "sidebar.row.Select Beta").get("selected").booleanValue());
            assertEquals("Select Beta", item(c, "detail.label.name").get("value").textValue(), "the app showed the VM");

            Cli.run("gui", "select", "--identifier", "sidebar.list", "--row", "Select Alpha").ok();
            assertTrue(item(c, "sidebar.row.Select Alpha").get("selected").booleanValue());
            assertEquals("Select Alpha", item(c, "detail.label.name").get("value").textValue());
            Files.delete(a);
            Files.delete(b);
            Probe.waitFor(c, "sidebar.row.Select Alpha", "hidden");
            Probe.waitFor(c, "sidebar.row.Select Beta", "hidden");
        }
    }

    @Test
    void hoverShowsTheTooltipToListAndScreenshot() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            // Swing's Metal look and feel shows tooltips only while a window of the app has the focus;
            // without a window manager nothing gives it back after a dialog closed: a person clicks into the window.
            Component mainFrame = Swing.mainFrame();
            if (!Swing.onEdt(() -> ((Window) mainFrame).isFocused())) {
                c.call("gui.click", Wire.object().put("identifier", "sidebar.list"));
            }
            Fixture.await("the main window to have the focus", () -> {
                try {
                    return Swing.onEdt(() -> ((Window) mainFrame).isFocused());
                } catch (Exception e) {
                    return false;
                }
            });
            String button = "toolbar.button.createVM";
            String expected = item(c, button).get("tooltip").textValue();
            assertEquals("Create a new virtual machine (Ctrl+N)", expected, "gui.list gives the control's tooltip");

            Cli.Result hover = Cli.run("gui", "hover", "--identifier", button).ok();
            assertTrue(hover.out().contains("tooltip \"" + expected + "\""), hover.out());

            JsonNode tip = null;
            for (JsonNode i : c.call("gui.list", Wire.object().put("scope", "window")).get("items")) {
                if ("tooltip".equals(i.path("role").asText())) {
                    tip = i;
                }
            }
            assertNotNull(tip, "gui.list sees the tooltip");
            assertEquals(expected, tip.get("label").textValue());
            assertEquals(button, tip.get("for").textValue());

            // The screenshot shows it: most of its pixels have the tooltip's background.
            Rectangle onScreen = Swing.onEdt(() -> {
                JToolTip t = showingTip();
                return t == null ? null : new Rectangle(t.getLocationOnScreen(), t.getSize());
            });
            assertNotNull(onScreen, "the tooltip window shows");
            Rectangle main = Swing.screenBounds(Swing.mainFrame());
            BufferedImage shot = ScreenshotIT.decode(c.call("gui.screenshot", Wire.object().put("format", "png")));
            Color bg = Swing.onEdt(() -> UIManager.getColor("ToolTip.background"));
            int same = 0;
            int all = 0;
            for (int y = onScreen.y + 2; y < onScreen.y + onScreen.height - 2; y++) {
                for (int x = onScreen.x + 2; x < onScreen.x + onScreen.width - 2; x++) {
                    all++;
                    if ((shot.getRGB(x - main.x, y - main.y) & 0xFFFFFF) == (bg.getRGB() & 0xFFFFFF)) {
                        same++;
                    }
                }
            }
            assertTrue(same > all / 2, same + " of " + all + " pixels of the tooltip's place have its background");

            // The pointer moves on: the tooltip goes, as under a hand.
            JsonNode plain = c.call("gui.hover", Wire.object().put("identifier", "status.label.summary"));
            assertTrue(plain.get("tooltip").isNull(), plain.toString());
            assertNull(Swing.onEdt(SelectIT::showingTip), "the tooltip hid when the pointer left its control");
        }
    }

    private static JToolTip showingTip() {
        for (Window w : Window.getWindows()) {
            JToolTip t = w.isShowing() ? find(w) : null;
            if (t != null) {
                return t;
            }
        }
        return null;
    }

    private static JToolTip find(Container c) {
        for (Component child : c.getComponents()) {
            if (child instanceof JToolTip && child.isShowing()) {
                return (JToolTip) child;
            }
            if (child instanceof Container) {
                JToolTip t = find((Container) child);
                if (t != null) {
                    return t;
                }
            }
        }
        return null;
    }

    @Test
    void theWheelScrollsTheSidebar() throws Exception {
        List<Path> written = new ArrayList<>();
        try (ProbeClient c = Fixture.client()) {
            @SuppressWarnings("unchecked")
            JList<Object> list = (JList<Object>) Swing.named("sidebar.list");
            // Enough VMs to overflow the sidebar's view, but fewer than twice what it shows: the
            // wheel turns at the list's centre, which must be in view.
            int rows = Swing.onEdt(() -> list.getModel().getSize());
            int view = Swing.onEdt(() -> ((JViewport) list.getParent()).getExtentSize().height);
            int rowHeight = Swing.onEdt(() -> list.getModel().getSize() == 0 ? 0 : list.getCellBounds(0, 0).height);
            for (int i = 0; rowHeight == 0 || rows * rowHeight < view * 1.4; i++) {
                String name = String.format("Wheel %02d", i);
                written.add(Library.writeVm(name));
                Probe.waitFor(c, "sidebar.row." + name, "showing");
                rows = Swing.onEdt(() -> list.getModel().getSize());
                rowHeight = Swing.onEdt(() -> list.getCellBounds(0, 0).height);
            }
            assertTrue(rows * rowHeight < 2 * view, "fewer rows than twice the view: " + rows + " rows of " + rowHeight + " in " + view);
            Swing.onEdt(() -> {
                list.ensureIndexIsVisible(0);
                return null;
            });
            List<String> before = visibleRows(c);
            assertFalse(before.isEmpty());

            Cli.Result down = Cli.run("gui", "scroll", "--identifier", "sidebar.list", "--dy", "3").ok();
            assertTrue(down.out().startsWith("scrolled sidebar.list 3 notches down"), down.out());
            List<String> after = visibleRows(c);
            assertFalse(after.contains(before.get(0)), "the first row scrolled out of view: " + before + " then " + after);
            // The receipt says so, as the list right after does.
            boolean named = false;
            for (String row : before) {
                String shown = row.contains(" ") ? "\"" + row + "\"" : row;
                named |= !after.contains(row) && down.out().contains(shown + " out of view");
            }
            assertTrue(named, "the receipt names a row scrolled out of " + before + ": " + down.out());
            assertTrue(Swing.onEdt(() -> list.getVisibleRect().y) > 0);

            JsonNode back = c.call("gui.scroll", Wire.object().put("identifier", "sidebar.list").put("dy", -3)).get("effects");
            assertEquals(before, visibleRows(c), "and back");
            List<String> cameIntoView = new ArrayList<>();
            for (JsonNode ch : back.get("changed")) {
                if (ch.get("field").asText().equals("visible")) {
                    assertEquals(ch.get("after").asBoolean(), before.contains(ch.get("identifier").asText()), back.toString());
                    if (ch.get("after").asBoolean()) {
                        cameIntoView.add(ch.get("identifier").asText());
                    }
                }
            }
            assertTrue(cameIntoView.contains(before.get(0)), "the receipt names the rows scrolled back into view: " + back);
        } finally {
            for (Path p : written) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** The sidebar's rows gui.list reports in view, in order. */
    private static List<String> visibleRows(ProbeClient c) throws Exception {
        List<String> out = new ArrayList<>();
        for (JsonNode i : c.call("gui.list", Wire.object().put("scope", "sidebar.row.")).get("items")) {
            if (i.path("visible").booleanValue()) {
                out.add(i.get("identifier").textValue());
            }
        }
        return out;
    }

    @Test
    void aClosedComboListsNoRows() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            openCreateVm(c);
            assertNull(item(c, OS + ".row.fedora"), "a closed combo lists no rows");
            closeDialog(c, "createVM");
        }
    }
}
