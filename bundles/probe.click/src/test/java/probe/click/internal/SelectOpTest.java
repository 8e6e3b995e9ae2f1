package probe.click.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static probe.testing.Gui.edt;
import static probe.testing.Gui.run;
import static probe.testing.Gui.waitFor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.BorderLayout;
import java.awt.Component;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.stream.IntStream;
import javax.swing.DefaultListCellRenderer;
import javax.swing.JButton;
import javax.swing.JComboBox;
import javax.swing.JDialog;
import javax.swing.JFrame;
import javax.swing.JLabel;
import javax.swing.JList;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import javax.swing.JTabbedPane;
import javax.swing.JTable;
import javax.swing.SwingUtilities;
import javax.swing.event.PopupMenuEvent;
import javax.swing.event.PopupMenuListener;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import probe.api.Ops;
import probe.api.ProbeOp;
import probe.api.ErrorCodes;
import probe.api.ProbeException;
import probe.api.wire.Wire;
import probe.registry.internal.SwingViewRegistry;
import probe.testing.Gui;

/** gui.select on real Swing views: what a hand does to choose an item, and what it refuses. */
class SelectOpTest {
    /** A model value whose toString is not what a person reads: only the renderer shows its name. */
    record Os(String key, String shown) {
        @Override
        public String toString() {
            return "Os@" + key;
        }
    }

    private static final Os[] OSES = {new Os("ubuntu", "Ubuntu Linux"), new Os("debian", "Debian Linux"),
        new Os("fedora", "Fedora Linux"), new Os("windows11", "Windows 11"), new Os("macos", "macOS")};

    private final SwingViewRegistry registry = new SwingViewRegistry();
    private final ProbeOp op = Gui.described(new SelectOp(registry), Ops.SELECT);
    private JFrame frame;
    private JPanel top;
    private JComboBox<Os> combo;
    /** Every item the combo reported as selected, in order: what its listeners saw. */
    private final List<Object> chosen = new CopyOnWriteArrayList<>();

    @BeforeEach
    void showFrame() throws Exception {
        Gui.assumeDisplay();
        run(() -> {
            frame = new JFrame("select test");
            frame.setName("main");
            top = new JPanel();
            combo = new JComboBox<>(OSES);
            combo.setName("t.combo.os");
            combo.setRenderer(new DefaultListCellRenderer() {
                @Override
                public Component getListCellRendererComponent(JList<?> list, Object value, int index, boolean selected, boolean focus) {
                    super.getListCellRendererComponent(list, value, index, selected, focus);
                    setText(value instanceof Os ? ((Os) value).shown() : "");
                    return this;
                }
            });
            Function<Object, String> naming = v -> "t.combo.os.row." + ((Os) v).key();
            combo.putClientProperty("hdp.rowIdentifier", naming);
            combo.addActionListener(e -> chosen.add(combo.getSelectedItem()));
            top.add(combo);
            frame.getContentPane().add(top, BorderLayout.NORTH);
            frame.setBounds(100, 100, 500, 400);
        });
    }

    private void show() throws Exception {
        run(() -> frame.setVisible(true));
        waitFor("the frame to be focused", () -> frame.isFocused());
    }

    @AfterEach
    void closeAll() throws Exception {
        Gui.disposeAll();
    }

    private JsonNode select(String identifier, String key, Object value) throws ProbeException {
        ObjectNode args = Wire.object().put("identifier", identifier);
        if (value instanceof Integer) {
            args.put(key, (Integer) value);
        } else {
            args.put(key, (String) value);
        }
        return op.execute(Gui.ctx(), args);
    }

    private void popupClosed() throws Exception {
        waitFor("the combo's popup to close", () -> !combo.isPopupVisible());
    }

