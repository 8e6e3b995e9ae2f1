package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.awt.BorderLayout;
import java.awt.Dimension;
import java.awt.GridLayout;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.swing.DefaultListModel;
import javax.swing.JButton;
import javax.swing.JFrame;
import javax.swing.JLabel;
import javax.swing.JList;
import javax.swing.JMenu;
import javax.swing.JMenuBar;
import javax.swing.JMenuItem;
import javax.swing.JPanel;
import javax.swing.JPopupMenu;
import javax.swing.JScrollPane;
import javax.swing.JTextField;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import probe.api.wire.Wire;
import probe.client.ProbeClient;

/**
 * Identity as an application nobody here wrote puts it to the test, through the socket: a window
 * whose title carries the document, an Undo button whose tooltip says what it will undo, a page
 * of a form built twice with its copy given no room, and a context menu that repeats the menu
 * bar's Edit > Add. An identifier holds while its control shows, what no person sees is not
 * listed, and every listed name can be used. {@link ReachOracleIT} presses this window for real.
 */
@ExtendWith(WithApp.class)
@ExtendWith(Bounded.class)
class IdentityIT {
    static final String SCENE = "planEditor";

    private JFrame frame;

    /** The window, as such an application writes it: nothing named, the document in the title. */
    static JFrame show() throws Exception {
        return Swing.onEdt(() -> {
            JFrame f = new JFrame("Plan Editor - Untitled");
            DefaultListModel<String> items = new DefaultListModel<>();
            JList<String> list = new JList<>(items);
            JLabel count = new JLabel("0 items");
            JButton undo = new JButton("\u21b6");
            undo.setToolTipText("Undo");
            Runnable add = () -> {
                items.addElement("Item " + (items.size() + 1));
                count.setText(items.size() + " items");
                undo.setToolTipText("Undo Insert Item");
            };
            JPanel form = form(f, undo);
            JPanel top = new JPanel(new BorderLayout());
            top.add(form, BorderLayout.CENTER);
            top.add(count, BorderLayout.SOUTH);
            // The same page built a second time, in a panel that is given no room: AWT says it shows, nobody sees it.
            JPanel nowhere = new JPanel(null);
            JPanel copy = form(f, new JButton("\u21b6"));
            copy.setBounds(0, 0, 300, 60);
            nowhere.add(copy);
            nowhere.setPreferredSize(new Dimension(0, 0));
            top.add(nowhere, BorderLayout.NORTH);
            f.getContentPane().add(top, BorderLayout.NORTH);
            JPopupMenu context = new JPopupMenu();
            JMenuItem addInPopup = new JMenuItem("Add");
            addInPopup.addActionListener(e -> add.run());
            context.add(addInPopup);
            list.setComponentPopupMenu(context);
            f.getContentPane().add(new JScrollPane(list), BorderLayout.CENTER);
            JMenuBar bar = new JMenuBar();
            JMenu edit = new JMenu("Edit");
            JMenuItem addInMenu = new JMenuItem("Add");
            addInMenu.addActionListener(e -> add.run());
            edit.add(addInMenu);
            bar.add(edit);
            f.setJMenuBar(bar);
            // Beside the main window (1280 wide at 0,0) on the test screen, so that neither covers the other.
            f.setBounds(1290, 60, 300, 320);
            f.setVisible(true);
            f.toFront();
            return f;
        });
    }

    /** A page of the form: a name field whose label is only beside it, Save (which names the document) and Undo. */
    private static JPanel form(JFrame f, JButton undo) {
        JPanel p = new JPanel(new GridLayout(0, 2));
        p.add(new JLabel("Name:"));
        JTextField name = new JTextField(12);
        p.add(name);
        JButton save = new JButton("Save");
        save.addActionListener(e -> {
            f.setTitle("*Plan Editor - " + (name.getText().isEmpty() ? "plan" : name.getText()) + ".xml");
            undo.setToolTipText("Undo Save");
        });
        p.add(save);
        p.add(undo);
        return p;
    }

    @AfterEach
    void dispose() throws Exception {
        Swing.closeDialogs();
        if (frame != null) {
            JFrame f = frame;
            Swing.onEdt(() -> {
                javax.swing.MenuSelectionManager.defaultManager().clearSelectedPath();
                f.dispose();
                return null;
            });
        }
    }

    private static JsonNode items(ProbeClient c) throws Exception {
        return c.call("gui.list", Wire.object().put("scope", SCENE)).get("items");
    }

