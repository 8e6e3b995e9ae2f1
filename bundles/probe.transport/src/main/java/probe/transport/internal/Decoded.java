package probe.transport.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A request line after decoding: either a request ({@code op} set) or the error to answer with
 * ({@code errorCode} set). {@code id} is whatever id could be read, else null.
 */
record Decoded(JsonNode id, String op, ObjectNode args, String errorCode, String errorMessage) {

    static Decoded request(JsonNode id, String op, ObjectNode args) {
        return new Decoded(id, op, args, null, null);
    }

    static Decoded error(JsonNode id, String code, String message) {
        return new Decoded(id, null, null, code, message);
    }

    boolean isError() {
        return errorCode != null;
    }
}
