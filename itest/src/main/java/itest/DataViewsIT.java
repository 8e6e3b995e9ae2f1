package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.awt.Component;
import java.awt.GridLayout;
import java.util.ArrayList;
import java.util.List;
import javax.swing.DefaultCellEditor;
import javax.swing.DefaultListCellRenderer;
import javax.swing.JComboBox;
import javax.swing.JFrame;
import javax.swing.JList;
import javax.swing.JScrollPane;
import javax.swing.JTable;
import javax.swing.JTree;
import javax.swing.table.AbstractTableModel;
import javax.swing.table.DefaultTableCellRenderer;
import javax.swing.tree.DefaultMutableTreeNode;
import javax.swing.tree.DefaultTreeCellRenderer;
import javax.swing.tree.DefaultTreeModel;
import javax.swing.tree.TreePath;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import probe.api.wire.Wire;
import probe.client.ProbeClient;
import probe.client.ProbeOpException;

/**
 * Tables, trees and lists read as their renderers draw them: a table's header and cells, a tree's
 * rows by their path of shown texts, a large model by the rows in view. The model objects' toString()
 * differs from what shows, so only what is drawn can pass.
 */
@ExtendWith(WithApp.class)
@ExtendWith(Bounded.class)
class DataViewsIT {
    /** A model object whose toString() is not what a person reads. */
    record Album(String title, int year, boolean owned) {
        @Override
        public String toString() {
            return "Album@" + Integer.toHexString(System.identityHashCode(this));
        }
    }

    /** A tree node object drawn by its name, its toString() a class and a hash. */
    record Node(String name) {
        @Override
        public String toString() {
            return "Node@" + Integer.toHexString(System.identityHashCode(this));
        }
    }

    private static final List<Album> ALBUMS = List.of(new Album("Kind of Blue", 1959, true), new Album("Abbey Road", 1969, false),
            new Album("Blue Train", 1957, true));
    private static final int BIG = 100_000;

    private JFrame frame;
    private DefaultTreeModel treeModel;
    private JTree tree;

    private final boolean[] owned = {true, false, true};
    private final int[] years = {1959, 1969, 1957};
    private final String[] formats = {"LP", "LP", "CD"};

