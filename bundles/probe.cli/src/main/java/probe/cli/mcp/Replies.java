package probe.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import probe.api.text.Listing;
import probe.client.format.Phrases;
import probe.client.format.ReceiptText;
import probe.api.wire.Json;

/**
 * The text of the tools' results, from the ops' data, written for a model: what an action did, its
 * receipt in one line (bounded lists, counted), the controls of a dialog that opened (as
 * {@code gui_snapshot} lists them, so the next call can act on them) or of controls that appeared,
 * and the dialog open after it in a few words; an op's failure with the details that help; the
 * legend of an annotated screenshot. The data as JSON goes to the result's
 * {@code structuredContent}, not here. Pure, so that it is tested without a probe. No typed text
 * can be in it: the probe never sends any back.
 */
public final class Replies {
    /** Names of one kind (appeared, changed, events …) the receipt's line shows before "+N more"; structuredContent has them all. */
    static final int MAX_NAMES = 6;
    /** Lines of controls that appeared (outside a dialog listed whole) a result lists before "+N more". */
    static final int MAX_LISTED = 12;

    private Replies() {
    }

    /**
     * An action's result: {@code done} (what it did), its receipt ({@code effects: …}, when the
     * probe gave {@code effects}), the controls that appeared and are not in a listed dialog
     * ({@code appearedItems}: their gui.list items, or null), and the dialog after it
     * ({@code dialog}: gui.dialog.current's data, listed whole with its controls when
     * {@code showDialog}; or {@code dialogUnknown}, why it is not known).
     */
    public static String action(String done, JsonNode data, JsonNode dialog, String dialogUnknown, boolean showDialog,
            JsonNode appearedItems) {
        StringBuilder b = new StringBuilder(done);
        Set<String> listed = new HashSet<>();
        JsonNode controls = showDialog && dialog != null ? dialog.get("controls") : null;
        if (showDialog && Snapshot.dialogName(dialog) != null) {
            listed.add("dialog." + Snapshot.dialogName(dialog));
            identifiers(controls, listed);
        }
        // The appeared controls outside the dialog listed, as gui_snapshot lists them; the receipt's
        // line names (and counts) those beyond MAX_LISTED.
        ArrayNode appeared = JsonNodeFactory.instance.arrayNode();
        for (int i = 0; appearedItems != null && i < appearedItems.size() && appeared.size() < MAX_LISTED; i++) {
            if (!listed.contains(appearedItems.get(i).path("identifier").asText())) {
                appeared.add(appearedItems.get(i));
            }
        }
        identifiers(appeared, listed);
        String receipt = ReceiptText.of(data, MAX_NAMES, listed).line();
        if (receipt != null) {
            b.append("\neffects: ").append(receipt);
        }
        if (!appeared.isEmpty()) {
            b.append("\nappeared:").append(Listing.tree("", appeared, "", Integer.MAX_VALUE).replace("\n", "\n  "));
        }
        if (dialogUnknown != null) {
            b.append("\nnow: ").append(dialogUnknown);
        } else if (controls != null && Snapshot.dialogName(dialog) != null) {
            b.append('\n').append(Listing.tree("now: " + Phrases.dialogHead(dialog, true) + ", its controls:", controls, "(none)",
                    Integer.MAX_VALUE).replace("\n", "\n  "));
        } else {
            b.append("\nnow: ").append(Phrases.dialogHead(dialog, false));
        }
        return b.toString();
    }

    private static void identifiers(JsonNode items, Set<String> into) {
        for (int i = 0; items != null && i < items.size(); i++) {
            JsonNode id = items.get(i).get("identifier");
            if (id != null && id.isTextual()) {
                into.add(id.textValue());
            }
        }
    }

    /**
     * The identifiers of the receipt's {@code appeared} that are not in {@code listed} (a dialog's
     * controls listed whole): the controls whose lines the result should show.
     */
    public static Set<String> appearedBeyond(JsonNode data, Set<String> listed) {
        Set<String> out = new LinkedHashSet<>();
        JsonNode appeared = data == null ? null : data.path("effects").get("appeared");
        for (int i = 0; appeared != null && i < appeared.size(); i++) {
            String id = appeared.get(i).asText();
            if (!listed.contains(id)) {
                out.add(id);
            }
        }
        return out;
    }

    /** The receipt's {@code opened} dialogs' names. */
    public static Set<String> opened(JsonNode data) {
        Set<String> out = new HashSet<>();
        JsonNode opened = data == null ? null : data.path("effects").get("opened");
        for (int i = 0; opened != null && i < opened.size(); i++) {
            out.add(opened.get(i).asText());
        }
        return out;
    }

    /**
     * An op's failure: {@code error CODE: message}, then what the probe offers ({@link
     * Phrases#error}: the nearest names, the candidates, what blocks the control). The details as
     * JSON are the result's structuredContent, not here.
     */
    public static String opError(String code, String message, JsonNode details) {
        return "error " + Phrases.error(code, message, details);
    }

    /**
     * The text beside a screenshot: what it shows and at what size; with marks, the legend, one line
     * per mark: {@code 3 toolbar.button.createVM  button "Create VM"}.
     *
     * @param shownWidth the width of the image returned (after {@code maxSize}), {@code shownHeight} likewise
     * @param legend the marks' legend in the op's words ({@link probe.client.format.ReplyText#head}), or null without marks
     */
    public static String screenshot(JsonNode data, int shownWidth, int shownHeight, String legend) {
        int w = data.path("width").asInt();
        int h = data.path("height").asInt();
        StringBuilder b = new StringBuilder("screenshot of ").append(Phrases.bare(data.path("scope").asText("window")));
        JsonNode windows = data.get("windows");
        if (windows != null && windows.isArray() && !windows.isEmpty()) {
            List<String> names = new ArrayList<>();
            for (JsonNode n : windows) {
                names.add(n.isTextual() ? Phrases.bare(n.textValue()) : Json.compact(n));
            }
            b.append(" (windows ").append(String.join(", ", names)).append(", bottom first)");
        }
        b.append(": ").append(shownWidth).append('x').append(shownHeight).append(" pixels");
        if (shownWidth == w && shownHeight == h) {
            b.append(", scale 1 (the probe's pixels)");
        } else {
            b.append(", scale ").append(String.format(Locale.ROOT, "%.3f", (double) shownWidth / w))
                    .append(" of the probe's ").append(w).append('x').append(h);
        }
        if (legend != null) {
            b.append('\n').append(legend);
        }
        return b.toString();
    }
}
