package probe.cli.mcp;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Pattern;
import probe.api.Ops;
import probe.client.internal.Json;

/**
 * The tools' arguments (a JSON object the model wrote, as the SDK hands it over: a {@code Map} of
 * strings, numbers, booleans, lists) mapped to an op and its {@code args}, checked the way the CLI
 * checks its options: unknown names, wrong types, ranges, arguments that go together. A problem is
 * a {@link Problem}, which the server answers as an error result; the op never runs then. Pure, so
 * that it is tested without a probe. Never puts typed text into a message.
 */
public final class ToolArgs {
    /** The prefix every {@code secretEnv} variable must have (see {@link #type}). */
    public static final String SECRET_PREFIX = "HVM_SECRET_";
    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    /** gui.wait's longest wait, as the probe takes it. */
    static final long MAX_WAIT_MILLIS = 600_000;
    static final long DEFAULT_WAIT_MILLIS = 5000;

    /** An op to call: its name, its args, and how long to wait for the reply (null: the server's timeout). */
    public static final class OpCall {
        public final String op;
        public final ObjectNode args;
        public final Duration replyTimeout;

        OpCall(String op, ObjectNode args, Duration replyTimeout) {
            this.op = op;
            this.args = args;
            this.replyTimeout = replyTimeout;
        }
    }

