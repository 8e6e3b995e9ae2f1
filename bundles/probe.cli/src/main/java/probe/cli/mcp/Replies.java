package probe.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import probe.client.format.Readable;
import probe.client.internal.Json;

/**
 * The text of the tools' results, from the ops' data: what an action did, its receipt, the data
 * as JSON, the modal state after it; an op's failure with the details that help; the legend of an
 * annotated screenshot. Pure, so that it is tested without a probe. No typed text can be in it:
 * the probe never sends any back.
 */
public final class Replies {
    /** Names of one kind (appeared, changed, …) the receipt's line shows before "+N more"; the JSON has them all. */
    static final int MAX_NAMES = 6;
    private Replies() {
    }

    /**
     * An action's result: its readable line, its receipt (when the probe gave {@code effects}), the
     * reply's data as JSON, and the dialog state after it ({@code dialogAfter}: a line of
     * {@link Snapshot#dialogLine}, or a note why it is not known).
     */
    public static String action(String readable, JsonNode data, String dialogAfter) {
        StringBuilder b = new StringBuilder(readable);
        JsonNode effects = data == null ? null : data.get("effects");
        if (effects != null && effects.isObject()) {
            b.append("\neffects: ").append(effects(effects, data));
        }
        b.append("\ndata: ").append(data == null ? "null" : Json.compact(data));
        if (dialogAfter != null) {
            b.append("\nnow: ").append(dialogAfter);
        }
        return b.toString();
    }

    /**
     * The receipt of an action ({@code data.effects}) in one line: {@code opened createVM; focus
     * dialog.createVM.input.name; dialog.createVM.button.create enabled; appeared …; events …}, or
     * {@code no visible change}; {@code (not settled after N ms)} when the GUI was still busy.
     */
    static String effects(JsonNode e, JsonNode data) {
        List<String> parts = new ArrayList<>();
        names(parts, "opened", e.get("opened"));
        names(parts, "closed", e.get("closed"));
        JsonNode focus = e.get("focus");
        if (focus != null && focus.isObject()) {
            String before = text(focus, "before");
            String after = text(focus, "after");
            if (after != null && !after.equals(before)) {
                parts.add("focus " + Readable.bare(after));
            } else if (after == null && before != null && focus.has("after")) {
                parts.add("focus left " + Readable.bare(before));
            }
        }
        JsonNode changed = e.get("changed");
        if (changed != null && changed.isArray()) {
            int shown = 0;
            for (JsonNode c : changed) {
                if (shown == MAX_NAMES) {
                    parts.add("+" + (changed.size() - shown) + " more changes");
                    break;
                }
                parts.add(change(c));
                shown++;
            }
        }
        names(parts, "appeared", e.get("appeared"));
        names(parts, "disappeared", e.get("disappeared"));
        JsonNode events = e.get("events");
        if (events != null && events.isArray() && !events.isEmpty()) {
            List<String> lines = new ArrayList<>();
            for (JsonNode ev : events) {
                lines.add(Readable.event(ev));
            }
            parts.add("events " + String.join(", ", lines));
        }
        JsonNode truncated = e.get("truncated");
        if (truncated != null && truncated.isNumber() && truncated.asLong() > 0) {
            parts.add(truncated.asLong() + " more left out");
        }
        String s = parts.isEmpty() ? "no visible change" : String.join("; ", parts);
        JsonNode settled = data == null ? null : data.get("settled");
        if (settled != null && settled.isBoolean() && !settled.booleanValue()) {
            JsonNode ms = e.get("settledMillis");
            s += " (the GUI had not settled" + (ms != null && ms.isNumber() ? " after " + ms.asLong() + " ms" : "") + ")";
        }
        return s;
    }

    private static String change(JsonNode c) {
        // As the CLI words it, but "ID value=…": a model reads the field's name.
        return Readable.change(c, " value=");
    }

    private static void names(List<String> parts, String what, JsonNode list) {
        if (list == null || !list.isArray() || list.isEmpty()) {
            return;
        }
        List<String> names = new ArrayList<>();
        for (JsonNode n : list) {
            if (names.size() == MAX_NAMES) {
                names.add("+" + (list.size() - MAX_NAMES) + " more");
                break;
            }
            names.add(n.isTextual() ? Readable.bare(n.textValue()) : Json.compact(n));
        }
        parts.add(what + " " + String.join(", ", names));
    }

    /**
     * An op's failure: {@code error CODE: message}, the nearest names and candidates the probe
     * offers ({@link Readable#error}), what blocks the control, and the details as JSON.
     */
    public static String opError(String code, String message, JsonNode details) {
        StringBuilder b = new StringBuilder("error ").append(Readable.error(code, message, details));
        String blockedBy = text(details, "blockedBy");
        if (blockedBy != null) {
            b.append("\nblocked by: ").append(Readable.bare(blockedBy))
                    .append(" (close it, or operate it, before the controls behind it)");
        }
        if (details != null && !details.isNull() && !(details.isObject() && details.isEmpty())) {
            b.append("\ndetails: ").append(Json.compact(details));
        }
        return b.toString();
    }

    /**
     * The text beside a screenshot: what it shows and at what size; with marks, the legend, one line
     * per mark: {@code 3 toolbar.button.createVM  button "Create VM"}.
     *
     * @param shownWidth the width of the image returned (after {@code maxSize}), {@code shownHeight} likewise
     */
    public static String screenshot(JsonNode data, int shownWidth, int shownHeight) {
        int w = data.path("width").asInt();
        int h = data.path("height").asInt();
        StringBuilder b = new StringBuilder("screenshot of ").append(Readable.bare(data.path("scope").asText("window")));
        JsonNode windows = data.get("windows");
        if (windows != null && windows.isArray() && !windows.isEmpty()) {
            List<String> names = new ArrayList<>();
            for (JsonNode n : windows) {
                names.add(n.isTextual() ? Readable.bare(n.textValue()) : Json.compact(n));
            }
            b.append(" (windows ").append(String.join(", ", names)).append(", bottom first)");
        }
        b.append(": ").append(shownWidth).append('x').append(shownHeight).append(" pixels");
        if (shownWidth == w && shownHeight == h) {
            b.append(", scale 1 (the probe's pixels)");
        } else {
            b.append(", scale ").append(String.format(java.util.Locale.ROOT, "%.3f", (double) shownWidth / w))
                    .append(" of the probe's ").append(w).append('x').append(h);
        }
        if (data.has("marks")) {
            b.append('\n').append(Readable.marks(data));
        }
        return b.toString();
    }

    private static String text(JsonNode node, String name) {
        JsonNode v = node == null ? null : node.get(name);
        return v != null && v.isTextual() ? v.textValue() : null;
    }
}