    private JFrame show() throws Exception {
        return Swing.onEdt(() -> {
            JFrame f = new JFrame("Data Views");
            f.setName("views");
            f.getContentPane().setLayout(new GridLayout(1, 4));
            AbstractTableModel albums = new AbstractTableModel() {
                @Override
                public int getRowCount() {
                    return ALBUMS.size();
                }

                @Override
                public int getColumnCount() {
                    return 4;
                }

                @Override
                public String getColumnName(int c) {
                    return List.of("Title", "Year", "Owned", "Format").get(c);
                }

                @Override
                public Class<?> getColumnClass(int c) {
                    return c == 3 ? String.class : c == 2 ? Boolean.class : c == 1 ? Integer.class : Album.class;
                }

                @Override
                public Object getValueAt(int r, int c) {
                    Album a = ALBUMS.get(r);
                    return c == 0 ? a : c == 1 ? (Object) years[r] : c == 2 ? (Object) owned[r] : formats[r];
                }

                @Override
                public boolean isCellEditable(int r, int c) {
                    return c > 0;
                }

                @Override
                public void setValueAt(Object v, int r, int c) {
                    if (c == 1) {
                        years[r] = (Integer) v;
                    } else if (c == 2) {
                        owned[r] = (Boolean) v;
                    } else {
                        formats[r] = (String) v;
                    }
                    fireTableCellUpdated(r, c);
                }
            };
            JTable table = new JTable(albums);
            table.setName("views.table");
            table.setAutoCreateRowSorter(true);
            table.getColumnModel().getColumn(3).setCellEditor(new DefaultCellEditor(new JComboBox<>(new String[] {"LP", "CD", "Tape"})));
            table.setDefaultRenderer(Album.class, new DefaultTableCellRenderer() {
                @Override
                protected void setValue(Object value) {
                    setText(value instanceof Album ? "\u266a " + ((Album) value).title() : "");
                }
            });
            f.getContentPane().add(new JScrollPane(table));

            DefaultMutableTreeNode root = new DefaultMutableTreeNode(new Node("Music"));
            DefaultMutableTreeNode classical = new DefaultMutableTreeNode(new Node("Classical"));
            classical.add(new DefaultMutableTreeNode(new Node("Beethoven")));
            classical.add(new DefaultMutableTreeNode(new Node("Bach")));
            DefaultMutableTreeNode jazz = new DefaultMutableTreeNode(new Node("Jazz"));
            jazz.add(new DefaultMutableTreeNode(new Node("Coltrane")));
            root.add(classical);
            root.add(jazz);
            treeModel = new DefaultTreeModel(root);
            tree = new JTree(treeModel);
            tree.setName("views.tree");
            tree.setCellRenderer(new DefaultTreeCellRenderer() {
                @Override
                public Component getTreeCellRendererComponent(JTree t, Object value, boolean sel, boolean expanded, boolean leaf, int row,
                        boolean focus) {
                    super.getTreeCellRendererComponent(t, value, sel, expanded, leaf, row, focus);
                    Object o = ((DefaultMutableTreeNode) value).getUserObject();
                    setText(o instanceof Node ? ((Node) o).name() : String.valueOf(o));
                    return this;
                }
            });
            tree.expandRow(2);
            f.getContentPane().add(new JScrollPane(tree));

            JList<Album> list = new JList<>(ALBUMS.toArray(new Album[0]));
            list.setName("views.list");
            list.setCellRenderer(new DefaultListCellRenderer() {
                @Override
                public Component getListCellRendererComponent(JList<?> l, Object value, int index, boolean sel, boolean focus) {
                    super.getListCellRendererComponent(l, value, index, sel, focus);
                    setText(((Album) value).title() + " (" + ((Album) value).year() + ")");
                    return this;
                }
            });
            f.getContentPane().add(new JScrollPane(list));

            JTable big = new JTable(new AbstractTableModel() {
                @Override
                public int getRowCount() {
                    return BIG;
                }

                @Override
                public int getColumnCount() {
                    return 2;
                }

                @Override
                public String getColumnName(int c) {
                    return c == 0 ? "Id" : "Name";
                }

                @Override
                public Object getValueAt(int r, int c) {
                    return c == 0 ? (Object) r : "item " + r;
                }
            });
            big.setName("views.big");
            f.getContentPane().add(new JScrollPane(big));
            f.setSize(1000, 400);
            f.setLocation(30, 30);
            f.setVisible(true);
            f.toFront();
            return f;
        });
    }

    /** The fixture shown, once {@code view} shows and a hand could click it ({@link Probe#waitForClickable}). */
    private JFrame shown(ProbeClient c, String view) throws Exception {
        JFrame f = show();
        Probe.waitForClickable(c, view);
        return f;
    }

    @AfterEach
    void dispose() throws Exception {
        if (frame != null) {
            JFrame f = frame;
            Swing.onEdt(() -> {
                f.dispose();
                return null;
            });
        }
    }

    private static JsonNode items(ProbeClient c, String scope) throws Exception {
        return c.call("gui.list", Wire.object().put("scope", scope)).get("items");
    }

    private static List<String> cells(JsonNode row) {
        List<String> out = new ArrayList<>();
        row.get("cells").forEach(x -> out.add(x.asText()));
        return out;
    }

