package probe.api.wire;

import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The line format of HDP-GUI v1 (docs/PROTOCOL.md, "Messages"): builds and writes request, reply and event
 * lines. One JSON object per line; the writer never emits a raw newline inside a line.
 */
public final class Wire {
    /** The protocol version that {@code probe.hello} reports. */
    public static final int PROTOCOL = 1;

    /**
     * The mapper, built when first asked for: building it sets up some 300 classes of Jackson's
     * databind, which a one-shot command line that only builds and reads trees ({@link #object},
     * {@link #request}) never needs.
     */
    private static final class Holder {
        static final ObjectMapper MAPPER = JsonMapper.builder()
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .build();

        static {
            // A hostile line may nest deeply; keep the parser's stack small and bounded.
            MAPPER.getFactory().setStreamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(200).build());
        }
    }

    private Wire() {
    }

    /**
     * The shared, thread-safe mapper, configured for protocol lines. Do not reconfigure it. The probe's
     * own bundles never ask for it: they read and write lines with {@link Json} and make trees with
     * {@link #object()} and {@link #array()}, so an attached application never loads the mapper's classes.
     */
    public static ObjectMapper mapper() {
        return Holder.MAPPER;
    }

    public static ObjectNode object() {
        return JsonNodeFactory.instance.objectNode();
    }

    /** A fresh, empty array node (no mapper needed).
     *
     * @since 1.2
     */
    public static ArrayNode array() {
        return JsonNodeFactory.instance.arrayNode();
    }

    /** {@code {"id": id, "op": op, "args": args}}. */
    public static ObjectNode request(JsonNode id, String op, ObjectNode args) {
        ObjectNode r = object();
        r.set("id", id == null ? NullNode.getInstance() : id);
        r.put("op", op);
        if (args != null) {
            r.set("args", args);
        }
        return r;
    }

    /** {@code {"id": id, "ok": true, "data": data}}; no data key when data is null. */
    public static ObjectNode success(JsonNode id, JsonNode data) {
        ObjectNode r = object();
        r.set("id", id == null ? NullNode.getInstance() : id);
        r.put("ok", true);
        if (data != null && !data.isNull()) {
            r.set("data", data);
        }
        return r;
    }

    /** {@code {"id": id, "ok": false, "error": {"code", "message", "details"?}}}. */
    public static ObjectNode failure(JsonNode id, String code, String message, JsonNode details) {
        ObjectNode r = object();
        r.set("id", id == null ? NullNode.getInstance() : id);
        r.put("ok", false);
        ObjectNode e = r.putObject("error");
        e.put("code", code);
        e.put("message", message);
        if (details != null && !details.isNull()) {
            e.set("details", details);
        }
        return r;
    }

    /** One line, with its terminating newline, as UTF-8. */
    public static byte[] line(JsonNode message) {
        return Json.line(message);
    }
}
