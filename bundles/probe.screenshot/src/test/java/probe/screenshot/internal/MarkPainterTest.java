package probe.screenshot.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import java.awt.Color;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.util.List;
import org.junit.jupiter.api.Test;

/** gui.screenshot's annotate, its painting: the boxes and numbers are drawn where the placement ({@link MarksTest}) puts them, the same pixels as Java2D's stroke and text. */
class MarkPainterTest {
    @Test
    void twoBoxesWithTheSameCornerGetTheirNumbersSideBySide() {
        BufferedImage img = new BufferedImage(200, 100, BufferedImage.TYPE_INT_RGB);
        MarkPainter.draw(img, List.of(new Marks.Mark(1, "l", "list", null, new Rectangle(10, 40, 100, 50)),
                new Marks.Mark(2, "l.row.0", "row", null, new Rectangle(10, 40, 100, 10))), 1);
        // Label 1 above the list at x 10 in the first colour; label 2 beside it in the second.
        assertEquals(new Color(0xD0, 0x10, 0x60).getRGB(), img.getRGB(11, 30));
        boolean second = false;
        for (int x = 14; x < 40; x++) {
            second |= img.getRGB(x, 30) == new Color(0x10, 0x60, 0xD0).getRGB();
        }
        assertTrue(second, "the second label is beside the first, not under it");
    }

    @Test
    void theBoxesAndNumbersAreDrawnAndTheJsonSaysWhere() {
        BufferedImage img = new BufferedImage(400, 300, BufferedImage.TYPE_INT_RGB);
        List<Marks.Mark> marks = Marks.of(MarksTest.items(), MarksTest.WINDOWS, new Rectangle(100, 50, 400, 300), 1);
        MarkPainter.draw(img, marks, 1);
        assertNotEquals(Color.BLACK.getRGB(), img.getRGB(10, 20), "the box's left edge");
        // No room above the box (y 10): the label sits inside its top left corner, a filled box with the number in white.
        int light = 0;
        for (int x = 10; x < 30; x++) {
            for (int y = 10; y < 25; y++) {
                Color c = new Color(img.getRGB(x, y));
                light += c.getRed() > 200 && c.getGreen() > 200 && c.getBlue() > 200 ? 1 : 0;
            }
        }
        assertTrue(light > 3, "the number is drawn in white on its label: " + light);
        assertEquals(new Color(0xD0, 0x10, 0x60).getRGB(), img.getRGB(11, 11), "the label is filled with the mark's colour");
        ArrayNode json = Marks.json(marks);
        assertEquals("{\"number\":1,\"identifier\":\"a.button\",\"role\":\"button\",\"frame\":[10,10,50,20]}", json.get(0).toString());
    }

    /**
     * The drawing as it was before the boxes became filled rectangles and the numbers copied
     * digits: a 2-unit stroke and drawString for every mark. The new one must give the same pixels.
     */
    private static void drawnTheOldWay(BufferedImage image, List<Marks.Mark> marks, double scale) {
        java.awt.Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(java.awt.RenderingHints.KEY_TEXT_ANTIALIASING, java.awt.RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            double unit = Math.max(1, Math.round(scale));
            g.setStroke(new java.awt.BasicStroke((float) (2 * unit)));
            Color[] colours = {new Color(0xD0, 0x10, 0x60), new Color(0x10, 0x60, 0xD0), new Color(0x00, 0x80, 0x30),
                new Color(0xC0, 0x50, 0x00), new Color(0x70, 0x20, 0xB0)};
            for (Marks.Mark m : marks) {
                g.setColor(colours[(m.number() - 1) % 5]);
                Rectangle b = m.box();
                g.drawRect(b.x + (int) unit / 2, b.y + (int) unit / 2, Math.max(1, b.width - (int) unit), Math.max(1, b.height - (int) unit));
            }
            g.setFont(new java.awt.Font(java.awt.Font.SANS_SERIF, java.awt.Font.BOLD, (int) Math.round(11 * unit)));
            java.awt.FontMetrics fm = g.getFontMetrics();
            int pad = (int) Math.round(2 * unit);
            List<Rectangle> placed = new java.util.ArrayList<>();
            for (Marks.Mark m : marks) {
                String n = Integer.toString(m.number());
                int w = fm.stringWidth(n) + 2 * pad;
                int h = fm.getAscent() + pad;
                Rectangle b = m.box();
                int x = Math.min(b.x, Math.max(0, image.getWidth() - w));
                int y = b.y - h >= 0 ? b.y - h : b.y;
                Rectangle label = new Rectangle(x, y, w, h);
                for (int tries = 0; tries < 8 && placed.stream().anyMatch(label::intersects); tries++) {
                    label.x += w;
                }
                if (label.x + w > image.getWidth()) {
                    label.x = x;
                }
                placed.add(label);
                x = label.x;
                g.setColor(colours[(m.number() - 1) % 5]);
                g.fillRect(x, y, w, h);
                g.setColor(Color.WHITE);
                g.drawString(n, x + pad, y + fm.getAscent() - (int) Math.round(unit));
            }
        } finally {
            g.dispose();
        }
    }

