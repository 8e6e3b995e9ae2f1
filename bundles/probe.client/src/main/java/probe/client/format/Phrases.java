package probe.client.format;

import static probe.api.text.Listing.isTrue;
import static probe.api.text.Listing.text;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import probe.api.text.Listing;
import probe.api.text.Template;
import probe.api.wire.Json;

/**
 * The pieces every op's words are made of, and the words of what is no op's reply: a dialog's head (the
 * {@code now:} line), an event, an error, the hello, the receipt after an action's sentence, the
 * generic lines of an op without words of its own ({@link ReplyText} words a reply from its description).
 * Lines are separated by {@code \n}, with no newline at the end. Missing or unexpected fields are
 * left out rather than failing: a newer probe may add fields, an older one may lack some. The raw
 * data (CLI {@code --json}, a Gogo command's {@code --json}) has everything; these lines shorten
 * long text values.
 *
 * <p>Nothing here can print a secret the probe did not send, and the probe never sends one: a
 * password field has only its {@code length}.
 */
public final class Phrases {
    /** Text values longer than this are cut in a line; the raw data has them whole. */
    static final int MAX_TEXT = Listing.MAX_TEXT;
    static final String NO_IDENTIFIER = "(no identifier)";
    private static final String SEP = "  ";
    private static final String INDENT = "  ";
    /** Event fields that the line shows in its own way or not at all. */
    private static final Set<String> EVENT_HEAD = Set.of("event", "seq", "ts", "name", "title");

    private Phrases() {
    }

    /**
     * The dialog open now, from {@code gui.dialog.current}'s data, in a few words, as every front
     * end says it (the MCP server after {@code now:}): {@code createVM "Create Virtual Machine"
     * (modal)} ({@code withTitle}) or {@code createVM (modal)}; {@code (not modal)},
     * {@code not focused} when so; {@code no dialog open}.
     */
    public static String dialogHead(JsonNode dialog, boolean withTitle) {
        String name = text(dialog, "name");
        if (name == null) {
            return "no dialog open";
        }
        StringBuilder b = new StringBuilder(bare(name));
        String title = text(dialog, "title");
        if (withTitle && title != null && !title.isEmpty()) {
            b.append(' ').append(quote(title));
        }
        // What the data does not say (a plugin's or an older probe's) is not guessed.
        List<String> how = new ArrayList<>();
        if (isTrue(dialog, "modal") || Listing.isFalse(dialog, "modal")) {
            how.add(isTrue(dialog, "modal") ? "modal" : "not modal");
        }
        if (Listing.isFalse(dialog, "focused")) {
            how.add("not focused");
        }
        return how.isEmpty() ? b.toString() : b.append(" (").append(String.join(", ", how)).append(')').toString();
    }

    // ---- receipts: what an action changed (the reply's effects, worded by ReceiptText) ----

    /** How many entries of each list of a receipt a person's line names before "+N more". */
    static final int RECEIPT_NAMES = 4;
    /** Between an action and its receipt: an arrow, or {@code ->} where the output's charset has none (a C locale). */
    static final String ARROW = java.nio.charset.Charset.defaultCharset().newEncoder().canEncode('\u2192') ? " \u2192 " : " -> ";
    /** What a receipt that names no change says. */
    static final String NO_CHANGE = "no visible change";

    /** The receipt of an action's data as the rest of its line ({@link ReceiptText#after}), as hvm-dbg and Gogo show it. */
    public static String receipt(JsonNode data) {
        return receipt(data, NO_CHANGE);
    }

    static String receipt(JsonNode data, String nothing) {
        return ReceiptText.of(data, RECEIPT_NAMES, Set.of()).after(nothing);
    }

    // ---- events, hello ----

    /**
     * One event on one line: its name, the {@code name} and {@code title} it is about, then its
     * other fields as {@code key=value}: {@code dialog.opened createVM "Create VM" vmId=42}. The
     * bus's {@code seq} and {@code ts} are left out.
     */
    public static String event(JsonNode event) {
        String name = text(event, "event");
        StringBuilder b = new StringBuilder(name == null ? "event" : name);
        if (event == null || !event.isObject()) {
            return b.toString();
        }
        JsonNode about = event.get("name");
        if (about != null && !about.isNull()) {
            b.append(' ').append(about.isTextual() ? bare(about.textValue()) : Json.compact(about));
        }
        String title = text(event, "title");
        if (title != null) {
            b.append(' ').append(quote(title));
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = event.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> f = it.next();
            if (!EVENT_HEAD.contains(f.getKey())) {
                JsonNode v = f.getValue();
                b.append(' ').append(f.getKey()).append('=').append(v.isTextual() ? bare(cut(v.textValue())) : Json.compact(v));
            }
        }
        return b.toString();
    }

    /** What an action's reply carries for its receipt ({@link #receipt}), left out of {@link #generic}'s fields. */
    private static final Set<String> RECEIPT_FIELDS = Set.of("effects", "settled", "settledMillis");

    /**
     * The reply of an op without wording of its own (one a running probe describes, such as a
     * plugin's): {@code op: done} when it sends no data, its value when it sends one value, else one
     * line per field, {@code name value} (text as {@link #bare}, a list of plain values comma
     * separated, anything else as one line of JSON), then the receipt when it gives one.
     */
    static String generic(String op, JsonNode data) {
        return generic(op, data, true);
    }