    @Test
    void comboItemByTheTextShown() throws Exception {
        show();
        JsonNode data = select("t.combo.os", "label", "Fedora Linux");
        assertEquals(2, (int) edt(combo::getSelectedIndex));
        assertEquals("t.combo.os", data.get("identifier").asText());
        assertEquals("t.combo.os.row.fedora", data.get("selected").asText());
        assertEquals("Fedora Linux", data.get("label").asText());
        assertEquals(2, data.get("index").asInt());
        assertEquals(List.of(OSES[2]), chosen, "the combo's listeners saw one choice");
        popupClosed();
    }

    @Test
    void comboItemByLabelIgnoringCaseWhenNoneMatchesExactly() throws Exception {
        show();
        assertEquals("t.combo.os.row.macos", select("t.combo.os", "label", "MACOS").get("selected").asText());
        assertEquals(4, (int) edt(combo::getSelectedIndex));
    }

    @Test
    void comboItemByRowIdentifierItsEndOrIndex() throws Exception {
        show();
        select("t.combo.os", "row", "debian");
        assertEquals(1, (int) edt(combo::getSelectedIndex));
        popupClosed();
        select("t.combo.os", "row", "t.combo.os.row.windows11");
        assertEquals(3, (int) edt(combo::getSelectedIndex));
        popupClosed();
        JsonNode data = select("t.combo.os", "index", 0);
        assertEquals(0, (int) edt(combo::getSelectedIndex));
        assertEquals("Ubuntu Linux", data.get("label").asText());
        popupClosed();
    }

    @Test
    void comboWithoutNamingHasRowsByIndexAndAnItemFarDownItsPopupIsScrolledTo() throws Exception {
        JComboBox<String> many = edt(() -> {
            JComboBox<String> c = new JComboBox<>(IntStream.range(0, 40).mapToObj(i -> "Choice " + i).toArray(String[]::new));
            c.setName("t.combo.many");
            top.add(c);
            return c;
        });
        show();
        JsonNode data = select("t.combo.many", "label", "Choice 33");
        assertEquals(33, (int) edt(many::getSelectedIndex));
        assertEquals("t.combo.many.row.33", data.get("selected").asText());
        waitFor("the popup to close", () -> !many.isPopupVisible());
        select("t.combo.many", "row", "row.5");
        assertEquals(5, (int) edt(many::getSelectedIndex));
    }

    @Test
    void anItemTheAppAddsAsThePopupOpensCanBeChosen() throws Exception {
        run(() -> combo.addPopupMenuListener(new PopupMenuListener() {
            @Override
            public void popupMenuWillBecomeVisible(PopupMenuEvent e) {
                if (combo.getItemCount() == OSES.length) {
                    combo.addItem(new Os("freebsd", "FreeBSD"));
                }
            }

            @Override
            public void popupMenuWillBecomeInvisible(PopupMenuEvent e) {
            }

            @Override
            public void popupMenuCanceled(PopupMenuEvent e) {
            }
        }));
        show();
        JsonNode data = select("t.combo.os", "label", "FreeBSD");
        assertEquals("t.combo.os.row.freebsd", data.get("selected").asText());
        assertEquals(5, (int) edt(combo::getSelectedIndex));
    }

    @Test
    void noSuchItemNamesTheNearestLabelsAndLeavesNoPopupOpen() throws Exception {
        show();
        ProbeException e = Gui.fails(ErrorCodes.IDENTIFIER_NOT_FOUND, () -> select("t.combo.os", "label", "Fedra Linux"));
        assertTrue(e.getMessage().contains("\"Fedora Linux\""), e.getMessage());
        assertEquals("Fedora Linux", e.details().get("nearest").get(0).asText());
        assertEquals(5, e.details().get("count").asInt());
        popupClosed();
        assertEquals(0, (int) edt(combo::getSelectedIndex), "nothing was chosen");
        assertEquals(List.of(), chosen);

        ProbeException row = Gui.fails(ErrorCodes.IDENTIFIER_NOT_FOUND, () -> select("t.combo.os", "row", "fedorra"));
        assertEquals("t.combo.os.row.fedora", row.details().get("nearest").get(0).asText());
        popupClosed();
        ProbeException index = Gui.fails(ErrorCodes.IDENTIFIER_NOT_FOUND, () -> select("t.combo.os", "index", 5));
        assertTrue(index.getMessage().contains("index 0 to 4"), index.getMessage());
        popupClosed();
    }

