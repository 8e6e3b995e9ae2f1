package probe.cli.internal;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import probe.api.wire.Json;

/** Reads {@code ARGS_JSON}. Errors say where the JSON is wrong, never what it says (it may be a secret). */
final class RawArgs {
    private RawArgs() {
    }

    static ObjectNode parse(String text, InputStream stdin) throws IOException, UsageException {
        if (text == null) {
            return null;
        }
        String source = "ARGS_JSON";
        byte[] json;
        if (text.equals("-")) {
            source = "the ARGS_JSON on standard input";
            json = stdin.readAllBytes();
        } else {
            json = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        }
        JsonNode n;
        try {
            n = Json.parse(json, 0, json.length);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String where = at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
            throw new UsageException(source + " is not valid JSON" + where);
        }
        if (!n.isObject()) {
            throw new UsageException(source + " must be a JSON object, such as {\"scope\":\"dialog\"}");
        }
        return (ObjectNode) n;
    }
}
