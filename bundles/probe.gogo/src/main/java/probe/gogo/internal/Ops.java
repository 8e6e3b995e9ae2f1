package probe.gogo.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import probe.api.ProbeOp;

/**
 * The op services present now, by their {@code probe.op} name, as the transport keeps them: when
 * two services claim one name, the highest service.ranking (then the lowest service.id) answers.
 * Thread-safe: DS adds and removes from its threads while commands look up.
 */
final class Ops {
    record Entry(String name, int ranking, long serviceId, ProbeOp op) {
    }

    private static final Comparator<Entry> BEST_FIRST = Comparator.comparingInt(Entry::ranking).reversed()
            .thenComparingLong(Entry::serviceId);

    private final Map<String, List<Entry>> byName = new HashMap<>();

    synchronized void add(Entry e) {
        List<Entry> list = byName.computeIfAbsent(e.name(), k -> new ArrayList<>());
        list.add(e);
        list.sort(BEST_FIRST);
    }

    synchronized void remove(long serviceId) {
        byName.values().forEach(list -> list.removeIf(e -> e.serviceId() == serviceId));
        byName.values().removeIf(List::isEmpty);
    }

    /** The op answering to {@code name} now, or null. */
    synchronized ProbeOp get(String name) {
        List<Entry> list = byName.get(name);
        return list == null ? null : list.get(0).op();
    }

    synchronized SortedSet<String> names() {
        return new TreeSet<>(byName.keySet());
    }
}