    /** {@link #generic(String, JsonNode)}, the receipt after the fields only when {@code withReceipt}. */
    static String generic(String op, JsonNode data, boolean withReceipt) {
        if (data == null || data.isNull() || data.isMissingNode()) {
            return op + ": done";
        }
        if (!data.isObject()) {
            return plain(data);
        }
        StringBuilder b = new StringBuilder();
        for (Iterator<Map.Entry<String, JsonNode>> it = data.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> f = it.next();
            if (RECEIPT_FIELDS.contains(f.getKey())) {
                continue;
            }
            b.append(b.length() == 0 ? "" : "\n").append(f.getKey()).append(' ').append(plain(f.getValue()));
        }
        if (b.length() == 0) {
            b.append(op).append(": done");
        }
        return withReceipt ? b.append(receipt(data)).toString() : b.toString();
    }

    /** One value on a line: text {@link #bare} (cut), a list of plain values comma separated, else JSON. */
    static String plain(JsonNode v) {
        return Template.plain(v);
    }

    /** {@code probe.hello}'s data: protocol, server, and the ops available now, one per line. */
    public static String hello(JsonNode data) {
        if (data == null) {
            return "the probe sent no hello data";
        }
        StringBuilder b = new StringBuilder("protocol ").append(data.path("protocol").asText("?"));
        JsonNode server = data.path("server");
        if (server.isObject()) {
            b.append('\n').append(("server " + server.path("name").asText("?") + " " + server.path("version").asText("")).trim());
        } else if (!server.isMissingNode()) {
            b.append("\nserver ").append(server.asText());
        }
        JsonNode ops = data.path("ops");
        b.append("\nops (").append(ops.size()).append("):");
        for (JsonNode op : ops) {
            b.append('\n').append(INDENT).append(op.asText());
        }
        return b.toString();
    }

    /**
     * An op's failure for a person: {@code code: message}, then what the probe suggests in its
     * details: the {@code nearest} identifiers of an unknown one (unless the message names them
     * already), one line per {@code candidates} item of an ambiguous one, where it is, and what
     * blocks a control that cannot be operated ({@code blockedBy}).
     */
    public static String error(String code, String message, JsonNode details) {
        String said = message == null ? "" : message;
        StringBuilder b = new StringBuilder(code == null ? "error" : code).append(": ").append(said);
        JsonNode nearest = details == null ? null : details.get("nearest");
        if (nearest != null && nearest.isArray() && !nearest.isEmpty() && !said.contains("nearest") && !said.contains("did you mean")) {
            b.append(" (nearest: ");
            for (int i = 0; i < nearest.size(); i++) {
                b.append(i == 0 ? "" : ", ").append(nearest.get(i).asText());
            }
            b.append(')');
        }
        JsonNode candidates = details == null ? null : details.get("candidates");
        if (candidates != null && candidates.isArray()) {
            for (JsonNode c : candidates) {
                b.append('\n').append(INDENT);
                if (c.isObject()) {
                    b.append(Listing.line(c)).append(at(c));
                    String window = text(c, "window");
                    if (window != null) {
                        b.append(SEP).append("window=").append(bare(window));
                    }
                } else {
                    b.append(c.asText());
                }
            }
        }
        String blockedBy = text(details, "blockedBy");
        if (blockedBy != null) {
            b.append("\nblocked by: ").append(bare(blockedBy)).append(" (close it, or operate it, before the controls behind it)");
        }
        return b.toString();
    }

    // ---- pieces ----

    /**
     * {@code "  at [x,y,w,h]"}: where a control is, for the lines where its identifier cannot tell
     * a person which one it is (an audit's unnamed or shared one, an ambiguous identifier's
     * candidates); empty without a frame.
     */
    private static String at(JsonNode item) {
        JsonNode frame = item.get("frame");
        return frame != null && frame.isArray() ? SEP + "at " + frame(frame) : "";
    }

    /** {@code [x,y,w,h]} or {@code [x,y]}, from a JSON array of numbers. */
    public static String frame(JsonNode numbers) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < numbers.size(); i++) {
            if (i > 0) {
                b.append(',');
            }
            b.append(numbers.get(i).asText());
        }
        return b.append(']').toString();
    }

    /** {@code s} in double quotes, cut to {@value #MAX_TEXT} characters, control characters escaped ({@link Listing#quote}). */
    public static String quote(String s) {
        return Listing.quote(s);
    }

    /** {@code s} as it is when it is one plain word (an identifier, a name), else {@link #quote quoted} ({@link Listing#bare}). */
    public static String bare(String s) {
        return Listing.bare(s);
    }

    private static String cut(String s) {
        return s.length() <= MAX_TEXT ? s : s.substring(0, MAX_TEXT) + "...";
    }

    /**
     * Not {@code JsonNode.toString()}: that sets up a whole {@code ObjectMapper} (some 300 classes,
     * most of the time a one-shot {@code gui list} took); the streaming generator writes the same.
     */
    static String value(JsonNode v) {
        return v.isTextual() ? quote(v.textValue()) : Json.compact(v);
    }

    static String plural(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
