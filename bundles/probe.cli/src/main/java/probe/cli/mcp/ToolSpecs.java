package probe.cli.mcp;

import probe.cli.ops.CompiledDescriptions;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import io.modelcontextprotocol.spec.McpSchema.ToolAnnotations;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import probe.api.ArgsSchema;
import probe.api.DescriptionJson;
import probe.api.OpDescription;
import probe.api.Ops;
import probe.api.wire.Wire;

/**
 * The tools as a model sees them, each built from its op's description ({@link OpDescription}, the
 * one source: the title, the summary, the arguments as JSON Schema, whether it acts and may destroy):
 * a tool per op, named {@code gui_VERB}. What a model needs beyond the op is said here, by what its
 * reply shows ({@link OpDescription#shows}), or for the two contract ops the server builds on, by their
 * names ({@link Ops}): gui_snapshot (the listing as the probe's
 * text, at most {@code maxItems} by default), an image's {@code maxSize}, a secret argument's
 * {@code secretEnv}, gui_events (the server's own subscription, no op), and what every action answers
 * (the dialog after it). The schemas are shown
 * trimmed ({@link #view}): every tool list costs a model its tokens, and the probe (or the server,
 * from the same description) says what an argument accepts when it refuses one.
 */
final class ToolSpecs {
    private ToolSpecs() {
    }

    /**
     * A tool: its name, the op it sends (null for gui_events), the op's description as the probe (or
     * the build) gives it, what the tool takes (the op's arguments with the server's own, checked by
     * {@link ToolArgs}), and the tool as MCP lists it.
     */
    record Spec(String name, String op, OpDescription described, OpDescription takes, Tool tool) {
        /** Whether it only looks, so may be sent again on a guess: its op does not act. */
        boolean readOnly() {
            return !takes.acts();
        }
    }

    /**
     * Whether no tool sends {@code d}'s op: one about the connection (the server greets, authenticates
     * and describes itself); an event subscription, which the server holds on a connection of its own
     * (gui_events reads it); and the open dialog's ({@link Ops#DIALOG_CURRENT}), which every result
     * already answers ("now:"), as gui_snapshot's first line does, with scope dialog its controls: a
     * tool of its own would only cost every tool list its tokens.
     */
    static boolean noTool(OpDescription d) {
        return d.connection() || d.shows() == OpDescription.Shows.EVENTS || Ops.DIALOG_CURRENT.equals(d.op());
    }

    /** The server's own view of the contract's listing ({@link Ops#LIST}): its text, under the dialog line. */
    static final String SNAPSHOT = "gui_snapshot";

    /** gui_events: the server's own tool, which sends no op. */
    static final String EVENTS = "gui_events";

    /** What every action answers, said once in gui_click's description; the other actions point at it. */
    private static final String ANSWERS = " Answers once the GUI settles: what changed (dialogs, focus, values, controls, events),"
            + " what appeared as gui_snapshot lists it, and now: the open dialog. A control a person could not operate is"
            + " refused with the reason.";
    private static final String LIKE_CLICK = " Answers as gui_click.";

    /** The tool's name for an op: gui_snapshot for the controls' listing (its text form), else gui_ and the verb (its op's name for an op that declared none). */
    static String name(OpDescription d) {
        return Ops.LIST.equals(d.op()) ? SNAPSHOT : "gui_" + d.verb().replace('-', '_').replace('.', '_');
    }

    /** Another name, for an op whose {@link #name} another op's tool has: gui_ and the op's name. */
    static String fullName(OpDescription d) {
        return "gui_" + d.op().replace('.', '_').replace('-', '_');
    }

    /**
     * The tools there before any GUI answers: one per op of the contract (but {@link #noTool}), from
     * the descriptions hvm-dbg is built with ({@link CompiledDescriptions}), by op name, and gui_events.
     */
    static List<Spec> known() {
        List<Spec> known = new ArrayList<>();
        for (String op : CompiledDescriptions.names()) {
            CompiledDescriptions.of(op).filter(d -> !noTool(d)).ifPresent(d -> known.add(of(d, name(d))));
        }
        known.add(events());
        return known;
    }

