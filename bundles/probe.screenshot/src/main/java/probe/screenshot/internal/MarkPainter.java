package probe.screenshot.internal;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.util.List;

/**
 * {@code gui.screenshot}'s {@code annotate}, the painting: draws on the shot what {@link Marks}
 * placed, each mark in one of a few colours by its number, its box as a frame and its number white
 * on a label filled with the mark's colour, so it stays legible over any control.
 */
final class MarkPainter {
    static final Color[] COLOURS = {new Color(0xD0, 0x10, 0x60), new Color(0x10, 0x60, 0xD0), new Color(0x00, 0x80, 0x30),
        new Color(0xC0, 0x50, 0x00), new Color(0x70, 0x20, 0xB0)};

    private MarkPainter() {
    }

    /**
     * Draws the marks: each box first, then every label above all boxes, so no box hides a number.
     * A box is the filled rectangles of {@link Marks#frame} (the pixels a 2-unit stroke of its
     * outline covers, without the stroke's rasteriser), and a number is copied digit by digit from
     * {@link Digits}, white digits already drawn on the mark's colour: the same pixels as drawing the
     * text, at a fraction of the cost, for hundreds of marks. The screenshot's own kind of image is
     * written straight into its pixel array ({@link Canvas}); any other kind is drawn on.
     */
    static void draw(BufferedImage image, List<Marks.Mark> marks, double scale) {
        if (marks.isEmpty()) {
            return;
        }
        int unit = Marks.unit(scale);
        Digits digits = Digits.of(unit);
        List<Marks.Label> labels = Marks.labels(marks, image.getWidth(), unit, digits);
        Canvas canvas = digits.copyable ? Canvas.of(image) : null;
        if (canvas != null) {
            for (Marks.Mark m : marks) {
                int rgb = colour(m).getRGB();
                Marks.frame(m.box(), unit, (x, y, w, h) -> canvas.fill(x, y, w, h, rgb));
            }
            for (int i = 0; i < marks.size(); i++) {
                Marks.Label l = labels.get(i);
                canvas.fill(l.box().x, l.box().y, l.box().width, l.box().height, colour(marks.get(i)).getRGB());
                digits.draw(canvas, l.text(), colourIndex(marks.get(i)), l.textX(), l.baseline());
            }
            return;
        }
        Graphics2D g = image.createGraphics();
        try {
            for (Marks.Mark m : marks) {
                g.setColor(colour(m));
                Marks.frame(m.box(), unit, g::fillRect);
            }
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setFont(digits.font);
            for (int i = 0; i < marks.size(); i++) {
                Marks.Label l = labels.get(i);
                g.setColor(colour(marks.get(i)));
                g.fillRect(l.box().x, l.box().y, l.box().width, l.box().height);
                g.setColor(Color.WHITE);
                g.drawString(l.text(), l.textX(), l.baseline());
            }
        } finally {
            g.dispose();
        }
    }

    private static int colourIndex(Marks.Mark m) {
        return (m.number() - 1) % COLOURS.length;
    }

    private static Color colour(Marks.Mark m) {
        return COLOURS[colourIndex(m)];
    }
}
