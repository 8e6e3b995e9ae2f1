package probe.registry.internal;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The identifiers closest to a mistyped one: those of its own scene first ({@code dialog.<name>}
 * for a dialog's identifiers, else the first segment: {@code detail}, {@code sidebar}), then by
 * edit distance, ties by name; never one too far to be meant ({@link probe.api.Nearest#near}).
 */
final class Nearest {

    private Nearest() {
    }

    /** Bounded in work as {@link probe.api.Nearest#distances} is: nothing for a name longer than {@link probe.api.Names#MAX_LENGTH}. */
    static List<String> of(String wanted, Collection<String> existing, int limit) {
        String scene = scene(wanted);
        Map<String, Integer> near = probe.api.Nearest.distances(wanted, existing);
        return near.keySet().stream()
                .sorted(Comparator.<String>comparingInt(s -> scene(s).equals(scene) ? 0 : 1)
                        .thenComparingInt(near::get)
                        .thenComparing(Comparator.naturalOrder()))
                .limit(limit)
                .collect(Collectors.toList());
    }

    /** The scene of an identifier: {@code dialog.createVM} for {@code dialog.createVM.input.name}, {@code detail} for {@code detail.button.start}. */
    static String scene(String identifier) {
        int dot = identifier.indexOf('.');
        if (dot < 0) {
            return identifier;
        }
        if (identifier.startsWith("dialog.")) {
            int next = identifier.indexOf('.', dot + 1);
            return next < 0 ? identifier : identifier.substring(0, next);
        }
        return identifier.substring(0, dot);
    }

    static int distance(String a, String b) {
        return probe.api.Nearest.distance(a, b);
    }
}
