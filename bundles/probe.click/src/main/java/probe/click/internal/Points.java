package probe.click.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Point;
import probe.api.ProbeException;

/** A point inside a control as a request gives it: {@code x} and {@code y}, from its top-left corner, in its own units. */
final class Points {
    private Points() {
    }

    /**
     * The point {@code xName}, {@code yName} of {@code args} (the description has checked each is an
     * integer); null when neither is given. What a description cannot say: both or none.
     */
    static Point of(ObjectNode args, String xName, String yName) throws ProbeException {
        JsonNode x = args.get(xName);
        JsonNode y = args.get(yName);
        boolean hasX = x != null && !x.isNull();
        boolean hasY = y != null && !y.isNull();
        if (hasX != hasY) {
            throw ProbeException.invalidArgs("give both '" + xName + "' and '" + yName + "' (a point inside the control, from its"
                    + " top-left corner), or neither (its centre)");
        }
        return hasX ? new Point(x.intValue(), y.intValue()) : null;
    }

    /** {@code data}'s field {@code name}, the point as [x, y], when there is one. */
    static void put(ObjectNode data, String name, Point p) {
        if (p != null) {
            data.putArray(name).add(p.x).add(p.y);
        }
    }
}