    @Test
    void aPopupAHandOpenedStaysOpenWhenTheItemIsMissing() throws Exception {
        show();
        run(() -> combo.setPopupVisible(true));
        waitFor("the popup", combo::isPopupVisible);
        Gui.fails(ErrorCodes.IDENTIFIER_NOT_FOUND, () -> select("t.combo.os", "label", "Plan 9"));
        Gui.settle();
        assertTrue(edt(combo::isPopupVisible), "the probe closes only what it opened");
        select("t.combo.os", "label", "Debian Linux");
        assertEquals(1, (int) edt(combo::getSelectedIndex));
        popupClosed();
    }

    @Test
    void labelsSeveralItemsShowAreAmbiguous() throws Exception {
        run(() -> combo.addItem(new Os("ubuntu2", "Ubuntu Linux")));
        show();
        ProbeException e = Gui.fails(ErrorCodes.IDENTIFIER_AMBIGUOUS, () -> select("t.combo.os", "label", "Ubuntu Linux"));
        JsonNode candidates = e.details().get("candidates");
        assertEquals(2, candidates.size());
        assertEquals("t.combo.os.row.ubuntu", candidates.get(0).get("identifier").asText());
        assertEquals(5, candidates.get(1).get("index").asInt());
        popupClosed();
        select("t.combo.os", "row", "ubuntu2");
        assertEquals(5, (int) edt(combo::getSelectedIndex));
    }

    @Test
    void aDisabledComboIsRefusedAndNotOpened() throws Exception {
        run(() -> combo.setEnabled(false));
        show();
        ProbeException e = Gui.fails(ErrorCodes.NOT_CLICKABLE, () -> select("t.combo.os", "label", "Fedora Linux"));
        assertEquals("it is disabled", e.details().get("reason").asText());
        assertFalse(edt(combo::isPopupVisible));
        assertEquals(0, (int) edt(combo::getSelectedIndex));
    }

    @Test
    void aComboBehindAModalDialogIsRefusedNamingTheDialog() throws Exception {
        show();
        JDialog blocker = edt(() -> {
            JDialog d = new JDialog(frame, "Blocker", true);
            d.setName("dialog.blocker");
            d.setBounds(400, 400, 200, 100);
            SwingUtilities.invokeLater(() -> d.setVisible(true));
            return d;
        });
        waitFor("the modal dialog", blocker::isShowing);
        ProbeException e = Gui.fails(ErrorCodes.NOT_CLICKABLE, () -> select("t.combo.os", "row", "fedora"));
        assertEquals("dialog.blocker", e.details().get("blockedBy").asText());
        assertFalse(edt(combo::isPopupVisible));
        assertEquals(List.of(), chosen);
    }

    @Test
    void anEditableComboIsOpenedThroughItsArrow() throws Exception {
        JComboBox<String> editable = edt(() -> {
            JComboBox<String> c = new JComboBox<>(new String[] {"red", "green", "blue"});
            c.setName("t.combo.colour");
            c.setEditable(true);
            top.add(c);
            return c;
        });
        show();
        select("t.combo.colour", "label", "blue");
        assertEquals("blue", edt(editable::getSelectedItem));
    }

    @Test
    void listRowByLabelIncludingOneScrolledOutOfView() throws Exception {
        JList<String> list = edt(() -> {
            JList<String> l = new JList<>(IntStream.range(0, 60).mapToObj(i -> "item " + i).toArray(String[]::new));
            l.setName("t.list");
            frame.getContentPane().add(new JScrollPane(l), BorderLayout.CENTER);
            return l;
        });
        show();
        JsonNode data = select("t.list", "label", "item 55");
        assertEquals(55, (int) edt(list::getSelectedIndex));
        assertEquals("t.list.row.55", data.get("selected").asText());
        assertTrue(edt(() -> list.getVisibleRect().contains(list.getCellBounds(55, 55))), "row 55 was scrolled into view");
        select("t.list", "index", 2);
        assertEquals(2, (int) edt(list::getSelectedIndex));
    }

