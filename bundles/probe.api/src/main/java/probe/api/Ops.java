package probe.api;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The names of the protocol's ops, written once (since 1.2), and which of them only look (since 1.3). Everything that names an op in code
 * uses these: the ops ({@code @Op(Ops.CLICK)}; an annotation takes a constant), the transport,
 * the clients (hvm-dbg and its MCP server, the Gogo commands, the client library). {@link #CONTRACT} is the contract
 * of HDP-GUI v1: for each of its ops the bundle that provides it and the verb that people type for
 * it ({@code hvm-dbg gui VERB}, {@code gui:VERB} in the Gogo shell). A test in the CLI's module
 * fails when an op of the contract lacks its verb, its Gogo command or its section in
 * docs/PROTOCOL.md.
 */
public final class Ops {
    /** Answered by the transport itself: the protocol, the server and the ops present now. */
    public static final String HELLO = "probe.hello";
    /** Answered by the transport itself: a token for a probe that wants one. */
    public static final String AUTH = "probe.auth";
    /** Answered by the transport itself: the descriptions of the ops present now (since 1.4; {@link OpDescription}). */
    public static final String DESCRIBE = "probe.describe";

    public static final String LIST = "gui.list";
    public static final String AUDIT = "gui.audit";
    public static final String WAIT = "gui.wait";
    public static final String SCREENSHOT = "gui.screenshot";
    public static final String DIALOG_CURRENT = "gui.dialog.current";
    public static final String EVENT_SUBSCRIBE = "gui.event.subscribe";
    public static final String EVENT_UNSUBSCRIBE = "gui.event.unsubscribe";
    public static final String CLICK = "gui.click";
    public static final String SELECT = "gui.select";
    public static final String HOVER = "gui.hover";
    public static final String SCROLL = "gui.scroll";
    public static final String TYPE = "gui.type";
    public static final String KEYPRESS = "gui.keypress";

    /**
     * The verbs: what a person types for an op, {@code hvm-dbg gui VERB} and {@code gui:VERB} alike
     * ({@link #HELLO}'s is a command of its own, {@code hvm-dbg hello} and {@code gui:hello}).
     */
    public static final class Verbs {
        public static final String HELLO = "hello";
        public static final String LIST = "list";
        public static final String AUDIT = "audit";
        public static final String WAIT = "wait";
        public static final String SCREENSHOT = "screenshot";
        public static final String DIALOG = "dialog";
        /** Subscribes, prints the events, and ends the subscription when it stops. */
        public static final String WATCH = "watch";
        public static final String CLICK = "click";
        public static final String SELECT = "select";
        public static final String HOVER = "hover";
        public static final String SCROLL = "scroll";
        public static final String TYPE = "type";
        public static final String KEYPRESS = "keypress";

        private Verbs() {
        }
    }

    /** An op of the contract: its name, the bundle that provides it, and its verb. */
    public record Contract(String op, String bundle, String verb) {
    }

    /**
     * The ops of HDP-GUI v1, which every probe offers: asked for while their bundle is away they are
     * {@code gui.op_unavailable}, not {@code protocol.unknown_op}. In the order of docs/PROTOCOL.md.
     */
    public static final List<Contract> CONTRACT = List.of(
            new Contract(LIST, "probe.registry", Verbs.LIST),
            new Contract(AUDIT, "probe.registry", Verbs.AUDIT),
            new Contract(WAIT, "probe.registry", Verbs.WAIT),
            new Contract(CLICK, "probe.click", Verbs.CLICK),
            new Contract(TYPE, "probe.type", Verbs.TYPE),
            new Contract(KEYPRESS, "probe.key", Verbs.KEYPRESS),
            new Contract(SELECT, "probe.click", Verbs.SELECT),
            new Contract(HOVER, "probe.click", Verbs.HOVER),
            new Contract(SCROLL, "probe.click", Verbs.SCROLL),
            new Contract(EVENT_SUBSCRIBE, "probe.events", Verbs.WATCH),
            new Contract(EVENT_UNSUBSCRIBE, "probe.events", Verbs.WATCH),
            new Contract(DIALOG_CURRENT, "probe.events", Verbs.DIALOG),
            new Contract(SCREENSHOT, "probe.screenshot", Verbs.SCREENSHOT));

    /**
     * The ops that only look (since 1.3): they change nothing in the GUI nor in the state of the
     * connection, so a client may send one again on a new connection when it does not know whether
     * the first reached the probe (hvm-dbg mcp does). Every other op acts (a click, typed text, a
     * key, the pointer moved, a subscription) and must never be sent twice on a guess.
     */
    private static final Set<String> READ_ONLY = Set.of(HELLO, DESCRIBE, LIST, AUDIT, WAIT, SCREENSHOT, DIALOG_CURRENT);

    private static final Map<String, Contract> BY_NAME = index();

    private Ops() {
    }

    private static Map<String, Contract> index() {
        Map<String, Contract> m = new LinkedHashMap<>();
        for (Contract c : CONTRACT) {
            m.put(c.op(), c);
        }
        return Collections.unmodifiableMap(m);
    }

    /** The names of the contract's ops. */
    public static Set<String> contract() {
        return BY_NAME.keySet();
    }

    /**
     * Whether {@code op} only looks: sending it twice does what sending it once does. False for an
     * op that acts, and for a name this list does not know.
     *
     * @since 1.3
     */
    public static boolean readOnly(String op) {
        return READ_ONLY.contains(op);
    }

    /** The op of the contract named {@code op}, or nothing for a name the contract does not know. */
    public static Optional<Contract> contract(String op) {
        return Optional.ofNullable(BY_NAME.get(op));
    }
}
