package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import probe.api.wire.Wire;
import probe.client.ProbeClient;

/**
 * gui.drag on SwingSet2, an application nobody here wrote, through the socket: SliderDemo's thumb
 * dragged to a value, SplitPaneDemo's divider moved, an internal frame of InternalFrameDemo dragged
 * by its title bar, a column of TableDemo's table dragged to another place. Each reply must say what
 * changed, and the application's state read back through gui.list must agree with it. One
 * SwingSet2 for the class; each test opens its demo.
 */
@ExtendWith(Bounded.class)
class DragIT {
    private static Proc app;
    private static long pid;
    private static ProbeClient c;

    @BeforeAll
    static void startSwingSet2() throws Exception {
        Path jar = SwingSet2.jar();
        app = Proc.java(Map.of(), "-jar", jar.toString());
        pid = app.pid();
        SwingSet2.awaitWindow(pid);
        c = ProbeClient.connect(Path.of(Cli.asUser("attach", Long.toString(pid)).ok().out().trim()));
    }

    @AfterAll
    static void stopSwingSet2() throws Exception {
        try {
            if (c != null) {
                c.close();
                Cli.asUser("detach", Long.toString(pid)).ok();
            }
        } finally {
            if (app != null) {
                app.close();
            }
        }
    }

    /** Clicks the toolbar's toggle of the demo whose tooltip starts with {@code tip}; the listing once it shows. */
    private static JsonNode open(String tip) throws Exception {
        JsonNode toggle = SwingSet2.toggle(c.call("gui.list").get("items"), tip);
        assertNotNull(toggle, tip + "'s toggle");
        c.call("gui.click", Wire.object().put("identifier", toggle.get("identifier").asText()).put("settleMillis", 1000));
        return c.call("gui.list").get("items");
    }

    private static JsonNode find(JsonNode items, java.util.function.Predicate<JsonNode> p) {
        for (JsonNode i : items) {
            if (p.test(i)) {
                return i;
            }
        }
        return null;
    }

    private static JsonNode byId(String id) throws Exception {
        return find(c.call("gui.list", Wire.object().put("scope", id)).get("items"), i -> id.equals(i.path("identifier").asText()));
    }

    private static int at(JsonNode item, int k) {
        return item.get("frame").get(k).asInt();
    }

    @Test
    void sliderDemosThumbIsDraggedToAValue() throws Exception {
        JsonNode items = open("JSlider");
        // SliderDemo's first slider: "Plain", from -10 to 100, no labels (its source).
        JsonNode slider = find(items, i -> "slider".equals(i.path("role").asText()) && "Plain".equals(i.path("label").asText()));
        assertNotNull(slider, "SliderDemo's plain slider");
        String id = slider.get("identifier").asText();
        int min = -10;
        int max = 100;
        int value = slider.get("value").asInt();
        // Metal's thumb is 15 pixels wide; the track runs between its half widths at either end.
        int width = at(slider, 2);
        double perUnit = (width - 14) / (double) (max - min);
        int thumbX = 7 + (int) Math.round((value - min) * perUnit);
        int wanted = 75;
        JsonNode data = c.call("gui.drag", Wire.object().put("identifier", id).put("x", thumbX).put("y", at(slider, 3) / 2)
                .put("dx", (int) Math.round((wanted - value) * perUnit)).put("dy", 0));
        JsonNode dragged = data.get("dragged");
        System.out.println("DragIT: SliderDemo " + dragged + ", java " + System.getProperty("java.version"));
        assertEquals("value", dragged.get("what").asText(), data.toString());
        assertEquals(value, dragged.get("before").asInt());
        assertTrue(Math.abs(dragged.get("after").asInt() - wanted) <= 1, "dragged to about " + wanted + ": " + dragged);
        assertTrue(dragged.get("changed").asBoolean());
        assertEquals(dragged.get("after").asInt(), byId(id).get("value").asInt(), "the slider holds the value the reply says");
        assertTrue(data.get("effects").toString().contains(id), "the receipt names the slider: " + data.get("effects"));
    }

