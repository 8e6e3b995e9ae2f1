package probe.client;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A reply with {@code "ok": false}: the probe refused or failed the op. The code is one of the
 * protocol's stable codes ({@code probe.api.ErrorCodes}); match on it, not on the message.
 */
public final class ProbeOpException extends ProbeClientException {
    private static final long serialVersionUID = 1L;

    private final String op;
    private final String code;
    private final transient JsonNode details;

    public ProbeOpException(String op, String code, String message, JsonNode details) {
        super(message, null);
        this.op = op;
        this.code = code;
        this.details = details;
    }

    /** The op that failed. */
    public String op() {
        return op;
    }

    /** The stable error code, such as {@code gui.identifier_not_found}. */
    public String code() {
        return code;
    }

    /** The error's {@code details}, or null when it had none. */
    public JsonNode details() {
        return details;
    }

    @Override
    public String toString() {
        return "ProbeOpException " + code + ": " + getMessage();
    }
}
