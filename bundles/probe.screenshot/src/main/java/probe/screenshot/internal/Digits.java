package probe.screenshot.internal;

import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The ten digits of the labels' font at one scale, drawn once, white and antialiased, on each
 * mark colour into a strip (an image of the screenshot's kind), with where each digit's pixels
 * lie around its pen position and how far it advances the pen. A number is then its digits'
 * pixels copied side by side onto the label's box of the same colour: the pixels drawString
 * gives there, since digits have no kerning, the font's advances are whole pixels, and each
 * digit's pixels stay inside its own advance (checked when the strip is made; a font whose
 * digits overlap draws the text instead). Made once per scale and kept: a few kilobytes.
 */
final class Digits implements Marks.Measure {
    private static final Map<Integer, Digits> BY_UNIT = new ConcurrentHashMap<>();

    final Font font;
    private final int ascent;
    /** Whether the digits can be copied; false when some digit's pixels reach beyond its advance. */
    final boolean copyable;
    private final FontMetrics metrics;
    private final int[] advance = new int[10];
    /** Each digit's pixels: left and right of the pen (right exclusive), in its cell. */
    private final int[] left = new int[10];
    private final int[] right = new int[10];
    /** The strip's baseline, and its rows that hold any digit's pixels (from, to exclusive). */
    private final int top;
    private final int rowFrom;
    private final int rowTo;
    private final int cell;
    private final int origin;
    private final Canvas[] strips = new Canvas[MarkPainter.COLOURS.length];

    static Digits of(int unit) {
        return BY_UNIT.computeIfAbsent(unit, Digits::new);
    }

    private Digits(int unit) {
        font = new Font(Font.SANS_SERIF, Font.BOLD, 11 * unit);
        BufferedImage scratch = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB);
        Graphics2D sg = scratch.createGraphics();
        sg.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        metrics = sg.getFontMetrics(font);
        sg.dispose();
        ascent = metrics.getAscent();
        int size = font.getSize();
        cell = 4 * size;
        origin = 2 * size;
        top = metrics.getMaxAscent() + size;
        int rows = top + metrics.getMaxDescent() + size;
        int from = rows;
        int to = 0;
        for (int d = 0; d < 10; d++) {
            advance[d] = metrics.charWidth((char) ('0' + d));
        }
        for (int c = 0; c < MarkPainter.COLOURS.length; c++) {
            BufferedImage strip = new BufferedImage(10 * cell, rows, BufferedImage.TYPE_INT_RGB);
            Graphics2D g = strip.createGraphics();
            try {
                g.setColor(MarkPainter.COLOURS[c]);
                g.fillRect(0, 0, strip.getWidth(), rows);
                g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
                g.setFont(font);
                g.setColor(Color.WHITE);
                for (int d = 0; d < 10; d++) {
                    g.drawString(String.valueOf((char) ('0' + d)), d * cell + origin, top);
                }
            } finally {
                g.dispose();
            }
            strips[c] = Canvas.of(strip);
            if (c == 0) {
                int bg = MarkPainter.COLOURS[0].getRGB();
                for (int d = 0; d < 10; d++) {
                    int l = cell;
                    int r = -cell;
                    for (int x = 0; x < cell; x++) {
                        for (int y = 0; y < rows; y++) {
                            if (strip.getRGB(d * cell + x, y) != bg) {
                                l = Math.min(l, x - origin);
                                r = Math.max(r, x - origin + 1);
                                from = Math.min(from, y);
                                to = Math.max(to, y + 1);
                            }
                        }
                    }
                    if (l > r) {
                        l = 0;
                        r = 0;
                    }
                    left[d] = l;
                    right[d] = r;
                }
            }
        }
        rowFrom = Math.min(from, to);
        rowTo = to;
        // A digit whose pixels reach into the next one's would be cut by the next one's copy.
        int minLeft = Integer.MAX_VALUE;
        int maxOver = Integer.MIN_VALUE;
        for (int d = 0; d < 10; d++) {
            minLeft = Math.min(minLeft, left[d]);
            maxOver = Math.max(maxOver, right[d] - advance[d]);
        }
        boolean plain = true;
        for (Canvas c : strips) {
            plain &= c != null;
        }
        copyable = maxOver <= minLeft && plain;
    }

    /** What {@code FontMetrics.stringWidth} gives for {@code digits}. */
    @Override
    public int width(String digits) {
        return metrics.stringWidth(digits);
    }

    /** The font's ascent. */
    @Override
    public int ascent() {
        return ascent;
    }

    /**
     * Copies {@code digits} (0-9 only), white on the colour {@code colour}, pen at {@code x},
     * baseline {@code baseline}, into {@code canvas}; only when {@link #copyable}.
     */
    void draw(Canvas canvas, String digits, int colour, int x, int baseline) {
        Canvas strip = strips[colour];
        int pen = x;
        int y0 = baseline - top + rowFrom;
        for (int i = 0; i < digits.length(); i++) {
            int d = digits.charAt(i) - '0';
            if (right[d] > left[d]) {
                canvas.copy(strip, d * cell + origin + left[d], rowFrom, pen + left[d], y0, right[d] - left[d], rowTo - rowFrom);
            }
            pen += advance[d];
        }
    }
}
