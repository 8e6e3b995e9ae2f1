package probe.screenshot.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
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

    /** Draws the marks: each box first, then every number above all boxes, so no box hides a number. */
    static void draw(BufferedImage image, List<Mark> marks, double scale) {
        if (marks.isEmpty()) {
            return;
        }
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            // Lines and numbers grow with a HiDPI screen's scale, as the GUI's own text does.
            double unit = Math.max(1, Math.round(scale));
            g.setStroke(new BasicStroke((float) (2 * unit)));
            for (Mark m : marks) {
                g.setColor(colour(m));
                Rectangle b = m.box();
                g.drawRect(b.x + (int) unit / 2, b.y + (int) unit / 2, Math.max(1, b.width - (int) unit), Math.max(1, b.height - (int) unit));
            }
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, (int) Math.round(11 * unit)));
            FontMetrics fm = g.getFontMetrics();
            int pad = (int) Math.round(2 * unit);
            List<Rectangle> placed = new ArrayList<>();
            for (Mark m : marks) {
                String n = Integer.toString(m.number());
                int w = fm.stringWidth(n) + 2 * pad;
                int h = fm.getAscent() + pad;
                Rectangle b = m.box();
                int x = Math.min(b.x, Math.max(0, image.getWidth() - w));
                int y = b.y - h >= 0 ? b.y - h : b.y;
                // Two boxes with the same corner (a list and its first row): the later label moves right.
                Rectangle label = new Rectangle(x, y, w, h);
                for (int tries = 0; tries < 8 && overlaps(label, placed); tries++) {
                    label.x += w;
                }
                if (label.x + w > image.getWidth()) {
                    label.x = x;
                }
                placed.add(label);
                x = label.x;
                g.setColor(colour(m));
                g.fillRect(x, y, w, h);
                g.setColor(Color.WHITE);
                g.drawString(n, x + pad, y + fm.getAscent() - (int) Math.round(unit));
            }
        } finally {
            g.dispose();
        }
    }

    private static boolean overlaps(Rectangle r, List<Rectangle> placed) {
        for (Rectangle p : placed) {
            if (p.intersects(r)) {
                return true;
            }
        }
        return false;
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