    /** Arguments the tool cannot take: said to the model as an error result. Never holds typed text. */
    public static final class Problem extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public Problem(String message) {
            super(message, null, false, false);
        }
    }

    private final String tool;
    private final Map<String, Object> given;

    private ToolArgs(String tool, Map<String, Object> given, String... accepted) {
        this.tool = tool;
        this.given = given == null ? Collections.emptyMap() : given;
        Set<String> unknown = new TreeSet<>(this.given.keySet());
        unknown.removeAll(List.of(accepted));
        if (!unknown.isEmpty()) {
            throw new Problem("unknown argument" + (unknown.size() == 1 ? " " : "s ") + quoteAll(unknown) + " for " + tool
                    + (accepted.length == 0 ? "; it takes no arguments" : "; accepted: " + String.join(", ", accepted)));
        }
    }

    /** Checks {@code given} against {@code accepted} names. */
    static ToolArgs of(String tool, Map<String, Object> given, String... accepted) {
        return new ToolArgs(tool, given, accepted);
    }

    // ---- the tools ----

    /** gui_snapshot {scope?, query?, maxItems?}: gui.list's args (query and maxItems are the server's own). */
    public static OpCall snapshot(Map<String, Object> given) {
        ToolArgs a = of("gui_snapshot", given, SNAPSHOT);
        ObjectNode args = Json.object();
        a.copyString("scope", args);
        a.string("query");
        a.integer("maxItems", 1, 100_000);
        return new OpCall(Ops.LIST, args, null);
    }

    private static final String[] SNAPSHOT = {"scope", "query", "maxItems"};

    /** gui_snapshot's maxItems, default {@link Snapshot#DEFAULT_MAX_ITEMS}. */
    public static int maxItems(Map<String, Object> given) {
        Long n = of("gui_snapshot", given, SNAPSHOT).integer("maxItems", 1, 100_000);
        return n == null ? Snapshot.DEFAULT_MAX_ITEMS : n.intValue();
    }

    /** gui_snapshot's query: the text a listed control's identifier, role, label or value must hold; null for all. */
    public static String query(Map<String, Object> given) {
        return of("gui_snapshot", given, SNAPSHOT).string("query");
    }

    /** gui_screenshot {scope?, annotate?, maxSize?}: gui.screenshot's args (maxSize is the server's own). */
    public static OpCall screenshot(Map<String, Object> given) {
        ToolArgs a = of("gui_screenshot", given, "scope", "annotate", "maxSize");
        ObjectNode args = Json.object();
        args.put("format", "png");
        a.copyString("scope", args);
        Boolean annotate = a.bool("annotate");
        if (Boolean.TRUE.equals(annotate)) {
            args.put("annotate", true);
        }
        a.integer("maxSize", 16, 16384);
        return new OpCall(Ops.SCREENSHOT, args, null);
    }

    /** gui_screenshot's maxSize: the longest side the image may have; null for no limit. */
    public static Integer maxSize(Map<String, Object> given) {
        Long n = of("gui_screenshot", given, "scope", "annotate", "maxSize").integer("maxSize", 16, 16384);
        return n == null ? null : n.intValue();
    }

    /** gui_click {identifier, button?, count?}. */
    public static OpCall click(Map<String, Object> given) {
        ToolArgs a = of("gui_click", given, "identifier", "button", "count");
        ObjectNode args = Json.object();
        args.put("identifier", a.requiredString("identifier"));
        String button = a.oneOf("button", "left", "right", "middle");
        if (button != null) {
            args.put("button", button);
        }
        Long count = a.integer("count", 1, 2);
        if (count != null) {
            args.put("count", count.intValue());
        }
        return new OpCall(Ops.CLICK, args, null);
    }

    /**
     * gui_type {identifier?, text | secretEnv, replace?}: the text given, or the value of the
     * server's environment variable {@code secretEnv} (which must start with {@link #SECRET_PREFIX}),
     * read through {@code env}. A value holding a control character (a Tab, a line break, Escape…)
     * is refused: typed, it would move the focus and type the rest elsewhere. Messages name the
     * variable, never its value.
     */
    public static OpCall type(Map<String, Object> given, Function<String, String> env) {
        ToolArgs a = of("gui_type", given, "identifier", "text", "secretEnv", "replace");
        ObjectNode args = Json.object();
        String identifier = a.string("identifier");
        if (identifier != null) {
            args.put("identifier", identifier);
        }
        boolean hasText = a.given.get("text") != null;
        boolean hasSecret = a.given.get("secretEnv") != null;
        if (hasText == hasSecret) {
            throw new Problem("gui_type takes exactly one of 'text' (the text itself) and 'secretEnv' (the name of an"
                    + " environment variable of the MCP server that holds a password)");
        }
        if (hasText) {
            Object t = a.given.get("text");
            if (!(t instanceof String)) {
                throw new Problem("argument 'text' must be a string");
            }
            args.put("text", (String) t);
        } else {
            String name = a.string("secretEnv");
            if (!ENV_NAME.matcher(name).matches()) {
                throw new Problem("argument 'secretEnv' must be the name of an environment variable, such as "
                        + SECRET_PREFIX + "VM_PASSWORD");
            }
            if (!name.startsWith(SECRET_PREFIX)) {
                throw new Problem("secretEnv '" + name + "' is refused: only variables whose names start with " + SECRET_PREFIX
                        + " may be typed, so that no other secret of the server's environment can be; set "
                        + SECRET_PREFIX + "… in the server's env (the MCP client's configuration)");
            }
            if (identifier == null) {
                throw new Problem("gui_type with secretEnv needs 'identifier': the password field to type into");
            }
            String value = env.apply(name);
            if (value == null) {
                throw new Problem("the environment variable " + name + " is not set in the MCP server's environment;"
                        + " set it in the server's env (the MCP client's configuration) and restart the server");
            }
            int control = firstControl(value);
            if (control >= 0) {
                throw new Problem("the environment variable " + name + " holds a control character (" + controlName(control)
                        + "), so it is not typed: a Tab or a line break moves the focus or presses the dialog's default"
                        + " button, and the rest of the secret would be typed wherever the focus went. Set the variable to the"
                        + " password alone (no trailing newline) in the server's env and restart the server");
            }
            args.put("text", value);
        }
        Boolean replace = a.bool("replace");
        if (Boolean.TRUE.equals(replace)) {
            args.put("replace", true);
        }
        return new OpCall(Ops.TYPE, args, null);
    }

    /** The first control character of {@code s} (C0, DEL, C1), or -1 when it has none. */
    private static int firstControl(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (Character.isISOControl(s.charAt(i))) {
                return s.charAt(i);
            }
        }
        return -1;
    }

    /** A control character for a person: {@code U+0009 Tab}. */
    private static String controlName(int c) {
        String name = c == '\t' ? " Tab" : c == '\n' ? " line feed" : c == '\r' ? " carriage return" : c == 0x1b ? " Escape" : "";
        return String.format("U+%04X", c) + name;
    }

    /** Whether gui_type was given a secret rather than text. */
    public static boolean isSecret(Map<String, Object> given) {
        return given != null && given.get("secretEnv") != null;
    }

    /** gui_keypress {key, modifiers?, identifier?}. */
    public static OpCall keypress(Map<String, Object> given) {
        ToolArgs a = of("gui_keypress", given, "key", "modifiers", "identifier");
        ObjectNode args = Json.object();
        args.put("key", a.requiredString("key"));
        List<String> modifiers = a.strings("modifiers");
        if (modifiers != null) {
            ArrayNode m = args.putArray("modifiers");
            for (String s : modifiers) {
                if (!List.of("shift", "ctrl", "alt", "meta").contains(s)) {
                    throw new Problem("modifier '" + s + "' is not one of shift, ctrl, alt, meta");
                }
                m.add(s);
            }
        }
        a.copyString("identifier", args);
        return new OpCall(Ops.KEYPRESS, args, null);
    }

    /** gui_select {identifier, label | row | index}. */
    public static OpCall select(Map<String, Object> given) {
        ToolArgs a = of("gui_select", given, "identifier", "label", "row", "index");
        ObjectNode args = Json.object();
        args.put("identifier", a.requiredString("identifier"));
        int n = 0;
        for (String k : List.of("label", "row", "index")) {
            n += a.given.get(k) != null ? 1 : 0;
        }
        if (n != 1) {
            throw new Problem("gui_select takes exactly one of 'label' (the text the item shows), 'row' (its identifier"
                    + " or the end of it) and 'index' (from 0)");
        }
        a.copyString("label", args);
        a.copyString("row", args);
        Long index = a.integer("index", 0, Integer.MAX_VALUE);
        if (index != null) {
            args.put("index", index.intValue());
        }
        return new OpCall(Ops.SELECT, args, null);
    }

    /** gui_hover {identifier}. */
    public static OpCall hover(Map<String, Object> given) {
        ToolArgs a = of("gui_hover", given, "identifier");
        ObjectNode args = Json.object();
        args.put("identifier", a.requiredString("identifier"));
        return new OpCall(Ops.HOVER, args, null);
    }

    /** gui_scroll {identifier, dy?, dx?}: notches, -100 to 100, not both 0. */
    public static OpCall scroll(Map<String, Object> given) {
        ToolArgs a = of("gui_scroll", given, "identifier", "dy", "dx");
        ObjectNode args = Json.object();
        args.put("identifier", a.requiredString("identifier"));
        Long dy = a.integer("dy", -100, 100);
        Long dx = a.integer("dx", -100, 100);
        if ((dy == null || dy == 0) && (dx == null || dx == 0)) {
            throw new Problem("gui_scroll needs 'dy' (notches down, negative up) or 'dx' (right, negative left), not 0");
        }
        if (dy != null) {
            args.put("dy", dy.intValue());
        }
        if (dx != null) {
            args.put("dx", dx.intValue());
        }
        return new OpCall(Ops.SCROLL, args, null);
    }

    /**
     * gui_wait: {identifier, state} (showing, hidden, enabled, disabled), {identifier, value} (its
     * value as gui_snapshot shows it), {dialog, state} (open, closed), or {state: idle, quietMillis?}
     * (the whole GUI); timeoutMillis? for all. The reply may take the whole wait, so the server
     * waits that long plus 10 s, as the CLI does.
     */
    public static OpCall waitFor(Map<String, Object> given) {
        ToolArgs a = of("gui_wait", given, "identifier", "dialog", "state", "value", "quietMillis", "timeoutMillis");
        ObjectNode args = Json.object();
        boolean id = a.given.get("identifier") != null;
        boolean dialog = a.given.get("dialog") != null;
        boolean value = a.given.get("value") != null;
        String usage = "gui_wait takes one of: identifier with state (showing, hidden, enabled, disabled); identifier with"
                + " value; dialog with state (open, closed); state idle alone (the whole GUI, with quietMillis)";
        if (id && dialog || value && !id) {
            throw new Problem(usage);
        }
        a.copyString("identifier", args);
        a.copyString("dialog", args);
        if (value) {
            if (a.given.get("state") != null) {
                throw new Problem(usage);
            }
            Object v = a.given.get("value");
            if (v instanceof String) {
                args.put("value", (String) v);
            } else if (v instanceof Boolean) {
                args.put("value", (Boolean) v);
            } else if (v instanceof Integer || v instanceof Long) {
                args.put("value", ((Number) v).longValue());
            } else if (v instanceof Number) {
                args.put("value", ((Number) v).doubleValue());
            } else {
                throw new Problem("argument 'value' of gui_wait must be a string, a number or true/false");
            }
        } else {
            String state = id ? a.oneOf("state", "showing", "hidden", "enabled", "disabled")
                    : dialog ? a.oneOf("state", "open", "closed") : a.oneOf("state", "idle");
            if (state == null) {
                throw new Problem(usage);
            }
            args.put("state", state);
        }
        Long quiet = a.integer("quietMillis", 1, MAX_WAIT_MILLIS);
        if (quiet != null) {
            if (!"idle".equals(args.path("state").asText())) {
                throw new Problem("argument 'quietMillis' of gui_wait goes with state idle");
            }
            args.put("quietMillis", quiet);
        }
        Long ms = a.integer("timeoutMillis", 0, MAX_WAIT_MILLIS);
        if (ms != null) {
            args.put("timeoutMillis", ms);
        }
        long wait = ms == null ? DEFAULT_WAIT_MILLIS : ms;
        return new OpCall(Ops.WAIT, args, Duration.ofMillis(wait).plusSeconds(10));
    }

    /** gui_dialog {}: gui.dialog.current. */
    public static OpCall dialog(Map<String, Object> given) {
        of("gui_dialog", given);
        return new OpCall(Ops.DIALOG_CURRENT, null, null);
    }

    /** gui_audit {}: gui.audit. */
    public static OpCall audit(Map<String, Object> given) {
        of("gui_audit", given);
        return new OpCall(Ops.AUDIT, null, null);
    }

    /** gui_events {max?}: how many events to return at most (default 100). */
    public static int eventsMax(Map<String, Object> given) {
        Long n = of("gui_events", given, "max").integer("max", 1, 10_000);
        return n == null ? 100 : n.intValue();
    }

    // ---- reading values ----

    private String string(String name) {
        Object v = given.get(name);
        if (v == null) {
            return null;
        }
        if (!(v instanceof String)) {
            throw new Problem("argument '" + name + "' of " + tool + " must be a string");
        }
        String s = (String) v;
        if (s.isEmpty()) {
            throw new Problem("argument '" + name + "' of " + tool + " must not be empty");
        }
        return s;
    }

    private String requiredString(String name) {
        String s = string(name);
        if (s == null) {
            throw new Problem(tool + " needs '" + name + "'");
        }
        return s;
    }

    private void copyString(String name, ObjectNode args) {
        String s = string(name);
        if (s != null) {
            args.put(name, s);
        }
    }

    private String oneOf(String name, String... allowed) {
        String s = string(name);
        if (s != null && !List.of(allowed).contains(s)) {
            throw new Problem("argument '" + name + "' of " + tool + " must be one of " + String.join(", ", allowed) + ", not '" + s + "'");
        }
        return s;
    }

    private Boolean bool(String name) {
        Object v = given.get(name);
        if (v == null) {
            return null;
        }
        if (!(v instanceof Boolean)) {
            throw new Problem("argument '" + name + "' of " + tool + " must be true or false");
        }
        return (Boolean) v;
    }

    /** A whole number from min to max; null when not given. Integral doubles (3.0) count as whole. */
    private Long integer(String name, long min, long max) {
        Object v = given.get(name);
        if (v == null) {
            return null;
        }
        long n;
        if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
            n = ((Number) v).longValue();
        } else if (v instanceof Number && ((Number) v).doubleValue() == Math.rint(((Number) v).doubleValue())
                && Math.abs(((Number) v).doubleValue()) < 1e15) {
            n = ((Number) v).longValue();
        } else {
            throw new Problem("argument '" + name + "' of " + tool + " must be a whole number");
        }
        if (n < min || n > max) {
            throw new Problem("argument '" + name + "' of " + tool + " must be from " + min + " to " + max + ", not " + n);
        }
        return n;
    }

    private List<String> strings(String name) {
        Object v = given.get(name);
        if (v == null) {
            return null;
        }
        List<String> out = new ArrayList<>();
        if (v instanceof String) {
            // "ctrl,shift" as a model may write it.
            for (String s : ((String) v).split(",")) {
                if (!s.isBlank()) {
                    out.add(s.strip());
                }
            }
            return out;
        }
        if (!(v instanceof List)) {
            throw new Problem("argument '" + name + "' of " + tool + " must be a list of strings");
        }
        for (Object o : (List<?>) v) {
            if (!(o instanceof String)) {
                throw new Problem("argument '" + name + "' of " + tool + " must be a list of strings");
            }
            out.add((String) o);
        }
        return out;
    }

    private static String quoteAll(Set<String> names) {
        List<String> q = new ArrayList<>();
        for (String n : names) {
            q.add("'" + n + "'");
        }
        return String.join(", ", q);
    }
}
