package probe.registry.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static probe.testing.Gui.edt;
import static probe.testing.Gui.run;
import static probe.testing.Gui.waitFor;

import com.fasterxml.jackson.databind.JsonNode;
import java.awt.BorderLayout;
import java.awt.Component;
import java.awt.Point;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import javax.swing.DefaultListCellRenderer;
import javax.swing.JButton;
import javax.swing.JComboBox;
import javax.swing.JFrame;
import javax.swing.JLabel;
import javax.swing.JList;
import javax.swing.JPanel;
import javax.swing.JTextField;
import javax.swing.JToolTip;
import javax.swing.Popup;
import javax.swing.PopupFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import probe.api.swing.ControlState;
import probe.testing.Gui;

/**
 * What gui.list says a person reads: a combo's value and its popup's rows as the renderer draws them
 * (never the model's toString), the popup's rows named by the combo's naming, tooltips.
 */
class ShownTextTest {
    /** A filter-like value: its toString is what the JDK's file chooser would have shown. */
    record Filter(String key, String description) {
        @Override
        public String toString() {
            return "javax.swing.filechooser.FileNameExtensionFilter@" + Integer.toHexString(key.hashCode());
        }
    }

    private final SwingViewRegistry registry = new SwingViewRegistry();
    private JFrame frame;
    private JComboBox<Filter> named;
    private JComboBox<Filter> plain;
    private JButton tipped;

    @BeforeEach
    void showFrame() throws Exception {
        Gui.assumeDisplay();
        run(() -> {
            frame = new JFrame("shown text");
            frame.setName("main");
            JPanel top = new JPanel();
            Filter[] filters = {new Filter("iso", "Disk images (*.iso, *.img)"), new Filter("all", "All Files")};
            named = combo("t.combo.named", filters);
            Function<Object, String> naming = v -> "t.combo.named.row." + ((Filter) v).key();
            named.putClientProperty("hdp.rowIdentifier", naming);
            plain = combo("t.combo.plain", filters);
            tipped = new JButton("Start");
            tipped.setName("t.button.start");
            tipped.setToolTipText("Start the machine");
            top.add(named);
            top.add(plain);
            top.add(tipped);
            frame.getContentPane().add(top, BorderLayout.NORTH);
            frame.setBounds(100, 100, 600, 400);
            frame.setVisible(true);
        });
        waitFor("the frame", () -> frame.isShowing());
    }

    private static JComboBox<Filter> combo(String name, Filter[] items) {
        JComboBox<Filter> c = new JComboBox<>(items);
        c.setName(name);
        c.setRenderer(new DefaultListCellRenderer() {
            @Override
            public Component getListCellRendererComponent(JList<?> list, Object value, int index, boolean selected, boolean focus) {
                super.getListCellRendererComponent(list, value, index, selected, focus);
                setText(value instanceof Filter ? ((Filter) value).description() : "");
                return this;
            }
        });
        return c;
    }

    @AfterEach
    void closeAll() throws Exception {
        Gui.disposeAll();
    }

    private JsonNode item(String identifier) throws Exception {
        for (JsonNode i : edt(() -> registry.list("window"))) {
            if (identifier.equals(i.path("identifier").asText(null))) {
                return i;
            }
        }
        return null;
    }

    @Test
    void aCombosValueIsTheTextItShows() throws Exception {
        JsonNode combo = item("t.combo.plain");
        assertEquals("Disk images (*.iso, *.img)", combo.get("value").asText());
        run(() -> plain.setSelectedIndex(1));
        assertEquals("All Files", item("t.combo.plain").get("value").asText());
        run(() -> {
            plain.setEditable(true);
            plain.getEditor().setItem("typed");
        });
        assertEquals("typed", item("t.combo.plain").get("value").asText(), "an editable combo shows its editor's text");
    }

