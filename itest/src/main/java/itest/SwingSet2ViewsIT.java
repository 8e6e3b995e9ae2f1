package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import probe.api.wire.Wire;
import probe.client.ProbeClient;

/**
 * SwingSet2's TableDemo, TreeDemo and ListDemo, an application nobody here wrote, through the
 * socket: the table's header and cells read as drawn, a header click reorders the rows as a hand's
 * does, a text cell and a combo box cell edited through the table's own editor and read back (a
 * check box cell too where the table has one: TableDemo has none); the tree's rows named by their
 * path, which expanding a node above does not change, a node expanded and collapsed by its handle,
 * a row under two collapsed nodes reached and selected; the list's rows read as its renderer draws
 * them and one selected by its text; and what the MCP server's snapshot of the table and the tree costs an agent.
 */
@ExtendWith(Bounded.class)
class SwingSet2ViewsIT {

    private static JsonNode first(JsonNode items, String role) {
        for (JsonNode i : items) {
            if (role.equals(i.path("role").asText())) {
                return i;
            }
        }
        return null;
    }

    private static List<JsonNode> all(JsonNode items, String role, String parent) {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode i : items) {
            if (role.equals(i.path("role").asText()) && parent.equals(i.path("parent").asText())) {
                out.add(i);
            }
        }
        return out;
    }

    private static JsonNode byId(JsonNode items, String id) {
        for (JsonNode i : items) {
            if (id.equals(i.path("identifier").asText())) {
                return i;
            }
        }
        return null;
    }

    /** What a test does in a demo, through the client of the probe attached to SwingSet2. */
    private interface InDemo {
        void run(ProbeClient c) throws Exception;
    }

    /**
     * SwingSet2 started, the probe attached by the real hvm-dbg jar, the demo whose toolbar toggle's
     * tooltip starts with {@code tip} opened by a click, then {@code body}; detached at the end.
     */
    private static void inDemo(String tip, InDemo body) throws Exception {
        inDemo(tip, (c, socket) -> body.run(c));
    }

    /** What a test does in a demo, through the client and with the probe's socket. */
    private interface InDemoAt {
        void run(ProbeClient c, Path socket) throws Exception;
    }

    private static void inDemo(String tip, InDemoAt body) throws Exception {
        try (Proc app = Proc.java(Map.of(), "-jar", SwingSet2.jar().toString())) {
            long pid = app.pid();
            SwingSet2.awaitWindow(pid);
            Path socket = Path.of(Cli.asUser("attach", Long.toString(pid)).ok().out().trim());
            try (ProbeClient c = ProbeClient.connect(socket)) {
                openDemo(c, tip);
                body.run(c, socket);
            } finally {
                Cli.asUser("detach", Long.toString(pid)).ok();
            }
        }
    }

    /** Opens the demo whose toolbar toggle's tooltip starts with {@code tip}, as a hand does: a click on the toggle. */
    private static void openDemo(ProbeClient c, String tip) throws Exception {
        String demo = SwingSet2.toggle(c.call("gui.list").get("items"), tip).get("identifier").asText();
        c.call("gui.click", Wire.object().put("identifier", demo).put("settleMillis", 1000));
    }

    /**
     * What an agent pays to read a table and a tree through the MCP server (the real hvm-dbg jar, the official
     * SDK's client, o200k_base tokens): gui_snapshot of TableDemo's table (its header and its 46 rows, a line
     * each: a view of at most 200 rows lists them all, 12 of them in view) and of TreeDemo's tree with one more
     * node expanded. The bounds hold the figures measured when the test was written (table 1,595, tree 160
     * tokens, Java 17) with some room: a listing that spelt each cell as an item of its own would be several
     * times over.
     */
    @Test
    void mcpSnapshotsOfTableDemoAndTreeDemoAreCompact() throws Exception {
        inDemo("JTable", (c, socket) -> {
            String table = first(c.call("gui.list").get("items"), "table").get("identifier").asText();
            try (McpIT.Session s = new McpIT.Session(socket, Map.of())) {
                JsonNode tableShot = s.call("gui_snapshot", "scope", table);
                String tableText = McpIT.text(tableShot);
                int rowsListed = all(c.call("gui.list", Wire.object().put("scope", table)).get("items"), "row", table).size();
                assertTrue(tableText.contains("First Name | Last Name"), tableText);
                assertTrue(tableText.lines().count() >= rowsListed, "a line a row: " + tableText);

                openDemo(c, "JTree");
                String tree = first(c.call("gui.list").get("items"), "tree").get("identifier").asText();
                List<JsonNode> rows = all(c.call("gui.list", Wire.object().put("scope", tree)).get("items"), "row", tree);
                String node = rows.get(1).get("identifier").asText();
                c.call("gui.click", Wire.object().put("identifier", node + ".handle").put("settleMillis", 500));
                JsonNode treeShot = s.call("gui_snapshot", "scope", tree);
                String treeText = McpIT.text(treeShot);
                assertTrue(treeText.contains(node + "/"), "the expanded node's children, named by path: " + treeText);

                int tableTokens = tableShot.get("tokens").asInt();
                int treeTokens = treeShot.get("tokens").asInt();
                System.out.println("SwingSet2ViewsIT: MCP gui_snapshot of TableDemo's table (" + rowsListed + " rows listed): "
                        + tableTokens + " o200k tokens; of TreeDemo's tree with " + node + " expanded: " + treeTokens + " tokens, java "
                        + System.getProperty("java.version") + "\n" + tableText + "\n" + treeText);
                assertTrue(tableTokens <= 1900, tableTokens + " tokens for the table\n" + tableText);
                assertTrue(treeTokens <= 200, treeTokens + " tokens for the tree\n" + treeText);
            }
        });
    }

    @Test
    void tableDemoReadsSortsAndTogglesACheckBoxCell() throws Exception {
        inDemo("JTable", c -> {
            JsonNode items = c.call("gui.list").get("items");
            JsonNode table = first(items, "table");
            assertNotNull(table, "TableDemo's table");
            String t = table.get("identifier").asText();
            List<JsonNode> columns = all(items, "column", t);
            List<JsonNode> rows = all(items, "row", t);
            assertTrue(columns.size() >= 5, "its header's columns: " + columns);
            List<String> headers = new ArrayList<>();
            columns.forEach(h -> headers.add(h.path("label").asText()));
            assertTrue(headers.contains("First Name") && headers.contains("Last Name"), headers.toString());
            int shown = 0;
            int read = 0;
            for (JsonNode r : rows) {
                if (r.path("visible").asBoolean()) {
                    shown += columns.size();
                    for (JsonNode cell : r.get("cells")) {
                        read += cell.isBoolean() || !cell.asText().isEmpty() ? 1 : 0;
                    }
                }
            }
            System.out.println("SwingSet2ViewsIT: TableDemo cells read " + read + " of " + shown + " shown, java "
                    + System.getProperty("java.version"));
            // Every cell that draws words reads (Favorite Food draws a picture alone, whose image has no description).
            assertTrue(read > 0 && read >= shown * 5 / 6, read + " of " + shown + ": " + rows.get(0));
            String text = c.call("gui.list", Wire.object().put("scope", t).put("format", "text")).get("text").asText();
            assertTrue(text.contains("header  " + String.join(" | ", headers).substring(0, 20)), text);

            // A header click sorts as a hand's: the first column's cells in another order.
            int last = headers.indexOf("Last Name");
            List<String> before = column(c, t, last);
            JsonNode clicked = c.call("gui.click", Wire.object().put("identifier", columns.get(last).get("identifier").asText())
                    .put("settleMillis", 1000));
            List<String> after = column(c, t, last);
            System.out.println("SwingSet2ViewsIT: header click on Last Name: " + before.subList(0, 3) + " -> " + after.subList(0, 3));
            assertNotEquals(before, after, "the click reordered the rows: " + clicked);
            List<String> sorted = new ArrayList<>(after);
            sorted.sort(String.CASE_INSENSITIVE_ORDER);
            List<String> reversed = new ArrayList<>(sorted);
            java.util.Collections.reverse(reversed);
            assertTrue(after.equals(sorted) || after.equals(reversed), "sorted by Last Name: " + after);

            // A check box cell: a click toggles it through the table's editor; the receipt tells the row's new text.
            int veg = -1;
            for (int i = 0; i < headers.size(); i++) {
                veg = headers.get(i).startsWith("Vegetarian") ? i : veg;
            }
            if (veg >= 0) {
                String row = t + ".row.1";
                String cell = row + ".cell." + headers.get(veg);
                boolean was = byId(c.call("gui.list", Wire.object().put("scope", t)).get("items"), row).get("cells").get(veg)
                        .asBoolean();
                JsonNode r = c.call("gui.click", Wire.object().put("identifier", cell).put("settleMillis", 500));
                JsonNode now = byId(c.call("gui.list", Wire.object().put("scope", t)).get("items"), row);
                assertEquals(!was, now.get("cells").get(veg).asBoolean(), "toggled: " + now + " receipt " + r);
                assertTrue(r.get("effects").toString().contains(row), "the receipt names the row: " + r.get("effects"));
                c.call("gui.wait", Wire.object().put("identifier", cell).put("value", Boolean.toString(!was)).put("timeoutMillis", 2000));
            }

            // A text cell typed into through the table's own editor (a double-click starts it, Enter commits), read back.
            String first = t + ".row.0.cell.First Name";
            JsonNode typed = c.call("gui.type", Wire.object().put("identifier", first).put("text", "Zelda").put("replace", true)
                    .put("settleMillis", 500));
            assertEquals("Zelda", typed.get("value").asText(), typed.toString());
            assertEquals("Zelda", byId(c.call("gui.list", Wire.object().put("scope", t)).get("items"), t + ".row.0").get("cells")
                    .get(headers.indexOf("First Name")).asText());
            // A combo box cell chosen from its editor's popup, read back.
            int colour = headers.indexOf("Favorite Color");
            int edited = 1;
            if (colour >= 0) {
                String row = t + ".row.0";
                String was = byId(c.call("gui.list", Wire.object().put("scope", t)).get("items"), row).get("cells").get(colour).asText();
                String want = was.equals("Orange") ? "Purple" : "Orange";
                JsonNode chosen = c.call("gui.select", Wire.object().put("identifier", row + ".cell.Favorite Color").put("label", want)
                        .put("settleMillis", 500));
                assertEquals(want, byId(c.call("gui.list", Wire.object().put("scope", t)).get("items"), row).get("cells").get(colour)
                        .asText(), chosen.toString());
                assertTrue(chosen.get("effects").toString().contains(want), chosen.get("effects").toString());
                edited++;
            }
            // TableDemo has no check box column (DataViewsIT toggles one); a table that has one had it toggled above.
            System.out.println("SwingSet2ViewsIT: TableDemo edits committed and read back: " + (edited + (veg >= 0 ? 1 : 0))
                    + " (a text cell, a combo box cell" + (veg >= 0 ? ", a check box cell" : "") + ") of the columns " + headers);
        });
    }

    @Test
    void listDemoReadsAsDrawnAndSelectsByText() throws Exception {
        inDemo("JList", c -> {
            JsonNode items = c.call("gui.list").get("items");
            JsonNode list = null;
            for (JsonNode i : items) {
                list = list == null && "list".equals(i.path("role").asText()) && i.path("rows").path("count").asInt() > 10 ? i : list;
            }
            assertNotNull(list, "ListDemo's list of names");
            String l = list.get("identifier").asText();
            List<JsonNode> rows = all(items, "row", l);
            assertTrue(rows.size() > 10, rows.toString());
            for (JsonNode r : rows) {
                String label = r.path("label").asText();
                // Drawn by the demo's own renderer (a logo and the name): words, never a value's toString().
                assertTrue(!label.isEmpty() && !label.contains("@") && !label.contains("ListDemo"), r.toString());
            }
            JsonNode fifth = rows.get(5);
            JsonNode chosen = c.call("gui.select", Wire.object().put("identifier", l).put("label", fifth.get("label").asText()));
            assertEquals(fifth.get("identifier").asText(), chosen.get("selected").asText(), chosen.toString());
            assertTrue(byId(c.call("gui.list", Wire.object().put("scope", l)).get("items"), fifth.get("identifier").asText())
                    .get("selected").asBoolean());
            System.out.println("SwingSet2ViewsIT: ListDemo " + rows.size() + " rows read as drawn (" + rows.get(0).get("label")
                    + ", ...), selected " + fifth.get("label") + " by its text");
        });
    }

    /** The texts of view column {@code col} of the rows listed, in view order. */
    private static List<String> column(ProbeClient c, String table, int col) throws Exception {
        List<String> out = new ArrayList<>();
        for (JsonNode r : all(c.call("gui.list", Wire.object().put("scope", table)).get("items"), "row", table)) {
            out.add(r.get("cells").get(col).asText());
        }
        return out;
    }

    @Test
    void treeDemoRowsAreNamedByPathAndExpandingAboveRenamesNone() throws Exception {
        inDemo("JTree", c -> {
            JsonNode items = c.call("gui.list").get("items");
            JsonNode tree = first(items, "tree");
            assertNotNull(tree, "TreeDemo's tree");
            String t = tree.get("identifier").asText();
            List<JsonNode> rows = all(items, "row", t);
            assertTrue(rows.size() >= 2, rows.toString());
            JsonNode lastRow = rows.get(rows.size() - 1);
            String lastId = lastRow.get("identifier").asText();
            assertTrue(lastId.startsWith(t + ".row.") && lastId.contains("/") || rows.size() < 3, "named by path: " + lastId);
            // Expand the first collapsed row above the last one by a hand's double click on it.
            String above = rows.get(1).get("identifier").asText();
            c.call("gui.click", Wire.object().put("identifier", above).put("count", 2).put("settleMillis", 500));
            JsonNode now = c.call("gui.list", Wire.object().put("scope", t)).get("items");
            List<JsonNode> rowsNow = all(now, "row", t);
            System.out.println("SwingSet2ViewsIT: TreeDemo rows " + rows.size() + " -> " + rowsNow.size() + " after expanding " + above);
            assertTrue(rowsNow.size() > rows.size(), "the double click expanded " + above);
            JsonNode still = byId(now, lastId);
            assertNotNull(still, lastId + " keeps its identifier below the expanded node");
            assertEquals(lastRow.get("label").asText(), still.get("label").asText());
            c.call("gui.click", Wire.object().put("identifier", lastId));
            assertTrue(byId(c.call("gui.list", Wire.object().put("scope", t)).get("items"), lastId).get("selected").asBoolean());

            // By path: a node's handle expands it, a row two levels down under collapsed nodes is clicked as a hand reaches it.
            String child = null;
            for (JsonNode r : rowsNow) {
                String id = r.get("identifier").asText();
                if (child == null && id.startsWith(above + "/") && r.has("expanded") && !r.get("expanded").asBoolean()) {
                    child = id;
                }
            }
            assertNotNull(child, "a collapsed node under " + above + ": " + rowsNow);
            c.call("gui.click", Wire.object().put("identifier", child + ".handle"));
            String deep = null;
            for (JsonNode r : all(c.call("gui.list", Wire.object().put("scope", t)).get("items"), "row", t)) {
                String id = r.get("identifier").asText();
                deep = deep == null && id.startsWith(child + "/") ? id : deep;
            }
            assertNotNull(deep, "a row under " + child + " once its handle was clicked");
            // Collapsed again from the top: the deep row is no row now.
            c.call("gui.click", Wire.object().put("identifier", above + ".handle"));
            JsonNode collapsed = c.call("gui.list", Wire.object().put("scope", t)).get("items");
            assertEquals(rows.size(), all(collapsed, "row", t).size(), "collapsed back: " + DerivedIT.ids(collapsed));
            assertEquals(null, byId(collapsed, deep));
            JsonNode reached = c.call("gui.click", Wire.object().put("identifier", deep).put("settleMillis", 500));
            JsonNode selected = byId(c.call("gui.list", Wire.object().put("scope", t)).get("items"), deep);
            assertNotNull(selected, "expanded down to " + deep + ": " + reached);
            assertTrue(selected.get("selected").asBoolean(), selected.toString());
            System.out.println("SwingSet2ViewsIT: TreeDemo " + deep + " reached under two collapsed nodes and selected");
        });
    }
}
