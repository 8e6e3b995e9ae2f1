package probe.screenshot.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import probe.api.wire.Wire;

/**
 * {@code gui.screenshot}'s {@code annotate}: a numbered box on every control that {@code gui.list}
 * lists and that shows in the shot, numbered from 1 in the listing's order (windows bottom first,
 * then tree order), so the same screen gives the same numbers. A mark's number sits in a filled box
 * at its top left corner (above the box when there is room, else inside it), white on the mark's
 * colour, so it stays legible over any control. Windows, dialogs and layout groups get no mark:
 * their boxes would frame everything else.
 */
final class Marks {
    /** Roles that frame other controls rather than being operated themselves. */
    private static final Set<String> CONTAINERS = Set.of("window", "dialog", "group");
    private static final Color[] COLOURS = {new Color(0xD0, 0x10, 0x60), new Color(0x10, 0x60, 0xD0), new Color(0x00, 0x80, 0x30),
        new Color(0xC0, 0x50, 0x00), new Color(0x70, 0x20, 0xB0)};

    /** One mark: its number, the item it marks, and its box in the image's pixels. */
    record Mark(int number, String identifier, String role, String label, Rectangle box) {
    }

    /** A showing window: its name and its bounds on screen. */
    record Shown(String name, Rectangle bounds) {
    }

    private Marks() {
    }

    /**
     * The marks of {@code items} (gui.list items, frames in their window's coordinates) that show in
     * {@code region} (on screen, Swing's units), in the image's pixels at {@code scale}. A control
     * that a window above its own covers whole (the main window's, under a dialog) gets no mark.
     *
     * @param windows the showing windows, bottom first, as they are painted
     */
    static List<Mark> of(ArrayNode items, List<Shown> windows, Rectangle region, double scale) {
        List<Mark> marks = new ArrayList<>();
        for (JsonNode item : items) {
            String role = item.path("role").asText(null);
            if (role == null || CONTAINERS.contains(role) || item.path("inClosedMenu").asBoolean(false)
                    || !item.path("visible").asBoolean(true)) {
                continue;
            }
            JsonNode f = item.get("frame");
            int w = indexOf(windows, item.path("window").asText(""));
            if (f == null || !f.isArray() || f.size() < 4 || w < 0) {
                continue;
            }
            Rectangle own = windows.get(w).bounds();
            Rectangle onScreen = new Rectangle(own.x + f.get(0).asInt(), own.y + f.get(1).asInt(), f.get(2).asInt(), f.get(3).asInt());
            Rectangle shown = onScreen.intersection(region).intersection(own);
            if (shown.isEmpty() || coveredAbove(windows, w, shown)) {
                continue;
            }
            int x0 = (int) Math.floor((shown.x - region.x) * scale);
            int y0 = (int) Math.floor((shown.y - region.y) * scale);
            int x1 = (int) Math.ceil((shown.x + shown.width - region.x) * scale);
            int y1 = (int) Math.ceil((shown.y + shown.height - region.y) * scale);
            marks.add(new Mark(marks.size() + 1, item.path("identifier").asText(null), role, item.path("label").asText(null),
                    new Rectangle(x0, y0, x1 - x0, y1 - y0)));
        }
        return marks;
    }

    private static int indexOf(List<Shown> windows, String name) {
        for (int i = 0; i < windows.size(); i++) {
            if (name.equals(windows.get(i).name())) {
                return i;
            }
        }
        return -1;
    }

