package probe.api;

/** The protocol's stable error codes (docs/PROTOCOL.md, "Errors"). Clients match on these strings. */
public final class ErrorCodes {
    public static final String PARSE_ERROR = "protocol.parse_error";
    public static final String INVALID_REQUEST = "protocol.invalid_request";
    public static final String LINE_TOO_LONG = "protocol.line_too_long";
    public static final String UNKNOWN_OP = "protocol.unknown_op";
    /** The server has {@code maxConnections} open, all of them subscribers, and refuses one more. */
    public static final String TOO_MANY_CONNECTIONS = "protocol.too_many_connections";
    /** A new connection sent no whole line within the transport's {@code firstLineMillis}; it is closed. */
    public static final String FIRST_LINE_TIMEOUT = "protocol.first_line_timeout";
    /** A request line was begun and not ended within the transport's {@code lineMillis}; the connection is closed. */
    public static final String LINE_TIMEOUT = "protocol.line_timeout";
    /**
     * The server had {@code maxConnections} open and a new client came: this connection, the one
     * silent longest among those not subscribed to events, is closed to make room.
     */
    public static final String EVICTED = "protocol.evicted";
    /** The connection took none of its queued output (events, replies) for the transport's {@code stallMillis}; it is closed. */
    public static final String SLOW_READER = "protocol.slow_reader";
    public static final String AUTH_REQUIRED = "auth.required";
    /** With a token, a connection did not authenticate within the transport's {@code authMillis}; it is closed. */
    public static final String AUTH_TIMEOUT = "auth.timeout";
    public static final String AUTH_DENIED = "auth.denied";
    public static final String INVALID_ARGS = "gui.invalid_args";
    public static final String OP_UNAVAILABLE = "gui.op_unavailable";
    public static final String IDENTIFIER_NOT_FOUND = "gui.identifier_not_found";
    public static final String IDENTIFIER_AMBIGUOUS = "gui.identifier_ambiguous";
    public static final String NOT_CLICKABLE = "gui.not_clickable";
    /**
     * A point inside a control ({@code x}, {@code y} of gui.click, gui.hover, gui.scroll, gui.drag)
     * lies outside its bounds; {@code details.identifier}, {@code details.point}, {@code details.size}.
     */
    public static final String POINT_OUTSIDE = "gui.point_outside";
    public static final String NOT_EDITABLE = "gui.not_editable";
    public static final String NO_FOCUS = "gui.no_focus";
    public static final String UNKNOWN_KEY = "gui.unknown_key";
    public static final String NO_WINDOW = "gui.no_window";
    public static final String TIMEOUT = "gui.timeout";
    public static final String INTERNAL = "internal";

    private ErrorCodes() {
    }
}
