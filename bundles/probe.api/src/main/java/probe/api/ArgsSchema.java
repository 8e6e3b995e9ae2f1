package probe.api;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import probe.api.OpDescription.Arg;
import probe.api.wire.Wire;

/**
 * An op's arguments as JSON Schema: what {@code probe.describe} serves as a
 * description's {@code schema} ({@link DescriptionJson#served}) and an MCP tool's input schema is
 * made from. docs/PROTOCOL.md gives the mapping.
 */
public final class ArgsSchema {

    private ArgsSchema() {
    }

    /**
     * The arguments of {@code d} as a JSON Schema (draft 2020-12) object schema: each argument's
     * type, range, choices, default and help ({@code description}); {@code required}; no other key,
     * unless the op takes any ({@link OpDescription#open}).
     */
    public static ObjectNode of(OpDescription d) {
        ObjectNode s = Wire.object();
        s.put("type", "object");
        if (d.open()) {
            return s;
        }
        ObjectNode props = s.putObject("properties");
        ArrayNode required = Wire.array();
        for (Arg a : d.argsByName().values()) {
            props.set(a.name(), of(a));
            if (a.required()) {
                required.add(a.name());
            }
        }
        if (!required.isEmpty()) {
            s.set("required", required);
        }
        s.put("additionalProperties", false);
        return s;
    }

    /** One argument's JSON Schema. */
    public static ObjectNode of(Arg a) {
        ObjectNode p = Wire.object();
        switch (a.type()) {
            case ARRAY:
                p.put("type", "array");
                ObjectNode items = p.putObject("items");
                items.put("type", "string");
                string(a, items);
                p.put("uniqueItems", true);
                if (a.maxItems() != null) {
                    p.put("maxItems", a.maxItems());
                }
                break;
            case SCALAR:
                p.set("type", DescriptionJson.array(List.of("string", "number", "boolean")));
                break;
            case ANY:
                break;
            case STRING:
                p.put("type", "string");
                string(a, p);
                break;
            default:
                p.put("type", a.type().wire());
                break;
        }
        if (a.minimum() != null) {
            p.set("minimum", DescriptionJson.number(a.minimum()));
        }
        if (a.maximum() != null) {
            p.set("maximum", DescriptionJson.number(a.maximum()));
        }
        if (a.defaultValue() != null) {
            p.set("default", a.defaultValue());
        }
        DescriptionJson.putIf(p, "description", a.help());
        return p;
    }

    private static void string(Arg a, ObjectNode p) {
        if (a.choices() != null) {
            p.set("enum", DescriptionJson.array(a.choices()));
        }
        if (a.minLength() != null) {
            p.put("minLength", a.minLength());
        }
        if (a.isName()) {
            p.put("maxLength", Names.MAX_LENGTH);
        }
    }
}
