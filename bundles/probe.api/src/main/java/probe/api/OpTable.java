package probe.api;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The op services present now, by their {@value Op#NAME} name, for whoever dispatches to them (the
 * transport, the Gogo commands). Feed it from a DS reference (MULTIPLE, DYNAMIC, GREEDY) with the
 * service properties. When two services claim one name the one with the highest service.ranking
 * (then the lowest service.id) answers, as OSGi's own service lookup does. Thread-safe: DS adds and
 * removes from its threads while callers look up.
 */
public final class OpTable {
    private record Entry(String name, int ranking, long serviceId, ProbeOp op) {
    }

    private static final Comparator<Entry> BEST_FIRST = Comparator.comparingInt(Entry::ranking).reversed()
            .thenComparingLong(Entry::serviceId);

    private final Map<String, List<Entry>> byName = new HashMap<>();

    /**
     * Adds an op service with its properties.
     *
     * @return false, and nothing is added, when the service has no {@value Op#NAME} name
     */
    public synchronized boolean add(ProbeOp op, Map<String, ?> props) {
        Object name = props.get(Op.NAME);
        if (!(name instanceof String) || ((String) name).isEmpty()) {
            return false;
        }
        // The framework's own property names (Constants.SERVICE_RANKING, SERVICE_ID), kept literal so the API needs no framework.
        Object ranking = props.get("service.ranking");
        Entry e = new Entry((String) name, ranking instanceof Integer ? (Integer) ranking : 0, (Long) props.get("service.id"), op);
        List<Entry> list = byName.computeIfAbsent(e.name(), k -> new ArrayList<>());
        list.add(e);
        list.sort(BEST_FIRST);
        return true;
    }

    /** Removes the op service with these properties (its service.id). */
    public synchronized void remove(Map<String, ?> props) {
        Object id = props.get("service.id");
        byName.values().forEach(list -> list.removeIf(e -> Long.valueOf(e.serviceId()).equals(id)));
        byName.values().removeIf(List::isEmpty);
    }

    /** The op answering to {@code name} now, or null. */
    public synchronized ProbeOp get(String name) {
        List<Entry> list = byName.get(name);
        return list == null ? null : list.get(0).op();
    }

    /** The names of the ops present now, sorted. */
    public synchronized SortedSet<String> names() {
        return new TreeSet<>(byName.keySet());
    }
}