    @Test
    void aTableListsItsHeaderAndItsCellsAsDrawn() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            frame = shown(c, "views.table");
            JsonNode items = items(c, "views.table");
            JsonNode title = DerivedIT.item(items, "views.table.column.0");
            assertNotNull(title, items.toString());
            assertEquals("column", title.get("role").asText());
            assertEquals("Title", title.get("label").asText());
            assertTrue(title.get("clickable").asBoolean(), title.toString());
            JsonNode row = DerivedIT.item(items, "views.table.row.0");
            assertEquals(List.of("\u266a Kind of Blue", "1959", "true", "LP"), cells(row), row.toString());
            assertTrue(row.get("cells").get(2).isBoolean(), "a check box cell is checked or not: " + row);
            assertEquals("\u266a Kind of Blue | 1959 | [x] | LP", row.get("label").asText());
            // A check box cell toggled by a hand's click, through the table's own editor; the receipt tells the row's new text.
            JsonNode toggled = c.call("gui.click", Wire.object().put("identifier", "views.table.row.1.cell.Owned").put("settleMillis", 300));
            assertTrue(toggled.get("effects").toString().contains("\u266a Abbey Road | 1969 | [x] | LP"), toggled.toString());
            assertEquals("true", c.call("gui.wait", Wire.object().put("identifier", "views.table.row.1.cell.Owned").put("value", "true")
                    .put("timeoutMillis", 2000)).get("value").asText());
            c.call("gui.click", Wire.object().put("identifier", "views.table.row.1.cell.Owned"));
            JsonNode chosen = c.call("gui.select", Wire.object().put("identifier", "views.table").put("label", "1957"));
            assertEquals("views.table.row.2", chosen.get("selected").asText(), "a row found by any of its cells: " + chosen);
            String text = c.call("gui.list", Wire.object().put("scope", "views.table").put("format", "text")).get("text").asText();
            assertTrue(text.contains("header  Title | Year | Owned | Format  [views.table.column.{0,1,2,3}]"), text);
            assertTrue(text.contains("row views.table.row.1  \u266a Abbey Road | 1969 | [ ] | LP"), text);
            assertEquals("1969", c.call("gui.wait", Wire.object().put("identifier", "views.table.row.1.cell.Year").put("value", "1969")
                    .put("timeoutMillis", 2000)).get("value").asText());
            try {
                c.call("gui.click", Wire.object().put("identifier", "views.table.row.1.cell.Artist"));
                throw new AssertionError("a column nobody shows");
            } catch (ProbeOpException e) {
                assertEquals("gui.identifier_not_found", e.code(), e.getMessage());
                assertTrue(e.getMessage().contains("\"Title\", \"Year\", \"Owned\", \"Format\""), e.getMessage());
            }
        }
    }

    @Test
    void aCellIsEditedThroughTheTablesOwnEditor() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            frame = shown(c, "views.table");
            // A number cell: its editor started by a double-click (what DefaultCellEditor asks of a text field), the text typed, Enter.
            JsonNode typed = c.call("gui.type", Wire.object().put("identifier", "views.table.row.0.cell.Year").put("text", "1960")
                    .put("replace", true).put("settleMillis", 300));
            assertEquals("1960", typed.get("value").asText(), typed.toString());
            assertTrue(typed.get("effects").toString().contains("\u266a Kind of Blue | 1960 | [x] | LP"), typed.toString());
            assertEquals(1960, Swing.onEdt(() -> years[0]));
            assertEquals("1960", c.call("gui.wait", Wire.object().put("identifier", "views.table.row.0.cell.Year").put("value", "1960")
                    .put("timeoutMillis", 2000)).get("value").asText());
            // Typed after what the cell holds when not replacing.
            assertEquals("19601", c.call("gui.type", Wire.object().put("identifier", "views.table.row.0.cell.Year").put("text", "1"))
                    .get("value").asText().replace(",", ""));
            // Letters in a number column: the table's editor refuses them, the cell keeps its value, the editing is cancelled.
            ProbeOpException refused = assertThrows(ProbeOpException.class, () -> c.call("gui.type", Wire.object()
                    .put("identifier", "views.table.row.0.cell.Year").put("text", "abc").put("replace", true)));
            assertEquals("gui.not_editable", refused.code(), refused.getMessage());
            assertFalse(Swing.onEdt(() -> tableOf(frame).isEditing()), "editing cancelled");
            assertEquals(19601, Swing.onEdt(() -> years[0]));
            // A cell the table does not let be edited.
            ProbeOpException notEditable = assertThrows(ProbeOpException.class, () -> c.call("gui.type", Wire.object()
                    .put("identifier", "views.table.row.0.cell.Title").put("text", "x")));
            assertEquals("gui.not_editable", notEditable.code(), notEditable.getMessage());
            assertTrue(notEditable.getMessage().contains("does not let this cell be edited"), notEditable.getMessage());
            // A combo box cell: chosen from its editor's popup, which commits it.
            JsonNode chosen = c.call("gui.select", Wire.object().put("identifier", "views.table.row.1.cell.Format").put("label", "Tape")
                    .put("settleMillis", 300));
            assertTrue(chosen.get("effects").toString().contains("\u266a Abbey Road | 1969 | [ ] | Tape"), chosen.toString());
            assertEquals("Tape", Swing.onEdt(() -> formats[1]));
            assertFalse(Swing.onEdt(() -> tableOf(frame).isEditing()));
            // A combo box cell is not typed into.
            ProbeOpException combo = assertThrows(ProbeOpException.class, () -> c.call("gui.type", Wire.object()
                    .put("identifier", "views.table.row.2.cell.Format").put("text", "x")));
            assertEquals("gui.not_editable", combo.code(), combo.getMessage());
            assertTrue(combo.getMessage().contains("gui.select"), combo.getMessage());
            assertFalse(Swing.onEdt(() -> tableOf(frame).isEditing()), "editing cancelled");
        }
    }

    private static JTable tableOf(JFrame f) {
        return (JTable) ((JScrollPane) f.getContentPane().getComponent(0)).getViewport().getView();
    }

    @Test
    void aClickOnAHeaderSortsAsAHandsDoes() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            frame = shown(c, "views.table");
            c.call("gui.click", Wire.object().put("identifier", "views.table.column.1"));
            JsonNode items = items(c, "views.table");
            assertEquals("ascending", DerivedIT.item(items, "views.table.column.1").path("sort").asText(), items.toString());
            assertEquals("1957", cells(DerivedIT.item(items, "views.table.row.0")).get(1));
            c.call("gui.click", Wire.object().put("identifier", "views.table.column.1"));
            items = items(c, "views.table");
            assertEquals("descending", DerivedIT.item(items, "views.table.column.1").path("sort").asText());
            assertEquals("1969", cells(DerivedIT.item(items, "views.table.row.0")).get(1));
            String text = c.call("gui.list", Wire.object().put("scope", "views.table").put("format", "text")).get("text").asText();
            assertTrue(text.contains("Year (descending)"), text);
        }
    }

    @Test
    void aTreeReadsAsDrawnAndItsRowsAreNamedByPath() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            frame = shown(c, "views.tree");
            JsonNode items = items(c, "views.tree");
            JsonNode coltrane = DerivedIT.item(items, "views.tree.row.Music/Jazz/Coltrane");
            assertNotNull(coltrane, DerivedIT.ids(items).toString());
            assertEquals("Coltrane", coltrane.get("label").asText());
            assertFalse(DerivedIT.item(items, "views.tree.row.Music/Classical").get("expanded").asBoolean());
            assertTrue(DerivedIT.item(items, "views.tree.row.Music/Jazz").get("expanded").asBoolean());
            assertFalse(coltrane.has("expanded"), "a leaf is neither: " + coltrane);
            assertNull(DerivedIT.item(items, "views.tree.row.Music/Classical/Bach"), "under a collapsed node: not a row now");
            String text = c.call("gui.list", Wire.object().put("scope", "views.tree").put("format", "text")).get("text").asText();
            assertTrue(text.contains("row views.tree.row.Music/Classical \"Classical\"  collapsed"), text);
            // The handle, clicked as a hand clicks it: the node expands, and no row below it is renamed.
            JsonNode opened = c.call("gui.click", Wire.object().put("identifier", "views.tree.row.Music/Classical.handle")
                    .put("settleMillis", 300));
            assertTrue(opened.get("effects").toString().contains("Music/Classical/Bach"), opened.toString());
            assertTrue(Swing.onEdt(() -> tree.isExpanded(1)));
            // The receipt says the node expanded, as gui.list shows it, besides the rows that appeared under it.
            assertTrue(opened.get("effects").get("changed").toString().contains(
                    "{\"identifier\":\"views.tree.row.Music/Classical\",\"field\":\"expanded\",\"before\":false,\"after\":true}"),
                    opened.toString());
            items = items(c, "views.tree");
            assertTrue(DerivedIT.item(items, "views.tree.row.Music/Classical").get("expanded").asBoolean());
            assertNotNull(DerivedIT.item(items, "views.tree.row.Music/Jazz/Coltrane"), DerivedIT.ids(items).toString());
            assertNotNull(DerivedIT.item(items, "views.tree.row.Music/Classical/Bach"));
            assertFalse(Swing.onEdt(() -> tree.isRowSelected(1)), "the handle expands; it does not select");
            // Clicked again, it collapses; in the words the front ends share, so.
            JsonNode collapsed = c.call("gui.click", Wire.object().put("identifier", "views.tree.row.Music/Classical.handle"));
            assertFalse(Swing.onEdt(() -> tree.isExpanded(1)));
            String said = probe.client.format.ReceiptText.of(collapsed, 4, java.util.Set.of()).line();
            assertTrue(said.contains("views.tree.row.Music/Classical collapsed"), said);
            // A row under a collapsed node is clicked as a hand reaches it: the node above expanded first.
            JsonNode bach = c.call("gui.click", Wire.object().put("identifier", "views.tree.row.Music/Classical/Bach").put("settleMillis", 300));
            assertTrue(bach.get("effects").toString().contains("Music/Classical/Bach"), bach.toString());
            // The receipt says what became of the row it was aimed at, though nothing listed it before the click.
            JsonNode selected = null;
            for (JsonNode ch : bach.get("effects").get("changed")) {
                if (ch.path("identifier").asText().equals("views.tree.row.Music/Classical/Bach") && ch.path("field").asText().equals("selected")) {
                    selected = ch;
                }
            }
            assertNotNull(selected, "the clicked row's selection in the receipt: " + bach);
            assertTrue(selected.get("before").isNull() && selected.get("after").asBoolean(), selected.toString());
            assertTrue(DerivedIT.item(items(c, "views.tree"), "views.tree.row.Music/Classical/Bach").get("selected").asBoolean());
            // A leaf has no handle; a path nobody shows is not there.
            ProbeOpException leaf = assertThrows(ProbeOpException.class, () -> c.call("gui.click", Wire.object()
                    .put("identifier", "views.tree.row.Music/Classical/Bach.handle")));
            assertEquals("gui.not_clickable", leaf.code(), leaf.getMessage());
            assertTrue(leaf.getMessage().contains("leaf"), leaf.getMessage());
            ProbeOpException none = assertThrows(ProbeOpException.class, () -> c.call("gui.click", Wire.object()
                    .put("identifier", "views.tree.row.Music/Rock")));
            assertEquals("gui.identifier_not_found", none.code(), none.getMessage());
        }
    }

    /** The one item an exact address lists (a cell, a handle, a header column), or null when it lists none. */
    private static JsonNode addressed(ProbeClient c, String identifier) throws Exception {
        JsonNode items;
        try {
            items = items(c, identifier);
        } catch (ProbeOpException e) {
            assertEquals("gui.identifier_not_found", e.code(), e.getMessage());
            return null;
        }
        return items.size() == 1 && identifier.equals(items.get(0).path("identifier").asText()) ? items.get(0) : null;
    }

    /** A real press at a point on the screen the probe gave ({@code atOnScreen}). */
    private static void press(XMarker marker, JsonNode atOnScreen) throws Exception {
        marker.press(atOnScreen.get(0).asInt(), atOnScreen.get(1).asInt());
    }

    /**
     * The reach oracle on the data views' own parts: each tree handle, table cell and header column
     * pressed for real by xdotool where the probe says a hand presses it. A handle's press must
     * expand or collapse its node (the tree's own UI decides, as under a hand); a cell's and a
     * column's must land on the table (its header) where the table's own hit test finds that cell
     * (column), kept from the app by the recorder.
     */
    @Test
    void theHandlesCellsAndColumnsAreJudgedAsRealPressesLand() throws Exception {
        PressRecorder rec = new PressRecorder();
        try (ProbeClient c = Fixture.client(); XMarker marker = XMarker.show("views")) {
            frame = shown(c, "views.tree");
            java.awt.Rectangle awt = Swing.onEdt(() -> new java.awt.Rectangle(frame.getLocationOnScreen(), frame.getSize()));
            SwingSet2.windowWhereAwtHasIt(ProcessHandle.current().pid(), "Data Views", awt);
            List<String> disagreements = new ArrayList<>();
            int presses = 0;
            assertNull(addressed(c, "views.tree.row.Music.handle"), "the root shows no handle without root handles");
            for (String node : List.of("views.tree.row.Music/Classical", "views.tree.row.Music/Jazz")) {
                JsonNode handle = addressed(c, node + ".handle");
                assertNotNull(handle, node);
                assertEquals("handle", handle.get("role").asText(), handle.toString());
                assertTrue(handle.get("clickable").asBoolean(), handle.toString());
                boolean before = handle.get("expanded").asBoolean();
                press(marker, handle.get("atOnScreen"));
                presses++;
                int row = DerivedIT.item(items(c, node), node).get("index").asInt();
                boolean after = Swing.onEdt(() -> tree.isExpanded(row));
                if (after == before) {
                    disagreements.add(node + ".handle: clickable at " + handle.get("atOnScreen") + ", but a real press left it "
                            + (before ? "expanded" : "collapsed"));
                }
            }
            Swing.onEdt(() -> {
                rec.install();
                return null;
            });
            try {
                JTable table = tableOf(frame);
                List<String> targets = new ArrayList<>();
                for (String column : List.of("Title", "Year", "Owned", "Format")) {
                    for (int r = 0; r < ALBUMS.size(); r++) {
                        targets.add("views.table.row." + r + ".cell." + column);
                    }
                }
                for (int k = 0; k < 4; k++) {
                    targets.add("views.table.column." + k);
                }
                for (String id : targets) {
                    JsonNode item = addressed(c, id);
                    assertNotNull(item, id);
                    assertTrue(item.get("clickable").asBoolean(), item.toString());
                    rec.pressed = null;
                    rec.armed = true;
                    try {
                        press(marker, item.get("atOnScreen"));
                    } finally {
                        rec.armed = false;
                    }
                    presses++;
                    java.awt.Component landed = rec.pressed;
                    java.awt.Point on = rec.pressedOnScreen;
                    boolean cell = id.contains(".cell.");
                    String found = Swing.onEdt(() -> {
                        if (landed == null) {
                            return "nothing";
                        }
                        java.awt.Point p = new java.awt.Point(on);
                        javax.swing.SwingUtilities.convertPointFromScreen(p, landed);
                        if (cell && landed == table) {
                            return "views.table.row." + table.rowAtPoint(p) + ".cell." + table.getColumnName(table.columnAtPoint(p));
                        }
                        if (!cell && landed == table.getTableHeader()) {
                            return "views.table.column." + table.convertColumnIndexToModel(table.getTableHeader().columnAtPoint(p));
                        }
                        return landed.getClass().getSimpleName();
                    });
                    if (!id.equals(found)) {
                        disagreements.add(id + ": clickable at " + item.get("atOnScreen") + ", but a real press landed on " + found);
                    }
                }
            } finally {
                Swing.onEdt(() -> {
                    rec.uninstall();
                    return null;
                });
            }
            System.out.println("DataViewsIT oracle: " + presses + " real presses on tree handles, table cells and header columns, "
                    + disagreements.size() + " disagreements, java " + System.getProperty("java.version"));
            assertEquals(List.of(), disagreements);
        }
    }

    @Test
    void aListReadsAsDrawn() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            frame = shown(c, "views.list");
            JsonNode items = items(c, "views.list");
            assertEquals("Abbey Road (1969)", DerivedIT.item(items, "views.list.row.1").get("label").asText());
            JsonNode r = c.call("gui.select", Wire.object().put("identifier", "views.list").put("label", "Blue Train (1957)"));
            assertEquals("views.list.row.2", r.get("selected").asText());
        }
    }

    @Test
    void aLargeTableListsTheRowsInViewAndHowManyThereAre() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            frame = shown(c, "views.big");
            long t0 = System.nanoTime();
            JsonNode items = items(c, "views.big");
            long listMillis = (System.nanoTime() - t0) / 1_000_000;
            JsonNode big = DerivedIT.item(items, "views.big");
            assertEquals(BIG, big.get("rows").get("count").asInt(), big.toString());
            int first = big.get("rows").get("first").asInt();
            int last = big.get("rows").get("last").asInt();
            assertEquals(0, first);
            assertTrue(last > 5 && last < 100, big.toString());
            long rows = 0;
            for (JsonNode i : items) {
                rows += "row".equals(i.path("role").asText()) ? 1 : 0;
            }
            assertEquals(last - first + 1, rows, "only the rows in view are listed");
            String text = c.call("gui.list", Wire.object().put("scope", "views.big").put("format", "text")).get("text").asText();
            assertTrue(text.contains("rows 1-" + (last + 1) + " of 100,000"), text);
            // A row out of view is still addressed by its index, and its cell by its header.
            assertEquals("item 77777", c.call("gui.wait", Wire.object().put("identifier", "views.big.row.77777.cell.Name")
                    .put("value", "item 77777").put("timeoutMillis", 2000)).get("value").asText());
            c.call("gui.click", Wire.object().put("identifier", "views.big.row.77777"));
            items = items(c, "views.big");
            JsonNode row = DerivedIT.item(items, "views.big.row.77777");
            assertNotNull(row, "scrolled into view and listed: " + DerivedIT.ids(items));
            assertTrue(row.get("selected").asBoolean());
            assertNotEquals(0, DerivedIT.item(items, "views.big").get("rows").get("first").asInt());
            assertFalse(listMillis > 2000, "listed in " + listMillis + " ms");
            // A query finds rows across the whole model, the event thread serving the app between slices of the search.
            java.util.concurrent.atomic.AtomicLong worst = new java.util.concurrent.atomic.AtomicLong();
            java.util.concurrent.atomic.AtomicBoolean searching = new java.util.concurrent.atomic.AtomicBoolean(true);
            Thread app = new Thread(() -> {
                while (searching.get()) {
                    long t = System.nanoTime();
                    try {
                        javax.swing.SwingUtilities.invokeAndWait(() -> { });
                    } catch (Exception e) {
                        return;
                    }
                    worst.accumulateAndGet(System.nanoTime() - t, Math::max);
                    java.util.concurrent.locks.LockSupport.parkNanos(500_000);
                }
            }, "edt-latency");
            app.start();
            long q0 = System.nanoTime();
            JsonNode found;
            try {
                found = c.call("gui.list", Wire.object().put("scope", "views.big").put("query", "item 9999")).get("items");
            } finally {
                searching.set(false);
                app.join(5000);
            }
            long queryMillis = (System.nanoTime() - q0) / 1_000_000;
            List<String> ids = DerivedIT.ids(found);
            // item 9999 and item 99990..99999: eleven rows, all out of view.
            for (String id : List.of("views.big.row.9999", "views.big.row.99990", "views.big.row.99999")) {
                assertTrue(ids.contains(id), id + " in " + ids);
            }
            assertEquals(11, ids.stream().filter(i -> i.startsWith("views.big.row.")).count(), ids.toString());
            JsonNode far = DerivedIT.item(found, "views.big.row.99999");
            assertFalse(far.get("visible").asBoolean());
            assertEquals(List.of("99999", "item 99999"), cells(far));
            String foundText = c.call("gui.list", Wire.object().put("scope", "views.big").put("query", "item 99999").put("format", "text"))
                    .get("text").asText();
            assertTrue(foundText.contains("row views.big.row.99999  99999 | item 99999  scrolled out of view"), foundText);
            System.out.println("DataViewsIT: 100,000-row table listed in " + listMillis + " ms (" + rows + " rows in view); a query"
                    + " over the whole model in " + queryMillis + " ms, the event thread's longest wait meanwhile "
                    + worst.get() / 100_000 / 10.0 + " ms; java " + System.getProperty("java.version"));
        }
    }
}
