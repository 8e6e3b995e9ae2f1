package probe.api;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * An op's failure as the client sees it: a stable {@link ErrorCodes code}, a message a person can
 * act on, and optional machine-readable details. Never put a secret in any of them.
 */
public class ProbeException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String code;
    private final transient ObjectNode details;

    public ProbeException(String code, String message) {
        this(code, message, null, null);
    }

    public ProbeException(String code, String message, ObjectNode details) {
        this(code, message, details, null);
    }

    public ProbeException(String code, String message, ObjectNode details, Throwable cause) {
        super(message, cause);
        this.code = code;
        this.details = details;
    }

    /** {@code gui.invalid_args} with the given message. */
    public static ProbeException invalidArgs(String message) {
        return new ProbeException(ErrorCodes.INVALID_ARGS, message);
    }

    /** A fresh object for {@link #details}. */
    public static ObjectNode newDetails() {
        return JsonNodeFactory.instance.objectNode();
    }

    public String code() {
        return code;
    }

    /** Null when there are none. */
    public ObjectNode details() {
        return details;
    }
}