    @Test
    void tableRowAndTab() throws Exception {
        JTable table = edt(() -> {
            JTabbedPane tabs = new JTabbedPane();
            tabs.setName("t.tabs");
            JTable t = new JTable(new Object[][] {{"alpha", 1}, {"beta", 2}, {"gamma", 3}}, new Object[] {"name", "n"});
            t.setName("t.table");
            t.setDefaultEditor(Object.class, null);
            tabs.addTab("Table", new JScrollPane(t));
            tabs.addTab("Second", new JLabel("second"));
            tabs.addTab("Third", new JLabel("third"));
            frame.getContentPane().add(tabs, BorderLayout.CENTER);
            return t;
        });
        show();
        JsonNode row = select("t.table", "label", "gamma");
        assertEquals(2, (int) edt(table::getSelectedRow));
        assertEquals("t.table.row.2", row.get("selected").asText());
        JTabbedPane tabs = (JTabbedPane) edt(() -> SwingUtilities.getAncestorOfClass(JTabbedPane.class, table));
        JsonNode tab = select("t.tabs", "label", "Third");
        assertEquals(2, (int) edt(tabs::getSelectedIndex));
        assertEquals("t.tabs.tab.2", tab.get("selected").asText());
        select("t.tabs", "row", "tab.1");
        assertEquals(1, (int) edt(tabs::getSelectedIndex));
    }

    @Test
    void argumentsAreChecked() throws Exception {
        JButton ok = edt(() -> {
            JButton b = new JButton("OK");
            b.setName("t.button.ok");
            top.add(b);
            return b;
        });
        show();
        Gui.fails(ErrorCodes.INVALID_ARGS, () -> op.execute(Gui.ctx(), Wire.object().put("identifier", "t.combo.os")));
        Gui.fails(ErrorCodes.INVALID_ARGS, () -> op.execute(Gui.ctx(),
                Wire.object().put("identifier", "t.combo.os").put("label", "macOS").put("index", 1)));
        Gui.fails(ErrorCodes.INVALID_ARGS, () -> select("t.combo.os", "index", -1));
        Gui.fails(ErrorCodes.INVALID_ARGS, () -> select("t.combo.os", "row", ""));
        ProbeException notAView = Gui.fails(ErrorCodes.INVALID_ARGS, () -> select("t.button.ok", "index", 0));
        assertTrue(notAView.getMessage().contains("gui.click"), notAView.getMessage());
        Gui.fails(ErrorCodes.IDENTIFIER_NOT_FOUND, () -> select("t.combo.oss", "index", 0));
        assertFalse(edt(combo::isPopupVisible));
        assertTrue(edt(ok::isShowing));
    }

    // ---- text ----

    private JsonNode selectText(String identifier, int from, int to) throws ProbeException {
        return op.execute(Gui.ctx(), Wire.object().put("identifier", identifier).put("from", from).put("to", to));
    }

