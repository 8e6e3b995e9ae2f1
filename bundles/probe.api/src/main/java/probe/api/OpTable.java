package probe.api;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The op services present now, by their {@value Op#NAME} name, for whoever dispatches to them (the
 * transport, the Gogo commands). Feed it from a DS reference (MULTIPLE, DYNAMIC, GREEDY) with the
 * service properties. When two services claim one name the one with the highest service.ranking
 * (then the lowest service.id) answers, as OSGi's own service lookup does. Thread-safe: DS adds and
 * removes from its threads while callers look up. Since 1.1 it also keeps the argument names each op
 * declared ({@value Op#ARGS}), so a dispatcher can refuse an unknown one before the op runs.
 */
public final class OpTable {
    /** {@code args} is null when the op declared none (it takes every key); {@code description} is never null. */
    private record Entry(String name, int ranking, long serviceId, ProbeOp op, SortedSet<String> args, OpDescription description) {
    }

    private static final Comparator<Entry> BEST_FIRST = Comparator.comparingInt(Entry::ranking).reversed()
            .thenComparingLong(Entry::serviceId);

    private final Map<String, List<Entry>> byName = new HashMap<>();

    /** The bundle that last provided each op seen, kept after it went away: what gui.op_unavailable names. */
    private final Map<String, String> providers = new HashMap<>();

    private static final System.Logger LOG = System.getLogger(OpTable.class.getName());

    /**
     * Adds an op service with its properties.
     *
     * @return false, and nothing is added, when the service has no {@value Op#NAME} name (logged as a warning)
     */
    public synchronized boolean add(ProbeOp op, Map<String, ?> props) {
        return add(op, props, null);
    }

    /**
     * Adds an op service with its properties and the symbolic name of the bundle that provides it
     * (null when unknown), which {@link #provider} names once it has gone.
     *
     * @return false, and nothing is added, when the service has no {@value Op#NAME} name (logged as a warning)
     * @since 1.2
     */
    public synchronized boolean add(ProbeOp op, Map<String, ?> props, String provider) {
        return add(op, props, provider, (OpDescription) null);
    }

    /**
     * Adds an op service with its properties, the symbolic name of the bundle that provides it, and
     * its description as the bundle declares it at {@link OpDescription#location}: {@code description}
     * is that entry, or null when the bundle has none. A description that cannot be read, or that
     * describes another op, is logged as a warning and the op is taken as one that declares none
     * ({@link OpDescription#undeclared}): it still answers.
     *
     * @return false, and nothing is added, when the service has no {@value Op#NAME} name (logged as a warning)
     * @since 1.4
     */
    public boolean add(ProbeOp op, Map<String, ?> props, String provider, URL description) {
        OpDescription read = null;
        Object name = props.get(Op.NAME);
        if (description != null && name instanceof String) {
            try (InputStream in = description.openStream()) {
                read = OpDescription.read(in);
                if (!read.op().equals(name)) {
                    LOG.log(System.Logger.Level.WARNING, "the description of " + name + " in " + provider + " describes " + read.op()
                            + "; taking " + name + " as an op without a description");
                    read = null;
                }
            } catch (IOException | RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "cannot read the description of " + name + " in " + provider + " ("
                        + OpDescription.location((String) name) + "): " + e.getMessage() + "; taking it as an op without a description");
            }
        }
        return add(op, props, provider, read);
    }

    /**
     * Adds an op service with its properties, the bundle that provides it, and its description (null
     * when it declares none: it is then described by {@link OpDescription#undeclared} from its
     * {@value Op#ARGS}).
     *
     * @since 1.4
     */
    public synchronized boolean add(ProbeOp op, Map<String, ?> props, String provider, OpDescription description) {
        Object name = props.get(Op.NAME);
        if (!(name instanceof String) || ((String) name).isEmpty()) {
            LOG.log(System.Logger.Level.WARNING, "ignoring a ProbeOp service without a " + Op.NAME + " property: " + props);
            return false;
        }
        // The framework's own property names (Constants.SERVICE_RANKING, SERVICE_ID), kept literal so the API needs no framework.
        Object ranking = props.get("service.ranking");
        SortedSet<String> args = declaredArgs(props.get(Op.ARGS));
        OpDescription described = description != null ? description : OpDescription.undeclared((String) name, args);
        if (description != null) {
            args = Collections.unmodifiableSortedSet(new TreeSet<>(description.open() ? Set.of()
                    : description.args().stream().map(OpDescription.Arg::name).collect(java.util.stream.Collectors.toSet())));
            if (description.open()) {
                args = null;
            }
        }
        Entry e = new Entry((String) name, ranking instanceof Integer ? (Integer) ranking : 0, (Long) props.get("service.id"), op,
                args, described);
        List<Entry> list = byName.computeIfAbsent(e.name(), k -> new ArrayList<>());
        list.add(e);
        list.sort(BEST_FIRST);
        if (provider != null) {
            providers.put(e.name(), provider);
        }
        return true;
    }

    /**
     * The bundle that provides {@code name}: the one that last did in this runtime, else the one
     * the contract names ({@link Ops#contract}); null for an op of neither.
     *
     * @since 1.2
     */
    public synchronized String provider(String name) {
        String seen = providers.get(name);
        return seen != null ? seen : Ops.contract(name).map(Ops.Contract::bundle).orElse(null);
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

    /**
     * The argument names the op answering to {@code name} declared (empty for {@link Op#NONE}), or
     * nothing when it declared none, or no such op is present (since 1.1).
     */
    public synchronized Optional<SortedSet<String>> arguments(String name) {
        List<Entry> list = byName.get(name);
        return list == null ? Optional.empty() : Optional.ofNullable(list.get(0).args());
    }

    /**
     * The description of the op answering to {@code name} now (its own, or {@link OpDescription#undeclared}
     * for one that declares none), or nothing when no such op is present.
     *
     * @since 1.4
     */
    public synchronized Optional<OpDescription> description(String name) {
        List<Entry> list = byName.get(name);
        return list == null ? Optional.empty() : Optional.of(list.get(0).description());
    }

    /**
     * The descriptions of the ops present now, by op name.
     *
     * @since 1.4
     */
    public synchronized List<OpDescription> descriptions() {
        List<OpDescription> all = new ArrayList<>();
        new TreeSet<>(byName.keySet()).forEach(n -> all.add(byName.get(n).get(0).description()));
        return all;
    }

    /**
     * The {@value Op#ARGS} property as a set of names: DS gives a {@code String[]} (or a single
     * {@code String}); null when the property is absent, so nothing was declared.
     */
    static SortedSet<String> declaredArgs(Object property) {
        Collection<?> values;
        if (property == null) {
            return null;
        } else if (property instanceof String[]) {
            values = Arrays.asList((String[]) property);
        } else if (property instanceof Collection) {
            values = (Collection<?>) property;
        } else {
            values = List.of(property);
        }
        SortedSet<String> names = new TreeSet<>();
        for (Object v : values) {
            if (v instanceof String && !Op.NONE.equals(v) && !((String) v).isBlank()) {
                names.add(((String) v).strip());
            }
        }
        return Collections.unmodifiableSortedSet(names);
    }

    /** The names of the ops present now, sorted. */
    public synchronized SortedSet<String> names() {
        return new TreeSet<>(byName.keySet());
    }
}
