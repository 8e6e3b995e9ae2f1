package probe.transport.internal;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import probe.api.ErrorCodes;
import probe.api.wire.Json;
import probe.api.wire.Wire;

/** Turns one request line into a {@link Decoded}: strict UTF-8, one JSON object, the contract's fields. */
final class RequestDecoder {

    private RequestDecoder() {
    }

    static Decoded decode(byte[] line) {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(line))
                    .toString();
        } catch (CharacterCodingException e) {
            return Decoded.error(null, ErrorCodes.PARSE_ERROR, "the line is not valid UTF-8");
        }
        if (text.isBlank()) {
            return Decoded.error(null, ErrorCodes.PARSE_ERROR, "empty line: expected one JSON object per line");
        }
        JsonNode tree;
        try {
            // The text decoded above, not the bytes: a byte parser guesses an encoding from the first bytes.
            tree = Json.parse(text);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            return Decoded.error(null, ErrorCodes.PARSE_ERROR, "not JSON: " + e.getOriginalMessage()
                    + (at == null ? "" : " (column " + at.getColumnNr() + ")"));
        } catch (NumberFormatException | ArithmeticException e) {
            // Jackson reads a number such as 1e12345678901234567 into this, not into a parse error.
            return Decoded.error(null, ErrorCodes.PARSE_ERROR, "not JSON this probe can read: a number in the line is out of range");
        } catch (java.io.IOException e) {
            // A parser reading a String fails only with the JsonProcessingException above; kept for the signature.
            return Decoded.error(null, ErrorCodes.PARSE_ERROR, "not JSON: " + e.getMessage());
        }
        if (tree == null || !tree.isObject()) {
            return Decoded.error(null, ErrorCodes.INVALID_REQUEST,
                    "a request is a JSON object like {\"id\":1,\"op\":\"probe.hello\"}, got " + kind(tree));
        }
        JsonNode idNode = tree.get("id");
        JsonNode id = idNode != null && (idNode.isNumber() || idNode.isTextual()) ? idNode : null;
        if (idNode == null || idNode.isNull()) {
            return Decoded.error(null, ErrorCodes.INVALID_REQUEST, "the request has no id (a number or a string)");
        }
        if (id == null) {
            return Decoded.error(null, ErrorCodes.INVALID_REQUEST, "the request's id must be a number or a string, got " + kind(idNode));
        }
        JsonNode op = tree.get("op");
        if (op == null || !op.isTextual() || op.textValue().isEmpty()) {
            return Decoded.error(id, ErrorCodes.INVALID_REQUEST, "the request has no op (a string such as \"probe.hello\")");
        }
        JsonNode args = tree.get("args");
        if (args != null && !args.isNull() && !args.isObject()) {
            return Decoded.error(id, ErrorCodes.INVALID_REQUEST, "the request's args must be a JSON object, got " + kind(args));
        }
        ObjectNode a = args == null || args.isNull() ? Wire.object() : (ObjectNode) args;
        return Decoded.request(id, op.textValue(), a);
    }

    private static String kind(JsonNode n) {
        return n == null ? "nothing" : n.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
    }
}
