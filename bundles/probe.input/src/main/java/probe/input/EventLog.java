package probe.input;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import probe.api.events.EventBus;

/**
 * The bus's events while an action runs, for its receipt: collected from its first look until the
 * last one, at most {@link Effects#MAX_ENTRIES}, the rest counted. Thread-safe: the bus delivers on
 * its threads (and on the EDT), the receipt reads on the op's thread.
 */
final class EventLog implements AutoCloseable {
    private final List<ObjectNode> events = new ArrayList<>();
    private int leftOut;
    private volatile AutoCloseable subscription;

    /** Starts collecting every event of {@code bus}. */
    void start(EventBus bus) {
        subscription = bus.subscribeDirect(List.of("*"), this::collect);
    }

    private void collect(ObjectNode event) {
        synchronized (events) {
            if (events.size() < Effects.MAX_ENTRIES) {
                events.add(event);
            } else {
                leftOut++;
            }
        }
    }

    /**
     * The longest stall of the event thread among the events collected: the {@code millis} of the
     * transport's watchdog events ({@code edt.stalled}, {@code edt.recovered}, docs/PROTOCOL.md); 0
     * when none came.
     */
    long stalledMillis() {
        long most = 0;
        synchronized (events) {
            for (ObjectNode e : events) {
                String name = e.path("event").asText("");
                if (name.equals("edt.stalled") || name.equals("edt.recovered")) {
                    most = Math.max(most, e.path("millis").asLong(0));
                }
            }
        }
        return most;
    }

    /** Adds the events collected to {@code list}; gives how many were left out. */
    int drainTo(ArrayNode list) {
        synchronized (events) {
            events.forEach(list::add);
            return leftOut;
        }
    }

    /** Stops collecting. Idempotent. */
    @Override
    public void close() {
        AutoCloseable sub = subscription;
        subscription = null;
        if (sub != null) {
            try {
                sub.close();
            } catch (Exception e) {
                // The bus has stopped: nothing more arrives either way.
            }
        }
    }
}