    /** Each listed control's identifier by where it is and what it is (type and frame): a control that stays has one key. */
    private static Map<String, String> byPlace(JsonNode items) {
        Map<String, String> out = new LinkedHashMap<>();
        for (JsonNode i : items) {
            out.put(i.path("type").asText() + i.path("frame") + i.path("label").asText(""), i.path("identifier").asText());
        }
        return out;
    }

    private static List<String> ids(JsonNode items) {
        return DerivedIT.ids(items);
    }

    private static JsonNode item(JsonNode items, String id) {
        return DerivedIT.item(items, id);
    }

    @Test
    void anIdentifierHoldsWhileTheTitleAndTheTooltipChange() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            frame = show();
            Probe.waitFor(c, SCENE + ".window", "showing");
            JsonNode first = items(c);
            List<String> ids = ids(first);
            assertTrue(ids.containsAll(List.of("planEditor.window", "planEditor.input.name", "planEditor.button.save", "planEditor.button.undo",
                    "planEditor.list", "planEditor.menu.edit", "planEditor.menuItem.add")), ids.toString());
            c.call("gui.type", Wire.object().put("identifier", "planEditor.input.name").put("text", "spring"));
            JsonNode saved = c.call("gui.click", Wire.object().put("identifier", "planEditor.button.save").put("settleMillis", 300));
            boolean retitled = false;
            for (JsonNode ch : saved.get("effects").get("changed")) {
                retitled |= "planEditor.window".equals(ch.get("identifier").asText()) && "*Plan Editor - spring.xml".equals(ch.get("after").asText());
            }
            assertTrue(retitled, "the new title is a change of the window, not a window gone and another come: " + saved);
            assertEquals(0, saved.get("effects").get("appeared").size(), saved.toString());
            assertEquals(0, saved.get("effects").get("disappeared").size(), saved.toString());
            c.call("gui.click", Wire.object().put("identifier", "planEditor.menuItem.add"));
            JsonNode after = items(c);
            assertEquals("Undo Insert Item", item(after, "planEditor.button.undo").get("tooltip").asText(), "the tooltip changed, the name did not");
            Map<String, String> before = byPlace(first);
            int changed = 0;
            for (Map.Entry<String, String> e : byPlace(after).entrySet()) {
                String was = before.get(e.getKey());
                if (was != null && !was.equals(e.getValue())) {
                    changed++;
                }
            }
            System.out.println("IdentityIT: identifiers that changed while their control showed, across a retitle, a tooltip change and"
                    + " a row added: " + changed);
            assertEquals(0, changed);
            assertTrue(ids(after).containsAll(ids), "every identifier of the first listing is still there: " + ids(after));
        }
    }

    @Test
    void aCopyNobodySeesIsNotListedAndEveryClickableItemHasAPlace() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            frame = show();
            Probe.waitFor(c, SCENE + ".window", "showing");
            JsonNode items = items(c);
            assertEquals(1, ids(items).stream().filter(i -> i.startsWith("planEditor.input.name")).count(), ids(items).toString());
            for (JsonNode i : items) {
                if (i.path("clickable").asBoolean() && !i.has("inClosedMenu")) {
                    assertTrue(i.has("atOnScreen"), "clickable with a place to press: " + i);
                }
            }
            JsonNode shot = c.call("gui.screenshot", Wire.object().put("annotate", true));
            for (JsonNode m : shot.get("marks")) {
                assertFalse(m.path("identifier").asText("").endsWith("-2"), "no mark for a copy: " + m);
            }
        }
    }

    @Test
    void aContextMenuRepeatingTheMenuBarHasNamesOfItsOwnAndBothAreUsable() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            frame = show();
            Probe.waitFor(c, SCENE + ".window", "showing");
            List<String> before = ids(items(c));
            c.call("gui.click", Wire.object().put("identifier", "planEditor.list").put("button", "right"));
            Probe.waitFor(c, "planEditor.popup.menuItem.add", "showing");
            JsonNode open = items(c);
            assertTrue(ids(open).containsAll(before), "nothing of the menu bar renamed by the popup: " + ids(open));
            c.call("gui.click", Wire.object().put("identifier", "planEditor.popup.menuItem.add"));
            c.call("gui.click", Wire.object().put("identifier", "planEditor.menuItem.add"));
            JsonNode after = items(c);
            assertEquals(2, ids(after).stream().filter(i -> i.startsWith("planEditor.list.row.")).count(), "both Adds added a row: " + ids(after));
            assertTrue(ids(after).containsAll(before), ids(after).toString());
        }
    }
}
