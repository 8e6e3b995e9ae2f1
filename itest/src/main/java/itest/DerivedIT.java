package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.awt.BorderLayout;
import java.awt.GridLayout;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.swing.BorderFactory;
import javax.swing.JButton;
import javax.swing.JCheckBox;
import javax.swing.JFrame;
import javax.swing.JLabel;
import javax.swing.JMenu;
import javax.swing.JMenuBar;
import javax.swing.JMenuItem;
import javax.swing.JOptionPane;
import javax.swing.JPanel;
import javax.swing.JTextField;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import probe.api.wire.Wire;
import probe.client.ProbeClient;

/**
 * A window nobody named, next to the app: the registry derives identifiers from what a person
 * sees, the same on every listing and for a rebuilt window, and every op works on them.
 */
@ExtendWith(WithApp.class)
@ExtendWith(Bounded.class)
class DerivedIT {
    private static final String SCENE = "unnamedFixture";
    private static final Set<String> EXPECTED = Set.of("unnamedFixture.window", "unnamedFixture.input.hostName",
            "unnamedFixture.button.start", "unnamedFixture.network.button.apply", "unnamedFixture.display.button.apply",
            "unnamedFixture.toggle.enabled", "unnamedFixture.toggle.enabled-2", "unnamedFixture.button.ask", "unnamedFixture.menu.file",
            "unnamedFixture.menuItem.open", "unnamedFixture.menuItem.quit");

    private JFrame frame;

    /** Builds and shows the window nobody named; the app's code, as any Swing app writes it. */
    private JFrame show() throws Exception {
        return Swing.onEdt(() -> {
            JFrame f = new JFrame("Unnamed Fixture");
            JPanel body = new JPanel(new GridLayout(0, 2));
            JLabel host = new JLabel("Host name:");
            JTextField field = new JTextField(12);
            host.setLabelFor(field);
            body.add(host);
            body.add(field);
            JButton run = new JButton("Start");
            run.setActionCommand("toggle run");
            run.addActionListener(e -> run.setText("Start".equals(run.getText()) ? "Stop" : "Start"));
            body.add(run);
            for (String title : List.of("Network", "Display")) {
                JPanel box = new JPanel();
                box.setBorder(BorderFactory.createTitledBorder(title));
                box.add(new JButton("Apply"));
                body.add(box);
            }
            body.add(new JCheckBox("Enabled"));
            body.add(new JCheckBox("Enabled"));
            JButton ask = new JButton("Ask");
            ask.addActionListener(e -> JOptionPane.showMessageDialog(f, "Hello", "Greeting", JOptionPane.INFORMATION_MESSAGE));
            body.add(ask);
            f.getContentPane().add(body, BorderLayout.CENTER);
            JMenuBar bar = new JMenuBar();
            JMenu file = new JMenu("File");
            JMenuItem open = new JMenuItem("Open");
            open.addActionListener(e -> field.setText("opened"));
            file.add(open);
            file.add(new JMenuItem("Quit"));
            bar.add(file);
            f.setJMenuBar(bar);
            f.pack();
            f.setLocation(40, 40);
            f.setVisible(true);
            f.toFront();
            return f;
        });
    }

    @AfterEach
    void dispose() throws Exception {
        Swing.closeDialogs();
        if (frame != null) {
            JFrame f = frame;
            Swing.onEdt(() -> {
                f.dispose();
                return null;
            });
        }
    }

    private static JsonNode items(ProbeClient c) throws Exception {
        return c.call("gui.list", Wire.object().put("scope", SCENE)).get("items");
    }

    /** Each item's identifier, in the listing's order (IdentityIT too). */
    static List<String> ids(JsonNode items) {
        List<String> out = new ArrayList<>();
        items.forEach(i -> out.add(i.path("identifier").asText(null)));
        return out;
    }

    /** The item of that identifier; null when none (IdentityIT too). */
    static JsonNode item(JsonNode items, String id) {
        for (JsonNode i : items) {
            if (id.equals(i.path("identifier").asText())) {
                return i;
            }
        }
        return null;
    }

