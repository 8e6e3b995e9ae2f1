package probe.registry.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.Map;
import probe.api.wire.Wire;

/**
 * A closed menu listed as one line: what no person sees (the items of a menu that is not open)
 * costs a client's reader most of a big application's listing. Pure: on gui.list's items.
 */
final class Folding {

    private Folding() {
    }

    /**
     * {@code items} without the items of closed menus; each menu whose items were left out gets
     * {@code items}: how many it holds directly (a submenu counts as one). The order is kept.
     */
    static ArrayNode fold(ArrayNode items) {
        Map<String, Integer> counts = new HashMap<>();
        for (JsonNode i : items) {
            if (closed(i) && i.path("parent").isTextual()) {
                counts.merge(i.get("parent").textValue(), 1, Integer::sum);
            }
        }
        if (counts.isEmpty()) {
            return items;
        }
        ArrayNode out = Wire.array();
        for (JsonNode i : items) {
            if (closed(i)) {
                continue;
            }
            Integer n = "menu".equals(i.path("role").textValue()) && i.path("identifier").isTextual()
                    ? counts.get(i.get("identifier").textValue()) : null;
            if (n != null) {
                ((ObjectNode) i).put("items", n);
            }
            out.add(i);
        }
        return out;
    }

    private static boolean closed(JsonNode i) {
        return i.path("inClosedMenu").asBoolean(false);
    }
}
