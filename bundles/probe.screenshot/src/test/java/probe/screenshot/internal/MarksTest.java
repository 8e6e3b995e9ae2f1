package probe.screenshot.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Rectangle;
import java.util.List;
import org.junit.jupiter.api.Test;
import probe.api.wire.Wire;

/**
 * gui.screenshot's annotate, its placement: which items are marked, where, in what order, where each
 * number's label goes, the frame's rectangles and the legend's data; pure logic, with a stand-in for
 * the font's metrics, so no font or display is needed. The drawing: {@link MarkPainterTest}.
 */
class MarksTest {
    private static ObjectNode item(ArrayNode items, String id, String role, String window, int x, int y, int w, int h) {
        ObjectNode o = items.addObject();
        o.put("identifier", id);
        o.put("role", role);
        o.put("window", window);
        o.putArray("frame").add(x).add(y).add(w).add(h);
        return o;
    }

    static final List<Marks.Shown> WINDOWS = List.of(new Marks.Shown("main", new Rectangle(100, 50, 400, 300)),
            new Marks.Shown("dialog.d", new Rectangle(200, 100, 100, 100)));

    static ArrayNode items() {
        ArrayNode items = Wire.mapper().createArrayNode();
        item(items, "main", "window", "main", 100, 50, 400, 300);
        item(items, "a.button", "button", "main", 10, 10, 50, 20);
        item(items, "a.group", "group", "main", 0, 0, 400, 300);
        item(items, "a.hidden", "label", "main", 120, 60, 20, 20); // on screen 220,110: under the dialog whole
        item(items, "a.menu", "menuItem", "main", 10, 40, 50, 20).put("inClosedMenu", true);
        item(items, "a.row", "row", "main", 10, 70, 50, 20).put("visible", false);
        item(items, "a.far", "button", "main", 390, 290, 50, 50); // cut by the window's edge
        item(items, "dialog.d", "dialog", "dialog.d", 200, 100, 100, 100);
        item(items, "dialog.d.ok", "button", "dialog.d", 10, 10, 30, 20).put("label", "OK");
        return items;
    }

    @Test
    void everyControlThatShowsIsMarkedInTheListingsOrder() {
        List<Marks.Mark> marks = Marks.of(items(), WINDOWS, new Rectangle(100, 50, 400, 300), 1);
        assertEquals(List.of("a.button", "a.far", "dialog.d.ok"), marks.stream().map(Marks.Mark::identifier).toList());
        assertEquals(List.of(1, 2, 3), marks.stream().map(Marks.Mark::number).toList());
        assertEquals(new Rectangle(10, 10, 50, 20), marks.get(0).box());
        assertEquals(new Rectangle(390, 290, 10, 10), marks.get(1).box(), "the part inside its window");
        assertEquals(new Rectangle(110, 60, 30, 20), marks.get(2).box());
        assertEquals("OK", marks.get(2).label());
    }

    @Test
    void aCroppedShotAndAScaledScreenMoveTheBoxes() {
        List<Marks.Mark> dialogOnly = Marks.of(items(), WINDOWS, new Rectangle(200, 100, 100, 100), 1);
        assertEquals(List.of("dialog.d.ok"), dialogOnly.stream().map(Marks.Mark::identifier).toList());
        assertEquals(new Rectangle(10, 10, 30, 20), dialogOnly.get(0).box());
        assertEquals(new Rectangle(20, 20, 60, 40), Marks.of(items(), WINDOWS, new Rectangle(200, 100, 100, 100), 2).get(0).box());
    }

    /** A font of the test's own: every digit 6 pixels wide, an ascent of 10. */
    private static final Marks.Measure SIX_BY_TEN = new Marks.Measure() {
        @Override
        public int width(String digits) {
            return 6 * digits.length();
        }

        @Override
        public int ascent() {
            return 10;
        }
    };

    private static Marks.Mark mark(int number, int x, int y, int w, int h) {
        return new Marks.Mark(number, "m" + number, "button", null, new Rectangle(x, y, w, h));
    }

    @Test
    void aLabelSitsAboveItsBoxWhenThereIsRoomElseInsideItsTopLeftCorner() {
        // A label is the text's width and the ascent, with a pad of 2 units: 6 + 4 by 10 + 2 here.
        List<Marks.Label> labels = Marks.labels(List.of(mark(1, 50, 40, 100, 30), mark(2, 200, 5, 50, 20)), 400, 1, SIX_BY_TEN);
        assertEquals(new Marks.Label("1", new Rectangle(50, 28, 10, 12), 52, 37), labels.get(0), "above: the text pad-in, its baseline one unit over the ascent");
        assertEquals(new Marks.Label("2", new Rectangle(200, 5, 10, 12), 202, 14), labels.get(1), "no room above: inside");
    }

    @Test
    void aLabelGrowsWithTheScreensScaleAndStaysInsideTheImagesRightEdge() {
        List<Marks.Label> labels = Marks.labels(List.of(mark(1, 10, 100, 40, 40), mark(12, 395, 100, 4, 4)), 400, 2, SIX_BY_TEN);
        assertEquals(new Marks.Label("1", new Rectangle(10, 86, 14, 14), 14, 94), labels.get(0), "a pad of 4 at unit 2");
        assertEquals(new Rectangle(380, 86, 20, 14), labels.get(1).box(), "pulled left to end at the image's edge");
    }