    @Test
    void textByTheCharactersToSelectIsDraggedOverAsAHandDoes() throws Exception {
        List<String> seen = new CopyOnWriteArrayList<>();
        javax.swing.JTextField field = edt(() -> {
            javax.swing.JTextField f = new javax.swing.JTextField("Ubuntu Dev server", 24);
            f.setName("t.input.name");
            f.addCaretListener(e -> seen.add(e.getMark() + "-" + e.getDot()));
            top.add(f);
            return f;
        });
        show();
        JsonNode data = select("t.input.name", "label", "Dev");
        assertEquals("Dev", data.get("text").asText());
        assertEquals(7, data.get("start").asInt());
        assertEquals(10, data.get("end").asInt());
        assertEquals("Dev", edt(field::getSelectedText));
        // A text component tells its caret listeners of a mouse drag once, at the release, as under a hand.
        assertEquals("7-10", seen.get(seen.size() - 1), "the press put the mark at the first character, the drag the dot after the last: " + seen);

        JsonNode byOffsets = selectText("t.input.name", 0, 6);
        assertEquals("Ubuntu", byOffsets.get("text").asText());
        assertEquals("Ubuntu", edt(field::getSelectedText));
        assertEquals("server", select("t.input.name", "label", "SERVER").get("text").asText(), "ignoring case when not exact");

        ProbeException e = Gui.fails(ErrorCodes.IDENTIFIER_NOT_FOUND, () -> select("t.input.name", "label", "Fedora"));
        assertTrue(e.getMessage().contains("\"Fedora\""), e.getMessage());
        Gui.fails(ErrorCodes.INVALID_ARGS, () -> selectText("t.input.name", 3, 40));
        Gui.fails(ErrorCodes.INVALID_ARGS, () -> select("t.input.name", "index", 1));
        Gui.fails(ErrorCodes.INVALID_ARGS, () -> selectText("t.combo.os", 0, 1));
        Gui.fails(ErrorCodes.INVALID_ARGS, () -> op.execute(Gui.ctx(), Wire.object().put("identifier", "t.input.name").put("from", 1)));
    }

    @Test
    void textOverSeveralLinesOfAnAreaAndBackwards() throws Exception {
        javax.swing.JTextArea area = edt(() -> {
            javax.swing.JTextArea a = new javax.swing.JTextArea("first line\nsecond line\nthird line", 4, 20);
            a.setName("t.text.notes");
            top.add(a);
            return a;
        });
        show();
        JsonNode data = select("t.text.notes", "label", "line\nsecond");
        assertEquals("line\nsecond", edt(area::getSelectedText));
        assertEquals(6, data.get("start").asInt());
        JsonNode back = selectText("t.text.notes", 28, 18);
        assertEquals("line\nthird", edt(area::getSelectedText), "dragged from the end back to the start");
        assertEquals(18, back.get("start").asInt());
        assertEquals(28, back.get("end").asInt());
    }

    @Test
    void aPasswordIsSelectedByOffsetsAndItsTextNeverAnswered() throws Exception {
        javax.swing.JPasswordField pw = edt(() -> {
            javax.swing.JPasswordField f = new javax.swing.JPasswordField("s3cret-pw", 12);
            f.setName("t.input.password");
            top.add(f);
            return f;
        });
        show();
        JsonNode data = selectText("t.input.password", 2, 6);
        assertEquals(2, data.get("start").asInt());
        assertEquals(6, data.get("end").asInt());
        assertFalse(data.has("text"), "no text of a password: " + data);
        assertFalse(data.toString().contains("cret"), data.toString());
        assertEquals(2, (int) edt(pw::getSelectionStart));
        assertEquals(6, (int) edt(pw::getSelectionEnd));
        ProbeException e = Gui.fails(ErrorCodes.INVALID_ARGS, () -> select("t.input.password", "label", "cret"));
        assertFalse(e.getMessage().contains("not hold"), "whether a password holds a text is not said: " + e.getMessage());
    }

    @Test
    void aSpinnersTextIsSelectedInItsEditor() throws Exception {
        javax.swing.JSpinner spinner = edt(() -> {
            javax.swing.JSpinner sp = new javax.swing.JSpinner(new javax.swing.SpinnerNumberModel(12345, 0, 99999, 1));
            sp.setName("t.spinner.size");
            top.add(sp);
            return sp;
        });
        show();
        JsonNode data = selectText("t.spinner.size", 1, 4);
        assertEquals("t.spinner.size", data.get("identifier").asText());
        assertEquals(data.get("text").asText(), edt(() -> ((javax.swing.JSpinner.DefaultEditor) spinner.getEditor()).getTextField().getSelectedText()));
        assertEquals(3, data.get("text").asText().length());
    }
}
