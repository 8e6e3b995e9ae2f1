package probe.cli.mcp;

import static probe.api.text.Listing.isFalse;
import static probe.api.text.Listing.isTrue;
import static probe.api.text.Listing.text;

import com.fasterxml.jackson.databind.JsonNode;
import probe.api.text.Listing;

/**
 * What the MCP server says of the open dialog, the first line of gui_snapshot and of every
 * action's result: {@code now: createVM "Create Virtual Machine" (modal)}, from
 * {@code gui.dialog.current}. The lines of the controls under it are the probe's
 * ({@code gui.list {format: text}}, written by {@link Listing} in the GUI's JVM), and a receipt's
 * controls are written by the same {@link Listing} here, so a control reads the same in both.
 * What "modal" and "in closed menu" mean is in the tool's description, said once.
 */
public final class Snapshot {
    /** Lines of items when the caller does not say. */
    public static final int DEFAULT_MAX_ITEMS = 400;

    private Snapshot() {
    }

    /**
     * The dialog open now, from {@code gui.dialog.current}'s data, in a few words: {@code createVM
     * "Create Virtual Machine" (modal)} ({@code withTitle}) or {@code createVM (modal)};
     * {@code (not modal)}, {@code not focused} when so; {@code no dialog open}.
     */
    public static String now(JsonNode dialog, boolean withTitle) {
        String name = text(dialog, "name");
        if (name == null) {
            return "no dialog open";
        }
        StringBuilder b = new StringBuilder(Listing.bare(name));
        String title = text(dialog, "title");
        if (withTitle && title != null && !title.isEmpty()) {
            b.append(' ').append(Listing.quote(title));
        }
        b.append(isTrue(dialog, "modal") ? " (modal" : " (not modal");
        if (isFalse(dialog, "focused")) {
            b.append(", not focused");
        }
        return b.append(')').toString();
    }

    /** The name of the dialog in {@code gui.dialog.current}'s data, or null when none is open. */
    public static String dialogName(JsonNode dialog) {
        return text(dialog, "name");
    }
}