    @Test
    void theRowsOfAnOpenPopupAreNamedByTheCombosNamingElseByIndex() throws Exception {
        run(() -> named.setPopupVisible(true));
        waitFor("the popup", named::isPopupVisible);
        JsonNode iso = item("t.combo.named.row.iso");
        assertNotNull(iso, "named by the combo's naming");
        assertEquals("row", iso.get("role").asText());
        assertEquals("Disk images (*.iso, *.img)", iso.get("label").asText(), "the label is the text shown");
        assertTrue(iso.get("selected").booleanValue());
        assertEquals("All Files", item("t.combo.named.row.all").get("label").asText());
        run(() -> named.setPopupVisible(false));
        waitFor("the popup to close", () -> !named.isPopupVisible());
        assertNull(item("t.combo.named.row.iso"), "a closed popup has no rows");

        run(() -> plain.setPopupVisible(true));
        waitFor("the popup", plain::isPopupVisible);
        assertEquals("All Files", item("t.combo.plain.row.1").get("label").asText(), "without naming: <combo>.row.<index>");
        List<String> ids = new ArrayList<>();
        edt(() -> registry.list("window")).forEach(i -> ids.add(i.path("identifier").asText(null)));
        assertFalse(ids.stream().anyMatch(id -> id != null && id.contains(".popup.row.")), ids.toString());
        run(() -> plain.setPopupVisible(false));
    }

    @Test
    void aControlsTooltipAndAShowingTooltipAreListed() throws Exception {
        assertEquals("Start the machine", item("t.button.start").get("tooltip").asText());
        assertNull(item("t.combo.plain").get("tooltip"), "no tooltip, no field");
        Popup popup = edt(() -> {
            JToolTip tip = tipped.createToolTip();
            tip.setTipText(tipped.getToolTipText());
            Point p = tipped.getLocationOnScreen();
            Popup pop = PopupFactory.getSharedInstance().getPopup(tipped, tip, p.x, p.y + tipped.getHeight() + 4);
            pop.show();
            return pop;
        });
        JsonNode tip = null;
        for (JsonNode i : edt(() -> registry.list("window"))) {
            if ("tooltip".equals(i.path("role").asText())) {
                tip = i;
            }
        }
        assertNotNull(tip, "the showing tooltip is listed");
        assertEquals("Start the machine", tip.get("label").asText());
        assertEquals("t.button.start", tip.get("for").asText());
        assertTrue(tip.get("identifier").isNull());
        assertEquals(0, edt(registry::audit).size(), "a tooltip is not an audit problem");
        run(popup::hide);
    }

    /**
     * A tooltip, a label or a button text written as HTML or with padding reads as the text a
     * person sees: markup dropped, padding trimmed; in gui.list's items and in a receipt's look
     * (states) alike.
     */
    @Test
    void htmlAndPaddingReadAsTheTextAPersonSees() throws Exception {
        run(() -> {
            JPanel form = new JPanel();
            JLabel name = new JLabel(" Name ");
            name.setName("t.label.name");
            JTextField field = new JTextField(" as typed ", 10);
            field.setName("t.input.name");
            name.setLabelFor(field);
            JButton save = new JButton("<html><b>Save</b> plan</html>");
            save.setName("t.button.save");
            save.setToolTipText("<html>Save the plan<br>to a <i>file</i> &amp; close</html>");
            form.add(name);
            form.add(field);
            form.add(save);
            frame.getContentPane().add(form, BorderLayout.SOUTH);
            frame.setTitle("  shown text  ");
            frame.validate();
        });
        JsonNode save = item("t.button.save");
        assertEquals("Save the plan to a file & close", save.get("tooltip").asText(), "the tooltip's text, not its markup");
        assertEquals("Save plan", save.get("label").asText());
        JsonNode label = item("t.label.name");
        assertEquals("Name", label.get("label").asText(), "a label without its padding");
        assertEquals("Name", label.get("value").asText(), "a label's value is the text it shows");
        JsonNode field = item("t.input.name");
        assertEquals("Name", field.get("label").asText(), "the labelFor label, trimmed");
        assertEquals(" as typed ", field.get("value").asText(), "what is typed into a field stays as it is");
        assertEquals("shown text", item("main").get("label").asText(), "a title without its padding");
        ControlState state = edt(registry::states).stream().filter(st -> "t.label.name".equals(st.identifier())).findFirst().orElseThrow();
        assertEquals("Name", state.label(), "a receipt compares what gui.list says");
        assertEquals("Name", state.value());
    }
}