    /** The tool for the op {@code d} describes, named {@code name}; null for an op {@link #noTool} names. */
    static Spec of(OpDescription d, String name) {
        if (noTool(d)) {
            return null;
        }
        OpDescription.Arg secret = secret(d);
        // Only an op the server adds to or takes from is read again with its change; the others take what their op takes.
        boolean listing = Ops.LIST.equals(d.op());
        boolean image = d.shows() == OpDescription.Shows.IMAGE;
        boolean changed = listing || image || secret != null;
        ObjectNode takes = changed ? DescriptionJson.served(d) : null;
        if (changed) {
            takes.remove("schema");
        }
        String text = d.summary() != null ? d.summary() : d.title() != null ? d.title() : "The op " + d.op() + ".";
        // What the server adds to an op, or leaves out of it: its snapshot of the listing, an image it scales.
        if (listing) {
            text = "The visible controls, a line each, indented under its container: role, identifier (what the other tools"
                    + " take; valid while it shows), label, value, flags (\"in closed menu\": a click opens it). First line now:"
                    + " the open dialog (modal: what is behind takes no input). A password shows only its length. Call it first;"
                    + " actions then say what changed.";
            // The server asks for the text, and lists at most its own default when not told.
            remove(args(takes), "format");
            for (JsonNode a : args(takes)) {
                if (a.path("name").asText().equals("maxItems")) {
                    ((ObjectNode) a).put("default", Snapshot.DEFAULT_MAX_ITEMS);
                }
            }
        } else if (image) {
            text += " Prefer gui_snapshot to find controls.";
            // The server asks for a PNG, which MCP's image content carries.
            remove(args(takes), "format");
            args(takes).addObject().put("name", "maxSize").put("type", "integer").put("minimum", 16).put("maximum", 16_384)
                    .put("help", "scale down to this longest side in pixels");
        }
        if (d.waitArg() != null && d.help() != null) {
            // Which arguments go together, which no schema here says.
            text += " " + d.help();
        }
        if (secret != null) {
            text += " Give " + secret.name() + ", or for a password secretEnv: the name of this server's environment variable"
                    + " that holds it, typed only into a password field, never passing through the conversation.";
            // The secret or secretEnv (ToolArgs.secret), so neither is required.
            for (JsonNode a : args(takes)) {
                if (a.path("name").asText().equals(secret.name())) {
                    ((ObjectNode) a).remove("required");
                }
            }
            args(takes).addObject().put("name", "secretEnv").put("type", "string").put("minLength", 1)
                    .put("help", "such as " + ToolArgs.SECRET_PREFIX + "PASSWORD");
        }
        if (d.receipt() && d.acts()) {
            text += Ops.CLICK.equals(d.op()) ? ANSWERS : LIKE_CLICK;
        }
        OpDescription tool = changed ? OpDescription.of(takes) : d;
        return new Spec(name, d.op(), d, tool, tool(name, text, tool, d.acts(), d.destructive()));
    }

    /** The op's secret argument that the server may take from its environment (gui_type's text); null if none. */
    static OpDescription.Arg secret(OpDescription d) {
        return d.args().stream().filter(OpDescription.Arg::secret).findFirst().orElse(null);
    }

    /** gui_events: the events since the last call, from the server's subscription. */
    static Spec events() {
        ObjectNode takes = Wire.object().put("op", "mcp.events").put("verb", "events").put("acts", false);
        takes.putArray("args").addObject().put("name", "max").put("type", "integer").put("minimum", 1).put("maximum", 10_000)
                .put("default", 100).put("help", "most events");
        OpDescription tool = OpDescription.of(takes);
        return new Spec(EVENTS, null, null, tool, tool(EVENTS, "The GUI's events since the last call, oldest"
                + " first: dialog.opened, dialog.closed, edt.stalled and the application's own.", tool, false, false));
    }

    /** gui_apps: this user's Java applications, for a server that finds its application ({@link #finding}). */
    static final String APPS = "gui_apps";
    /** gui_attach: the application the server drives from now on. */
    static final String ATTACH = "gui_attach";

    /**
     * The tools of a server that finds its application: {@code hvm-dbg --app NAME mcp}, or {@code
     * hvm-dbg mcp} started with no socket named while no GUI answered. Server-own tools, like
     * gui_events (no op): a server bound to a GUI lists neither, and its tool list costs nothing more.
     */
    static List<Spec> finding() {
        ObjectNode apps = Wire.object().put("op", "mcp.apps").put("verb", "apps").put("acts", false);
        apps.putArray("args");
        OpDescription appsTakes = OpDescription.of(apps);
        ObjectNode attach = Wire.object().put("op", "mcp.attach").put("verb", "attach").put("acts", true).put("destructive", false);
        attach.putArray("args").addObject().put("name", "app").put("type", "string").put("format", "name").put("minLength", 1)
                .put("required", true).put("help", "a name gui_apps shows, a jar, a main class, a window's title or a pid");
        OpDescription attachTakes = OpDescription.of(attach);
        return List.of(
                new Spec(APPS, null, null, appsTakes, tool(APPS, "Your running Java applications: pid, name, what runs, whether"
                        + " a probe answers in it and which one the tools drive.", appsTakes, false, false)),
                new Spec(ATTACH, null, null, attachTakes, tool(ATTACH, "Drives the application 'app' names from now on,"
                        + " loading the probe into it if none answers there (only your own JVMs); found again when it is"
                        + " started again.", attachTakes, true, false)));
    }

