package probe.api.wire;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.JsonRecyclerPools;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.Map;

/**
 * The client's JSON codec: Jackson's streaming parser and generator with the trees of
 * {@code jackson-databind}, read and written by hand. It reads what {@code probe.api.wire.Wire}'s mapper
 * reads (floats as BigDecimal, nothing after the value, nesting at most 200 deep) and writes plain trees as
 * it does, but without an {@code ObjectMapper}, whose set-up loads some 300 classes more and costs a
 * one-shot command about 200 ms. Two differences: a decimal stays as written ({@code 1.50}; the mapper
 * writes {@code 1.5}), and a tree holding a POJO or a raw value is refused with an
 * {@code IllegalArgumentException}, where the mapper serialised it.
 */
public final class Json {
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(200)
                    // Replies may be long (a screenshot's base64); the line limit bounds them.
                    .maxStringLength(Integer.MAX_VALUE)
                    .build())
            // Buffers pooled in the factory, not in a ThreadLocal of whichever thread writes: the probe writes
            // on the application's threads too (the event thread, the attach listener), and a Jackson buffer
            // left in one of their ThreadLocals would keep the probe's class loaders alive after a detach.
            .recyclerPool(JsonRecyclerPools.newConcurrentDequePool())
            .build();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private Json() {
    }

    /** A fresh, empty object node. */
    public static ObjectNode object() {
        return NODES.objectNode();
    }

    /**
     * The one JSON value in {@code buf[off, off+len)}.
     *
     * @throws com.fasterxml.jackson.core.JsonProcessingException when it is not exactly one JSON value,
     *     with its location
     */
    public static JsonNode parse(byte[] buf, int off, int len) throws IOException {
        try (JsonParser p = FACTORY.createParser(buf, off, len)) {
            return one(p);
        }
    }

    /** The one JSON value in {@code buf}. */
    public static JsonNode parse(byte[] buf) throws IOException {
        return parse(buf, 0, buf.length);
    }

    /**
     * The one JSON value in {@code text}, already decoded: no encoding is guessed from its first bytes (a
     * byte parser takes a byte order mark, or zero bytes, as UTF-16 or UTF-32), and a location's column
     * counts characters.
     *
     * @throws com.fasterxml.jackson.core.JsonProcessingException when it is not exactly one JSON value,
     *     with its location
     */
    public static JsonNode parse(String text) throws IOException {
        try (JsonParser p = FACTORY.createParser(text)) {
            return one(p);
        }
    }

    private static JsonNode one(JsonParser p) throws IOException {
        JsonToken t = p.nextToken();
        if (t == null) {
            throw new com.fasterxml.jackson.core.JsonParseException(p, "no JSON value");
        }
        JsonNode n = read(p, t);
        if (p.nextToken() != null) {
            throw new com.fasterxml.jackson.core.JsonParseException(p, "more after the JSON value");
        }
        return n;
    }

    /** Texts longer than this many characters are read whole from the parser's array. */
    private static final int LONG_TEXT = 1000;

    private static JsonNode read(JsonParser p, JsonToken t) throws IOException {
        switch (t) {
            case START_OBJECT: {
                ObjectNode o = NODES.objectNode();
                for (JsonToken k = p.nextToken(); k == JsonToken.FIELD_NAME; k = p.nextToken()) {
                    String name = p.currentName();
                    o.set(name, read(p, p.nextToken()));
                }
                return o;
            }
            case START_ARRAY: {
                ArrayNode a = NODES.arrayNode();
                for (JsonToken e = p.nextToken(); e != JsonToken.END_ARRAY; e = p.nextToken()) {
                    a.add(read(p, e));
                }
                return a;
            }
            case VALUE_STRING:
                // A long text (a listing's lines) from the parser's one array, not appended segment by segment
                // into a StringBuilder (getText's way, a char at a time: most of a 20 KB reply's time in the
                // MCP server, which runs C1 only).
                return NODES.textNode(p.getTextLength() > LONG_TEXT ? new String(p.getTextCharacters(), p.getTextOffset(), p.getTextLength())
                        : p.getText());
            case VALUE_NUMBER_INT:
                switch (p.getNumberType()) {
                    case INT:
                        return NODES.numberNode(p.getIntValue());
                    case LONG:
                        return NODES.numberNode(p.getLongValue());
                    default:
                        return NODES.numberNode(p.getBigIntegerValue());
                }
            case VALUE_NUMBER_FLOAT:
                return NODES.numberNode(p.getDecimalValue());
            case VALUE_TRUE:
                return NODES.booleanNode(true);
            case VALUE_FALSE:
                return NODES.booleanNode(false);
            case VALUE_NULL:
                return NODES.nullNode();
            default:
                throw new com.fasterxml.jackson.core.JsonParseException(p, "unexpected " + t);
        }
    }

    /** {@code node} as one line of UTF-8 JSON with its {@code \n}: never a raw newline inside. */
    public static byte[] line(JsonNode node) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            write(g, node);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.write('\n');
        return out.toByteArray();
    }

    /** {@code node} as compact JSON text ({@code null} for null). */
    public static String compact(JsonNode node) {
        return text(node, false);
    }

    /** {@code node} as indented JSON text, for a person. */
    public static String pretty(JsonNode node) {
        return text(node, true);
    }

    private static String text(JsonNode node, boolean pretty) {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(w)) {
            if (pretty) {
                g.useDefaultPrettyPrinter();
            }
            write(g, node);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w.toString();
    }

    private static void write(JsonGenerator g, JsonNode n) throws IOException {
        if (n == null) {
            g.writeNull();
            return;
        }
        switch (n.getNodeType()) {
            case OBJECT:
                g.writeStartObject();
                for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext();) {
                    Map.Entry<String, JsonNode> e = it.next();
                    g.writeFieldName(e.getKey());
                    write(g, e.getValue());
                }
                g.writeEndObject();
                break;
            case ARRAY:
                g.writeStartArray();
                for (JsonNode e : n) {
                    write(g, e);
                }
                g.writeEndArray();
                break;
            case STRING:
                g.writeString(n.textValue());
                break;
            case NUMBER:
                writeNumber(g, n);
                break;
            case BOOLEAN:
                g.writeBoolean(n.booleanValue());
                break;
            case BINARY:
                g.writeBinary(n.binaryValue());
                break;
            case NULL:
            case MISSING:
                g.writeNull();
                break;
            default:
                throw new IllegalArgumentException("a " + n.getNodeType() + " node has no JSON form here; use plain JSON nodes");
        }
    }

    private static void writeNumber(JsonGenerator g, JsonNode n) throws IOException {
        switch (n.numberType()) {
            case INT:
                g.writeNumber(n.intValue());
                break;
            case LONG:
                g.writeNumber(n.longValue());
                break;
            case BIG_INTEGER:
                g.writeNumber(n.bigIntegerValue());
                break;
            case FLOAT:
                g.writeNumber(n.floatValue());
                break;
            case DOUBLE:
                g.writeNumber(n.doubleValue());
                break;
            default:
                g.writeNumber(n.decimalValue());
        }
    }
}
