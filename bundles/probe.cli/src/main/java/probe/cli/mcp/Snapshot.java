package probe.cli.mcp;

import static probe.api.text.Listing.text;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import probe.api.text.Listing;

/**
 * What the MCP server says of the open dialog, the first line of gui_snapshot and of every
 * action's result: {@code now: createVM "Create Virtual Machine" (modal)}, from
 * {@code gui.dialog.current} ({@link probe.client.format.Phrases#dialogHead}, as every front
 * end says it). The lines of the controls under it are the probe's ({@code gui.list {format:
 * text}}, written by {@link Listing} in the GUI's JVM), and a receipt's
 * controls are written by the same {@link Listing} here, so a control reads the same in both.
 * What "modal" and "in closed menu" mean is in the tool's description, said once.
 */
public final class Snapshot {
    /** Lines of items when the caller does not say. */
    public static final int DEFAULT_MAX_ITEMS = 400;

    private Snapshot() {
    }

    /**
     * {@code gui.dialog.current}'s data as a result's structuredContent holds it: its head (name,
     * title, modal, focused, and whatever else it says) with {@code controls} the number of its
     * controls instead of their items, which the text lists as lines when it shows them; so that
     * the structuredContent stays a small multiple of the text (the items as JSON are some six
     * times the lines, and an action in a dialog of 60 controls would otherwise answer 130
     * characters of text and 19,000 of JSON). Null for null.
     */
    public static JsonNode head(JsonNode dialog) {
        if (!(dialog instanceof ObjectNode) || !dialog.path("controls").isArray()) {
            return dialog;
        }
        ObjectNode head = ((ObjectNode) dialog).deepCopy();
        head.put("controls", dialog.get("controls").size());
        return head;
    }

    /** The name of the dialog in {@code gui.dialog.current}'s data, or null when none is open. */
    public static String dialogName(JsonNode dialog) {
        return text(dialog, "name");
    }
}
