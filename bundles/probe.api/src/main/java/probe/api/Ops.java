package probe.api;

/**
 * The names of the ops that code refers to by name, written once: the ops ({@code @Op(Ops.CLICK)}; an
 * annotation takes a constant), the transport, and the clients' named special cases (hvm-dbg and its
 * MCP server, the Gogo commands). It is no list of the contract: what an op is, takes and
 * is called by people is its description ({@link OpDescription}), in the bundle that provides it, and
 * an op nobody refers to in code needs no constant here. Which ops only look is the description's
 * {@code acts}.
 */
public final class Ops {
    /** The transport's own op (an op like any other, in the op table): the protocol, the server, the application and the ops present now. */
    public static final String HELLO = "probe.hello";
    /** The transport's own op: a token for a probe that wants one. */
    public static final String AUTH = "probe.auth";
    /** The transport's own op: the descriptions of the ops present now ({@link OpDescription}). */
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
     * The verbs that code refers to (each op's own is its description's {@code verb}): what a person
     * types for an op, {@code hvm-dbg gui VERB} and {@code gui:VERB} alike
     * ({@link #HELLO}'s is a command of its own, {@code hvm-dbg hello} and {@code gui:hello}).
     */
    public static final class Verbs {
        public static final String HELLO = "hello";
        /** Subscribes, prints the events, and ends the subscription when it stops. */
        public static final String WATCH = "watch";

        private Verbs() {
        }
    }

    private Ops() {
    }
}
