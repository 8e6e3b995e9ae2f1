package probe.cli.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;

/** A click's verb ({@link probe.api.OpDescription.Reply#CLICKED}): {@code --double} is {@code --count 2}. */
final class GuiClick extends GuiVerb {
    static final String DOUBLE = "--double";

    @Override
    List<Extra> extras() {
        return List.of(new Extra(DOUBLE, null, null, "a double click: the same as --count 2"));
    }

    @Override
    void adjust(ObjectNode args, Map<String, String> extras) throws UsageException {
        if (extras.containsKey(DOUBLE)) {
            if (args.has("count")) {
                throw new UsageException(DOUBLE + " is --count 2: give one of them");
            }
            args.put("count", 2);
        }
    }
}