    private static ArrayNode args(ObjectNode takes) {
        JsonNode a = takes.get("args");
        return a instanceof ArrayNode ? (ArrayNode) a : takes.putArray("args");
    }

    private static void remove(ArrayNode args, String name) {
        for (Iterator<JsonNode> it = args.elements(); it.hasNext();) {
            if (it.next().path("name").asText().equals(name)) {
                it.remove();
            }
        }
    }

    /**
     * The tool as MCP lists it, without an output schema: every result's structuredContent is
     * {@code {"data": the op's reply, "dialog": gui.dialog.current's after it, where the tool asks}}
     * (docs/PROTOCOL.md gives the replies), and a schema that says only that cost some 140 tokens of
     * every tool list. No title: it is for a person's display, the name serves there, and a model
     * would pay for it on every list. Annotations say only what differs from MCP's defaults, and tell
     * the truth: a tool whose op only looks is read-only; one that acts is destructive (the default)
     * unless its description says otherwise (a hover destroys nothing). No openWorldHint false: the
     * probe serves any Swing application, and what it shows or does reaches whatever that application
     * reaches (a mail client's messages, a click that sends one), an open world as MCP's default says.
     * Not idempotent, as the default says: a second click is another click.
     */
    private static Tool tool(String name, String text, OpDescription takes, boolean acts, boolean destructive) {
        ToolAnnotations annotations = !acts ? ToolAnnotations.builder().readOnlyHint(true).build()
                : !destructive ? ToolAnnotations.builder().destructiveHint(false).build()
                : null;
        @SuppressWarnings("unchecked")
        Map<String, Object> schema = (Map<String, Object>) plain(view(takes));
        return Tool.builder(name).description(text).inputSchema(schema).annotations(annotations).build();
    }

    /**
     * A JSON tree as the plain maps, lists and values the SDK's Tool holds, in order: by hand, as
     * Jackson's convertValue costs a cold start some tens of milliseconds for a dozen small schemas.
     */
    static Object plain(JsonNode n) {
        if (n.isObject()) {
            Map<String, Object> m = new LinkedHashMap<>();
            n.fields().forEachRemaining(e -> m.put(e.getKey(), plain(e.getValue())));
            return m;
        }
        if (n.isArray()) {
            List<Object> l = new ArrayList<>(n.size());
            n.forEach(e -> l.add(plain(e)));
            return l;
        }
        return n.isTextual() ? n.textValue() : n.isBoolean() ? n.booleanValue() : n.isNumber() ? n.numberValue() : null;
    }

    /** The arguments every action takes, which no tool shows (a model rarely needs them; the probe takes them all the same). */
    static final Set<String> UNSHOWN = Set.of("effects", "settleMillis");

    /**
     * Schema keywords left out of the tool list: the probe (or {@link ToolArgs}) says them when it
     * refuses a value. A number's range, a default and the choices ({@code enum}) stay: an agent
     * should not learn them only by being refused.
     */
    private static final Set<String> UNSHOWN_KEYWORDS = Set.of("minLength", "maxLength", "uniqueItems", "maxItems",
            "additionalProperties");

    /**
     * The schema a model is shown: the description's ({@link ArgsSchema#of(OpDescription)}) but the receipt's
     * arguments ({@link #UNSHOWN}), those the description calls a detail ({@link OpDescription.Arg#detail})
     * and the lengths and counts ({@link #UNSHOWN_KEYWORDS}), which cost tokens on every tool list and
     * are said, from the description, in a refusal. The tool takes the unshown arguments all the same.
     */
    static ObjectNode view(OpDescription takes) {
        ObjectNode s = ArgsSchema.of(takes);
        JsonNode props = s.get("properties");
        if (props instanceof ObjectNode p) {
            p.remove(UNSHOWN);
            takes.args().stream().filter(OpDescription.Arg::detail).forEach(a -> p.remove(a.name()));
            for (JsonNode a : p) {
                ((ObjectNode) a).remove(UNSHOWN_KEYWORDS);
                if (a.get("items") instanceof ObjectNode items) {
                    items.remove(UNSHOWN_KEYWORDS);
                }
            }
        }
        s.remove(UNSHOWN_KEYWORDS);
        return s;
    }
}
