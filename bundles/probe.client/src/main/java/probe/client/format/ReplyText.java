package probe.client.format;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import probe.api.OpDescription;
import probe.api.OpDescription.Reply;
import probe.api.OpDescription.Shows;
import probe.api.text.Listing;
import probe.api.text.Template;

/**
 * An op's reply in a person's words, as its description says ({@link OpDescription#reply}: sentences
 * over the reply's fields, and what follows them: controls as lines, entries a line each, an image's
 * size, a receipt): the one place hvm-dbg, the Gogo commands and the MCP server take an op's words
 * from. It knows no op: a plugin's op reads as its author wrote it, and an op without words of its
 * own reads as its fields, one per line. What the request asked fills what the reply leaves out
 * (the identifier typed into, the dialog waited for); a secret argument never does, only its length.
 */
public final class ReplyText {
    private ReplyText() {
    }

    /**
     * The reply's words without the receipt: what a front end that places the receipt elsewhere (the
     * MCP server, a line of its own: {@link ReceiptText#line}) shows.
     *
     * @param d the op's description
     * @param data the reply's data (may be null)
     * @param args the request's arguments (may be null)
     */
    public static String head(OpDescription d, JsonNode data, JsonNode args) {
        JsonNode asked = args == null ? JsonNodeFactory.instance.objectNode() : args;
        Reply r = d.reply();
        Function<String, Boolean> secret = n -> d.arg(n).map(OpDescription.Arg::secret).orElse(false);
        if (r.shows() == Shows.FIELDS && r.says().isEmpty()) {
            return Phrases.generic(d.op(), data, false);
        }
        if (r.shows() == Shows.CONTROLS && data != null && data.path("text").isTextual()) {
            // The probe wrote the lines (format text: probe.api.text.Listing).
            return data.path("text").textValue();
        }
        String first = Template.first(r.says(), data, asked, secret);
        if (first == null && r.shows() == Shows.IMAGE) {
            first = data == null || !data.isObject() ? "no image" : null;
        }
        StringBuilder b = new StringBuilder();
        JsonNode entries = r.of() == null || data == null ? null : data.get(r.of());
        if (!r.each().isEmpty()) {
            b.append(first == null ? "" : first);
            for (int i = 0; entries != null && entries.isArray() && i < entries.size(); i++) {
                String line = Template.first(r.each(), entries.get(i), asked, secret);
                if (line != null) {
                    b.append(b.length() == 0 ? "" : "\n").append(line);
                }
            }
        } else if (r.shows() == Shows.CONTROLS) {
            b.append(controls(first, data, entries));
        } else if (first != null) {
            b.append(first);
        } else if (r.shows() != Shows.NONE) {
            b.append(Phrases.generic(d.op(), data, false));
        }
        String then = Template.first(r.then(), data, asked, secret);
        if (then != null) {
            b.append(b.length() == 0 ? "" : "\n").append(then);
        }
        return b.length() == 0 ? d.op() + ": done" : b.toString();
    }

    /**
     * Controls as gui.list's text shows them: under {@code first}, indented, when there is a first
     * sentence (a dialog and its controls), else as a listing of the reply's scope, with the line
     * counting those left out ({@code more}).
     */
    private static String controls(String first, JsonNode data, JsonNode entries) {
        if (first != null) {
            if (entries != null && entries.isArray() && !entries.isEmpty()) {
                return Listing.tree(first, entries, "", Integer.MAX_VALUE).replace("\n", "\n  ");
            }
            return first;
        }
        String scope = Listing.text(data, "scope");
        StringBuilder b = new StringBuilder(Listing.text(scope == null ? "window" : scope, entries, null, Integer.MAX_VALUE));
        JsonNode more = data == null ? null : data.get("more");
        if (more != null && more.asInt() > 0 && entries != null && !entries.isEmpty()) {
            b.append("\n+").append(more.asInt()).append(" more not shown (maxItems)");
        }
        return b.toString();
    }

    /** The reply in full: {@link #head}, then the receipt when the op gives one. What hvm-dbg and the Gogo commands print. */
    public static String say(OpDescription d, JsonNode data, JsonNode args) {
        String head = head(d, data, args);
        if (!d.receipt()) {
            return head;
        }
        return head + Phrases.receipt(data, quiet(d, data, args));
    }

    /** What the receipt says when it names no change: the description's {@code quiet}, else "no visible change". */
    public static String quiet(OpDescription d, JsonNode data, JsonNode args) {
        List<Template> quiet = d.reply().quiet();
        String q = quiet.isEmpty() ? null : Template.first(quiet, data, args == null ? JsonNodeFactory.instance.objectNode() : args,
                n -> d.arg(n).map(OpDescription.Arg::secret).orElse(false));
        return q != null ? q : Phrases.NO_CHANGE;
    }

    /**
     * Whether the reply has findings its description calls so ({@code strict}: the array field whose
     * entries are problems), for a front end that fails on them when asked ({@code --strict}).
     */
    public static boolean findings(OpDescription d, JsonNode data) {
        String field = d.reply().strict();
        JsonNode found = field == null || data == null ? null : data.get(field);
        return found != null && found.isArray() && !found.isEmpty();
    }

    /** The fields of a receipt, which the generic lines leave to the receipt's own words. */
    static final Set<String> RECEIPT_FIELDS = Set.of("effects", "settled");
}