    private static boolean coveredAbove(List<Shown> windows, int w, Rectangle r) {
        for (int i = w + 1; i < windows.size(); i++) {
            if (windows.get(i).bounds().contains(r)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Draws the marks: each box first, then every number above all boxes, so no box hides a number.
     * A box is four filled rectangles (the pixels a 2-unit stroke of its outline covers, without
     * the stroke's rasteriser), and a number is copied digit by digit from {@link Digits}, white
     * digits already drawn on the mark's colour: the same pixels as drawing the text, at a fraction
     * of the cost, for hundreds of marks.
     */
    static void draw(BufferedImage image, List<Mark> marks, double scale) {
        if (marks.isEmpty()) {
            return;
        }
        // Lines and numbers grow with a HiDPI screen's scale, as the GUI's own text does.
        int unit = (int) Math.max(1, Math.round(scale));
        Digits digits = Digits.of(unit);
        // The screenshot's own kind of image is written straight into its pixel array; any other kind is drawn on.
        Canvas canvas = digits.copyable ? Canvas.of(image) : null;
        Graphics2D g = canvas == null ? image.createGraphics() : null;
        try {
            for (Mark m : marks) {
                if (canvas != null) {
                    frame(canvas, m.box(), unit, colour(m).getRGB());
                } else {
                    g.setColor(colour(m));
                    frame(g, m.box(), unit);
                }
            }
            if (canvas == null) {
                g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
                g.setFont(digits.font);
            }
            int pad = 2 * unit;
            Placed placed = new Placed();
            for (Mark m : marks) {
                String n = Integer.toString(m.number());
                int w = digits.width(n) + 2 * pad;
                int h = digits.ascent + pad;
                Rectangle b = m.box();
                int x = Math.min(b.x, Math.max(0, image.getWidth() - w));
                int y = b.y - h >= 0 ? b.y - h : b.y;
                // Two boxes with the same corner (a list and its first row): the later label moves right.
                Rectangle label = new Rectangle(x, y, w, h);
                for (int tries = 0; tries < 8 && placed.overlaps(label); tries++) {
                    label.x += w;
                }
                if (label.x + w > image.getWidth()) {
                    label.x = x;
                }
                placed.add(label);
                x = label.x;
                int baseline = y + digits.ascent - unit;
                if (canvas != null) {
                    canvas.fill(x, y, w, h, colour(m).getRGB());
                    digits.draw(canvas, n, (m.number() - 1) % COLOURS.length, x + pad, baseline);
                } else {
                    g.setColor(colour(m));
                    g.fillRect(x, y, w, h);
                    g.setColor(Color.WHITE);
                    g.drawString(n, x + pad, baseline);
                }
            }
        } finally {
            if (g != null) {
                g.dispose();
            }
        }
    }

    /**
     * The pixels {@code drawRect(b.x + u/2, b.y + u/2, max(1, b.width - u), max(1, b.height - u))}
     * covers with a {@code 2u} wide stroke (not antialiased): a frame {@code 2u} thick whose outer
     * edge is {@code u} outside that outline, filled whole when it has no hole.
     */
    static void frame(Graphics2D g, Rectangle b, int u) {
        frame(b, u, g::fillRect);
    }

    /** Where {@link #frame(Rectangle, int, Fill)} puts its rectangles: a Graphics2D, or the image's pixels. */
    private interface Fill {
        void rect(int x, int y, int w, int h);
    }

    /** The frame's geometry, once for both ways of drawing it. */
    private static void frame(Rectangle b, int u, Fill fill) {
        int px = b.x + u / 2;
        int py = b.y + u / 2;
        int pw = Math.max(1, b.width - u);
        int ph = Math.max(1, b.height - u);
        int ox = px - u;
        int oy = py - u;
        int ow = pw + 2 * u;
        int oh = ph + 2 * u;
        int t = 2 * u;
        if (pw <= t || ph <= t) {
            fill.rect(ox, oy, ow, oh);
            return;
        }
        fill.rect(ox, oy, ow, t);
        fill.rect(ox, oy + oh - t, ow, t);
        fill.rect(ox, oy + t, t, oh - 2 * t);
        fill.rect(ox + ow - t, oy + t, t, oh - 2 * t);
    }

    /** {@link #frame(Graphics2D, Rectangle, int)} written straight into the pixels. */
    private static void frame(Canvas c, Rectangle b, int u, int rgb) {
        frame(b, u, (x, y, w, h) -> c.fill(x, y, w, h, rgb));
    }

    /**
     * The int pixel array of a TYPE_INT_RGB image (the screenshot's kind), written directly:
     * filled rectangles and copied runs of pixels, clipped to the image, without Java2D's loops
     * for each of a thousand small rectangles.
     */
    static final class Canvas {
        final int[] data;
        final int offset;
        final int stride;
        final int width;
        final int height;

        private Canvas(int[] data, int offset, int stride, int width, int height) {
            this.data = data;
            this.offset = offset;
            this.stride = stride;
            this.width = width;
            this.height = height;
        }

        /** The canvas of {@code image}; null when it is not a TYPE_INT_RGB image with a plain int array. */
        static Canvas of(BufferedImage image) {
            if (image.getType() != BufferedImage.TYPE_INT_RGB) {
                return null;
            }
            java.awt.image.WritableRaster raster = image.getRaster();
            if (!(raster.getDataBuffer() instanceof java.awt.image.DataBufferInt)
                    || !(raster.getSampleModel() instanceof java.awt.image.SinglePixelPackedSampleModel)) {
                return null;
            }
            java.awt.image.SinglePixelPackedSampleModel sm = (java.awt.image.SinglePixelPackedSampleModel) raster.getSampleModel();
            java.awt.image.DataBufferInt db = (java.awt.image.DataBufferInt) raster.getDataBuffer();
            int offset = db.getOffset() + sm.getOffset(-raster.getSampleModelTranslateX(), -raster.getSampleModelTranslateY());
            return new Canvas(db.getData(), offset, sm.getScanlineStride(), image.getWidth(), image.getHeight());
        }

        /** Fills the part of the rectangle inside the image with {@code argb} (its alpha dropped, as Java2D stores INT_RGB). */
        void fill(int x, int y, int w, int h, int argb) {
            int x0 = Math.max(0, x);
            int y0 = Math.max(0, y);
            int x1 = Math.min(width, x + w);
            int y1 = Math.min(height, y + h);
            int rgb = argb & 0xffffff;
            for (int row = y0; row < y1 && x0 < x1; row++) {
                int at = offset + row * stride;
                java.util.Arrays.fill(data, at + x0, at + x1, rgb);
            }
        }

        /** Copies the {@code w} x {@code h} pixels at {@code sx, sy} of {@code src} to {@code dx, dy}, clipped to this image. */
        void copy(Canvas src, int sx, int sy, int dx, int dy, int w, int h) {
            int skipX = Math.max(0, -dx);
            int skipY = Math.max(0, -dy);
            int cw = Math.min(w, width - dx) - skipX;
            for (int row = skipY; row < h && dy + row < height && cw > 0; row++) {
                System.arraycopy(src.data, src.offset + (sy + row) * src.stride + sx + skipX, data,
                        offset + (dy + row) * stride + dx + skipX, cw);
            }
        }
    }

    /** The labels placed so far, found by the cells of a coarse grid they touch: hundreds of labels are not compared each with each. */
    private static final class Placed {
        private static final int CELL = 64;
        private final Map<Long, List<Rectangle>> cells = new HashMap<>();

        private static long key(int cx, int cy) {
            return (long) cx << 32 | (cy & 0xffffffffL);
        }

        boolean overlaps(Rectangle r) {
            for (int cy = Math.floorDiv(r.y, CELL); cy <= Math.floorDiv(r.y + r.height - 1, CELL); cy++) {
                for (int cx = Math.floorDiv(r.x, CELL); cx <= Math.floorDiv(r.x + r.width - 1, CELL); cx++) {
                    List<Rectangle> in = cells.get(key(cx, cy));
                    if (in != null) {
                        for (Rectangle p : in) {
                            if (p.intersects(r)) {
                                return true;
                            }
                        }
                    }
                }
            }
            return false;
        }

        void add(Rectangle r) {
            Rectangle copy = new Rectangle(r);
            for (int cy = Math.floorDiv(r.y, CELL); cy <= Math.floorDiv(r.y + r.height - 1, CELL); cy++) {
                for (int cx = Math.floorDiv(r.x, CELL); cx <= Math.floorDiv(r.x + r.width - 1, CELL); cx++) {
                    cells.computeIfAbsent(key(cx, cy), k -> new ArrayList<>(4)).add(copy);
                }
            }
        }
    }

    /**
     * The ten digits of the labels' font at one scale, drawn once, white and antialiased, on each
     * mark colour into a strip (an image of the screenshot's kind), with where each digit's pixels
     * lie around its pen position and how far it advances the pen. A number is then its digits'
     * pixels copied side by side onto the label's box of the same colour: the pixels drawString
     * gives there, since digits have no kerning, the font's advances are whole pixels, and each
     * digit's pixels stay inside its own advance (checked when the strip is made; a font whose
     * digits overlap draws the text instead). Made once per scale and kept: a few kilobytes.
     */
    static final class Digits {
        private static final Map<Integer, Digits> BY_UNIT = new ConcurrentHashMap<>();

        final Font font;
        final int ascent;
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
        private final Canvas[] strips = new Canvas[COLOURS.length];

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
            for (int c = 0; c < COLOURS.length; c++) {
                BufferedImage strip = new BufferedImage(10 * cell, rows, BufferedImage.TYPE_INT_RGB);
                Graphics2D g = strip.createGraphics();
                try {
                    g.setColor(COLOURS[c]);
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
                    int bg = COLOURS[0].getRGB();
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
        int width(String digits) {
            return metrics.stringWidth(digits);
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

    private static Color colour(Mark m) {
        return COLOURS[(m.number() - 1) % COLOURS.length];
    }

    /** {@code data.marks}: {@code [{"number", "identifier", "role", "label", "frame": [x, y, w, h] in the image's pixels}]}. */
    static ArrayNode json(List<Mark> marks) {
        ArrayNode a = Wire.mapper().createArrayNode();
        for (Mark m : marks) {
            ObjectNode o = a.addObject();
            o.put("number", m.number());
            o.put("identifier", m.identifier());
            o.put("role", m.role());
            if (m.label() != null) {
                o.put("label", m.label());
            }
            ArrayNode f = o.putArray("frame");
            f.add(m.box().x).add(m.box().y).add(m.box().width).add(m.box().height);
        }
        return a;
    }
}
