package probe.gogo.internal;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * An op's failure as a Gogo command reports it. The shell prints {@code gogo: GuiError: MESSAGE},
 * the message being {@code code: what happened} ({@code gui.not_clickable: ...}); a script reads
 * {@code $exception code} and {@code $exception details}. Never carries typed text: ops put none in
 * their errors, and the commands add none.
 */
public final class GuiError extends Exception {
    private static final long serialVersionUID = 1L;

    private final String code;
    private final transient JsonNode details;

    GuiError(String code, String message, JsonNode details, Throwable cause) {
        super(message, cause);
        this.code = code;
        this.details = details;
    }

    /** The protocol's stable code, such as {@code gui.identifier_not_found}. */
    public String code() {
        return code;
    }

    /**
     * The message alone, which starts with the code: what gogo.jline's console prints for a
     * failed command (it prints the exception's string), without this class's name before it.
     */
    @Override
    public String toString() {
        return getMessage();
    }

    /** The op's details, or null. */
    public JsonNode details() {
        return details;
    }
}