    @Test
    void splitPaneDemosDividerIsMoved() throws Exception {
        JsonNode items = open("JSplitPane");
        JsonNode tabs = find(items, i -> "tabs".equals(i.path("role").asText()));
        // The divider is no item of its own: its one-touch buttons are, at its top.
        JsonNode oneTouch = find(items, i -> i.path("identifier").asText().endsWith("splitPaneDemo.button"));
        assertNotNull(tabs, "the demos' tabs");
        assertNotNull(oneTouch, "the divider's one-touch button");
        int x = at(oneTouch, 0) + at(oneTouch, 2) / 2 - at(tabs, 0);
        int y = at(oneTouch, 1) + 150 - at(tabs, 1);
        JsonNode data = c.call("gui.drag", Wire.object().put("identifier", tabs.get("identifier").asText()).put("x", x).put("y", y)
                .put("dx", 80).put("dy", 0));
        JsonNode dragged = data.get("dragged");
        System.out.println("DragIT: SplitPaneDemo " + dragged);
        assertEquals("divider", dragged.get("what").asText(), data.toString());
        assertEquals(80, dragged.get("after").asInt() - dragged.get("before").asInt(), dragged.toString());
        assertEquals(at(oneTouch, 0) + 80, at(byId(oneTouch.get("identifier").asText()), 0), "the divider (its button) moved by 80");
    }

    @Test
    void internalFrameDemosFrameIsDraggedByItsTitleBar() throws Exception {
        JsonNode items = open("JInternalFrame");
        JsonNode tabs = find(items, i -> "tabs".equals(i.path("role").asText()));
        // The internal frames are no items; their title bars' buttons are (named after the frame's AWT name).
        JsonNode iconify = find(items, i -> i.path("identifier").asText().endsWith("frame0.button.iconify"));
        assertNotNull(iconify, "the first internal frame's iconify button");
        // On its title bar, 100 pixels left of its buttons.
        int x = at(iconify, 0) - 100 - at(tabs, 0);
        int y = at(iconify, 1) + at(iconify, 3) / 2 - at(tabs, 1);
        JsonNode data = c.call("gui.drag", Wire.object().put("identifier", tabs.get("identifier").asText()).put("x", x).put("y", y)
                .put("dx", 60).put("dy", 40));
        JsonNode dragged = data.get("dragged");
        System.out.println("DragIT: InternalFrameDemo " + dragged);
        assertEquals("bounds", dragged.get("what").asText(), data.toString());
        JsonNode b = dragged.get("before");
        JsonNode a = dragged.get("after");
        assertEquals(List.of(b.get(0).asInt() + 60, b.get(1).asInt() + 40, b.get(2).asInt(), b.get(3).asInt()),
                List.of(a.get(0).asInt(), a.get(1).asInt(), a.get(2).asInt(), a.get(3).asInt()), dragged.toString());
        JsonNode now = byId(iconify.get("identifier").asText());
        assertEquals(List.of(at(iconify, 0) + 60, at(iconify, 1) + 40), List.of(at(now, 0), at(now, 1)),
                "the frame's title bar went with it");
    }

    @Test
    void tableDemosColumnIsDraggedToAnotherPlace() throws Exception {
        JsonNode items = open("JTable");
        JsonNode table = find(items, i -> "table".equals(i.path("role").asText()));
        assertNotNull(table, "TableDemo's table");
        String t = table.get("identifier").asText();
        List<String> columns = new ArrayList<>();
        List<String> headers = new ArrayList<>();
        for (JsonNode i : items) {
            if ("column".equals(i.path("role").asText()) && t.equals(i.path("parent").asText())) {
                columns.add(i.get("identifier").asText());
                headers.add(i.get("label").asText());
            }
        }
        assertTrue(columns.size() >= 3, columns.toString());
        String firstCell = byId(t + ".row.0").get("cells").get(0).asText();
        JsonNode data = c.call("gui.drag", Wire.object().put("identifier", columns.get(0)).put("to", columns.get(2)));
        JsonNode dragged = data.get("dragged");
        System.out.println("DragIT: TableDemo " + dragged);
        assertEquals("columns", dragged.get("what").asText(), data.toString());
        List<String> expected = new ArrayList<>(headers);
        expected.add(2, expected.remove(0));
        List<String> after = new ArrayList<>();
        dragged.get("after").forEach(h -> after.add(h.asText()));
        assertEquals(expected, after, "the first column went to the third place: " + dragged);
        List<String> listed = new ArrayList<>();
        for (JsonNode i : c.call("gui.list", Wire.object().put("scope", t)).get("items")) {
            if ("column".equals(i.path("role").asText())) {
                listed.add(i.get("label").asText());
            }
        }
        assertEquals(expected, listed, "gui.list lists the header in its new order");
        assertEquals(firstCell, byId(t + ".row.0").get("cells").get(2).asText(), "the rows' cells are drawn in the new order");
    }
}