    @Test
    void labelsOfTheSameCornerGoSideBySideUnlessThatLeavesTheImage() {
        List<Marks.Mark> corner = List.of(mark(1, 10, 40, 100, 50), mark(2, 10, 40, 100, 10), mark(3, 10, 40, 30, 10));
        assertEquals(List.of(new Rectangle(10, 28, 10, 12), new Rectangle(20, 28, 10, 12), new Rectangle(30, 28, 10, 12)),
                Marks.labels(corner, 400, 1, SIX_BY_TEN).stream().map(Marks.Label::box).toList());
        assertEquals(List.of(new Rectangle(10, 28, 10, 12), new Rectangle(20, 28, 10, 12), new Rectangle(10, 28, 10, 12)),
                Marks.labels(corner, 35, 1, SIX_BY_TEN).stream().map(Marks.Label::box).toList(),
                "the third, with no room to its right, goes back over the first");
    }

    @Test
    void aLabelStepsRightAtMostEightTimes() {
        List<Marks.Mark> corner = new java.util.ArrayList<>();
        for (int i = 0; i < 10; i++) {
            corner.add(mark(1, 10, 40, 100, 50));
        }
        List<Integer> xs = Marks.labels(corner, 1000, 1, SIX_BY_TEN).stream().map(l -> l.box().x).toList();
        assertEquals(List.of(10, 20, 30, 40, 50, 60, 70, 80, 90, 90), xs, "the tenth stops after eight steps, over the ninth");
    }

    @Test
    void theGridPlacesTheLabelsAsComparingEachWithEveryOtherWould() {
        for (int unit = 1; unit <= 3; unit++) {
            java.util.Random random = new java.util.Random(unit);
            int width = 700 * unit;
            List<Marks.Mark> marks = new java.util.ArrayList<>();
            for (int i = 0; i < 1500; i++) {
                Rectangle box = i % 10 == 0 && !marks.isEmpty() ? new Rectangle(marks.get(marks.size() - 1).box())
                        : new Rectangle(random.nextInt(width + 20) - 10, random.nextInt(460 * unit + 20) - 10, random.nextInt(60),
                                random.nextInt(40));
                marks.add(new Marks.Mark(i + 1, "m" + i, "button", null, box));
            }
            List<Rectangle> placed = new java.util.ArrayList<>();
            int pad = 2 * unit;
            for (Marks.Mark m : marks) {
                int w = SIX_BY_TEN.width(Integer.toString(m.number())) + 2 * pad;
                int h = SIX_BY_TEN.ascent() + pad;
                Rectangle b = m.box();
                int x = Math.min(b.x, Math.max(0, width - w));
                Rectangle label = new Rectangle(x, b.y - h >= 0 ? b.y - h : b.y, w, h);
                for (int tries = 0; tries < 8 && placed.stream().anyMatch(label::intersects); tries++) {
                    label.x += w;
                }
                if (label.x + w > width) {
                    label.x = x;
                }
                placed.add(label);
            }
            assertEquals(placed, Marks.labels(marks, width, unit, SIX_BY_TEN).stream().map(Marks.Label::box).toList(), "unit " + unit);
        }
    }

    @Test
    void theUnitIsTheScreensScaleRoundedAndNeverBelowOne() {
        assertEquals(List.of(1, 1, 1, 2, 2, 3), java.util.stream.DoubleStream.of(0.5, 1, 1.25, 1.5, 2, 2.75).mapToObj(Marks::unit).toList());
    }

    @Test
    void aFrameIsFourRectanglesTwoUnitsThickOrOneWhenItHasNoHole() {
        List<Rectangle> frame = new java.util.ArrayList<>();
        Marks.frame(new Rectangle(10, 10, 50, 20), 1, (x, y, w, h) -> frame.add(new Rectangle(x, y, w, h)));
        assertEquals(List.of(new Rectangle(9, 9, 51, 2), new Rectangle(9, 28, 51, 2), new Rectangle(9, 11, 2, 17), new Rectangle(58, 11, 2, 17)),
                frame, "the pixels a 2-wide stroke of drawRect(10, 10, 49, 19) covers");
        frame.clear();
        Marks.frame(new Rectangle(0, 0, 3, 3), 1, (x, y, w, h) -> frame.add(new Rectangle(x, y, w, h)));
        assertEquals(List.of(new Rectangle(-1, -1, 4, 4)), frame);
        frame.clear();
        Marks.frame(new Rectangle(20, 20, 40, 30), 2, (x, y, w, h) -> frame.add(new Rectangle(x, y, w, h)));
        assertEquals(List.of(new Rectangle(19, 19, 42, 4), new Rectangle(19, 47, 42, 4), new Rectangle(19, 23, 4, 24), new Rectangle(57, 23, 4, 24)),
                frame, "at unit 2, four pixels thick");
    }

    @Test
    void theLegendSaysWhereEachMarkIs() {
        List<Marks.Mark> marks = Marks.of(items(), WINDOWS, new Rectangle(100, 50, 400, 300), 1);
        ArrayNode json = Marks.json(marks);
        assertEquals("{\"number\":1,\"identifier\":\"a.button\",\"role\":\"button\",\"frame\":[10,10,50,20]}", json.get(0).toString());
        assertEquals("{\"number\":3,\"identifier\":\"dialog.d.ok\",\"role\":\"button\",\"label\":\"OK\",\"frame\":[110,60,30,20]}",
                json.get(2).toString());
    }
}