    @Test
    void theFastDrawingGivesTheSamePixelsAsTheStrokeAndTheText() {
        for (int unit = 1; unit <= 3; unit++) {
            int width = 700 * unit;
            int height = 460 * unit;
            java.util.Random random = new java.util.Random(unit);
            List<Marks.Mark> marks = new java.util.ArrayList<>();
            // A grid of buttons (numbers up to four digits), boxes at the image's edges, tiny boxes, and shared corners.
            for (int i = 0; i < 1100; i++) {
                Rectangle box = i < 400
                        ? new Rectangle((i % 20) * 34 * unit, (10 + (i / 20) * 22) * unit, 30 * unit, 18 * unit)
                        : new Rectangle(random.nextInt(width + 20) - 10, random.nextInt(height + 20) - 10, random.nextInt(60),
                                random.nextInt(40));
                marks.add(new Marks.Mark(marks.size() + 1, "m" + i, "button", null, box));
                if (i % 97 == 0) {
                    marks.add(new Marks.Mark(marks.size() + 1, "m" + i + ".row", "row", null,
                            new Rectangle(box.x, box.y, box.width, Math.max(1, box.height / 3))));
                }
            }
            BufferedImage expected = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
            for (int y = 0; y < height; y++) {
                for (int x = 0; x < width; x++) {
                    // Not flat: a pixel blended wrongly, or drawn off its label, shows.
                    expected.setRGB(x, y, (x * 7 + y * 13) & 0xff | ((x ^ y) & 0xff) << 8 | (y * 3 & 0xff) << 16);
                }
            }
            BufferedImage actual = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
            actual.setData(expected.getData());
            drawnTheOldWay(expected, marks, unit);
            MarkPainter.draw(actual, marks, unit);
            int differ = 0;
            String first = null;
            for (int y = 0; y < height; y++) {
                for (int x = 0; x < width; x++) {
                    if (expected.getRGB(x, y) != actual.getRGB(x, y)) {
                        if (first == null) {
                            first = x + "," + y;
                        }
                        differ++;
                    }
                }
            }
            assertEquals(0, differ, "scale " + unit + ": pixels that differ from the old drawing, the first at " + first);
            assertTrue(Digits.of(unit).copyable, "scale " + unit + ": the digits are copied, not drawn");
        }
    }

    @Test
    void anotherKindOfImageIsDrawnOnWithJava2dToTheSamePixels() {
        for (int unit = 1; unit <= 2; unit++) {
            int width = 300 * unit;
            int height = 200 * unit;
            java.util.Random random = new java.util.Random(unit);
            List<Marks.Mark> marks = new java.util.ArrayList<>();
            for (int i = 0; i < 300; i++) {
                Rectangle box = i % 7 == 0 && !marks.isEmpty() ? new Rectangle(marks.get(marks.size() - 1).box())
                        : new Rectangle(random.nextInt(width + 20) - 10, random.nextInt(height + 20) - 10, random.nextInt(60), random.nextInt(40));
                marks.add(new Marks.Mark(i + 1, "m" + i, "button", null, box));
            }
            BufferedImage expected = new BufferedImage(width, height, BufferedImage.TYPE_3BYTE_BGR);
            for (int y = 0; y < height; y++) {
                for (int x = 0; x < width; x++) {
                    expected.setRGB(x, y, (x * 7 + y * 13) & 0xff | ((x ^ y) & 0xff) << 8 | (y * 3 & 0xff) << 16);
                }
            }
            BufferedImage actual = new BufferedImage(width, height, BufferedImage.TYPE_3BYTE_BGR);
            actual.setData(expected.getData());
            assertEquals(null, Canvas.of(actual), "not the screenshot's kind: drawn with Java2D");
            drawnTheOldWay(expected, marks, unit);
            MarkPainter.draw(actual, marks, unit);
            int differ = 0;
            for (int y = 0; y < height; y++) {
                for (int x = 0; x < width; x++) {
                    differ += expected.getRGB(x, y) != actual.getRGB(x, y) ? 1 : 0;
                }
            }
            assertEquals(0, differ, "scale " + unit + ": pixels that differ from the stroke and the text");
        }
    }
}