    @Test
    void unnamedControlsGetUniqueStableDerivedIdentifiers() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            frame = show();
            Probe.waitFor(c, "unnamedFixture.window", "showing");
            JsonNode first = items(c);
            List<String> ids = ids(first);
            assertTrue(ids.containsAll(EXPECTED), "derived identifiers: " + ids);
            assertEquals(ids.size(), new HashSet<>(ids).size(), "unique: " + ids);
            for (String id : EXPECTED) {
                assertTrue(item(first, id).path("derived").asBoolean(), id + " says it is derived");
            }
            assertEquals("unnamedFixture.window", item(first, "unnamedFixture.button.ask").get("window").asText());
            assertEquals(ids, ids(items(c)), "the same on a second listing");
            JFrame old = frame;
            Swing.onEdt(() -> {
                old.dispose();
                return null;
            });
            frame = show();
            Probe.waitFor(c, "unnamedFixture.window", "showing");
            assertEquals(ids, ids(items(c)), "the same for the window built again");
            JsonNode audit = c.call("gui.audit");
            assertTrue(audit.get("derived").asInt() >= EXPECTED.size() - 1, audit.toString());
        }
    }

    @Test
    void aClickOnADerivedIdentifierReceiptsByDerivedIdentifiersAndTheIdentifierOutlivesTheText() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            frame = show();
            Probe.waitForClickable(c, "unnamedFixture.button.start");
            JsonNode r = c.call("gui.click", Wire.object().put("identifier", "unnamedFixture.button.start").put("settleMillis", 300));
            boolean said = false;
            for (JsonNode ch : r.get("effects").get("changed")) {
                said |= "unnamedFixture.button.start".equals(ch.get("identifier").asText()) && "Stop".equals(ch.get("after").asText());
            }
            assertTrue(said, "the receipt names the derived identifier: " + r);
            assertEquals("Stop", item(items(c), "unnamedFixture.button.start").get("label").asText(), "Start -> Stop keeps its identifier");
            c.call("gui.type", Wire.object().put("identifier", "unnamedFixture.input.hostName").put("text", "alpha"));
            assertEquals("alpha", item(items(c), "unnamedFixture.input.hostName").get("value").asText());
        }
    }

    @Test
    void aClosedMenuIsOneLineAndItsItemsStillTakeAClick() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            frame = show();
            Probe.waitForClickable(c, "unnamedFixture.menu.file");
            JsonNode window = c.call("gui.list", Wire.object().put("scope", "window")).get("items");
            JsonNode menu = item(window, "unnamedFixture.menu.file");
            assertNotNull(menu, window.toString());
            assertEquals(2, menu.get("items").asInt(), menu.toString());
            assertFalse(ids(window).contains("unnamedFixture.menuItem.open"), "a closed menu's items are folded");
            JsonNode asked = c.call("gui.list", Wire.object().put("scope", "window").put("query", "Open")).get("items");
            assertTrue(ids(asked).contains("unnamedFixture.menuItem.open"), "a query reaches into closed menus: " + asked);
            c.call("gui.click", Wire.object().put("identifier", "unnamedFixture.menuItem.open"));
            assertEquals("opened", item(items(c), "unnamedFixture.input.hostName").get("value").asText(), "the click opened the menu's path");
        }
    }

    @Test
    void anUnnamedOptionPaneOpensAndClosesUnderItsDerivedName() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            frame = show();
            Probe.waitForClickable(c, "unnamedFixture.button.ask");
            c.subscribe("dialog.*");
            JsonNode r = c.call("gui.click", Wire.object().put("identifier", "unnamedFixture.button.ask").put("settleMillis", 300));
            assertTrue(r.get("effects").get("opened").toString().contains("greeting.dialog"), r.toString());
            assertEquals("greeting.dialog", EventsIT.next(c, "dialog.opened").get("name").asText());
            assertEquals("greeting.dialog", c.call("gui.dialog.current").get("name").asText());
            JsonNode dialog = c.call("gui.list", Wire.object().put("scope", "dialog")).get("items");
            assertTrue(ids(dialog).contains("greeting.button.ok"), "not OptionPane.button: " + dialog);
            c.call("gui.click", Wire.object().put("identifier", "greeting.button.ok"));
            assertEquals("greeting.dialog", EventsIT.next(c, "dialog.closed").get("name").asText());
        }
    }
}
