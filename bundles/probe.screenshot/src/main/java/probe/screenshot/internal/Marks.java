package probe.screenshot.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Rectangle;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import probe.api.wire.Wire;

/**
 * {@code gui.screenshot}'s {@code annotate}, where the marks go: a numbered box on every control that
 * {@code gui.list} lists and that shows in the shot, numbered from 1 in the listing's order (windows
 * bottom first, then tree order), so the same screen gives the same numbers. A mark's number sits in
 * a label at its box's top left corner (above the box when there is room, else inside it), moved
 * right when an earlier label is there. Windows, dialogs and layout groups get no mark: their boxes
 * would frame everything else. Pure geometry, no pixels: {@link MarkPainter} draws what this places.
 */
final class Marks {
    /** Roles that frame other controls rather than being operated themselves. */
    private static final Set<String> CONTAINERS = Set.of("window", "dialog", "group");
    /** How many times a label steps right, its own width each time, off the labels already placed. */
    private static final int STEPS = 8;

    /** One mark: its number, the item it marks, and its box in the image's pixels. */
    record Mark(int number, String identifier, String role, String label, Rectangle box) {
    }

    /** A showing window: its name and its bounds on screen. */
    record Shown(String name, Rectangle bounds) {
    }

    /** A mark's label: its number's text, the filled box it sits in, and the text's pen position and baseline. */
    record Label(String text, Rectangle box, int textX, int baseline) {
    }

    /** The labels' font as placement needs it, in the image's pixels: how wide a number is, how high the font's ascent. */
    interface Measure {
        int width(String digits);

        int ascent();
    }

    /** Where {@link #frame} puts its rectangles. */
    interface Fill {
        void rect(int x, int y, int w, int h);
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

    /** The width of the marks' lines and the labels' padding: the screen's scale rounded, at least 1, as the GUI's own text grows on a HiDPI screen. */
    static int unit(double scale) {
        return (int) Math.max(1, Math.round(scale));
    }

    /**
     * Each mark's label, in the order of {@code marks}, in an image {@code imageWidth} wide: the
     * number's text padded by 2 units, above the box's top left corner when there is room, else
     * inside it, and never past the image's right edge. A label that meets an earlier one (two boxes
     * with the same corner: a list and its first row) steps right by its own width, at most
     * {@value #STEPS} times, and goes back where it was when that would leave the image.
     */
    static List<Label> labels(List<Mark> marks, int imageWidth, int unit, Measure measure) {
        List<Label> labels = new ArrayList<>(marks.size());
        int pad = 2 * unit;
        Placed placed = new Placed();
        for (Mark m : marks) {
            String n = Integer.toString(m.number());
            int w = measure.width(n) + 2 * pad;
            int h = measure.ascent() + pad;
            Rectangle b = m.box();
            int x = Math.min(b.x, Math.max(0, imageWidth - w));
            int y = b.y - h >= 0 ? b.y - h : b.y;
            Rectangle label = new Rectangle(x, y, w, h);
            for (int tries = 0; tries < STEPS && placed.overlaps(label); tries++) {
                label.x += w;
            }
            if (label.x + w > imageWidth) {
                label.x = x;
            }
            placed.add(label);
            labels.add(new Label(n, label, label.x + pad, y + measure.ascent() - unit));
        }
        return labels;
    }

    /**
     * The rectangles that make a mark's box {@code b} at {@code u} units: the pixels
     * {@code drawRect(b.x + u/2, b.y + u/2, max(1, b.width - u), max(1, b.height - u))} covers with a
     * {@code 2u} wide stroke (not antialiased), a frame {@code 2u} thick whose outer edge is {@code u}
     * outside that outline; one rectangle, filled whole, when the frame has no hole.
     */
    static void frame(Rectangle b, int u, Fill fill) {
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

    /** {@code data.marks}: {@code [{"number", "identifier", "role", "label", "frame": [x, y, w, h] in the image's pixels}]}. */
    static ArrayNode json(List<Mark> marks) {
        ArrayNode a = Wire.array();
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
