package probe.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The op services present now, by their {@value Op#NAME} name, for whoever dispatches to them (the
 * transport, the Gogo commands). Feed it from a DS reference (MULTIPLE, DYNAMIC, GREEDY) with the
 * service properties. When two services claim one name the one with the highest service.ranking
 * (then the lowest service.id) answers, as OSGi's own service lookup does. Thread-safe: DS adds and
 * removes from its threads while callers look up. It keeps each op's {@link OpDescription}, and
 * {@link #call} runs an op as the transport does: its arguments checked against its description,
 * its defaults filled in, before it runs. Whoever runs an op in-process (the Gogo commands) calls it
 * through {@link #call}, never {@link ProbeOp#execute} directly, so the op gets what it was promised.
 */
public final class OpTable {
    /** {@code args} is null when the op declared none (it takes every key); {@code description} is never null. */
    private record Entry(String name, int ranking, long serviceId, ProbeOp op, SortedSet<String> args, OpDescription description) {
    }

    /** Counts the changes of the table ({@link #generation}). Guarded by this. */
    private long generation;

    private static final Comparator<Entry> BEST_FIRST = Comparator.comparingInt(Entry::ranking).reversed()
            .thenComparingLong(Entry::serviceId);

    private final Map<String, List<Entry>> byName = new HashMap<>();

    /** The bundle that last provided each op seen, kept after it went away: what gui.op_unavailable names. */
    private final Map<String, String> providers = new HashMap<>();

    /** Op services refused because their description is malformed: by service.id, the op's name and why. */
    private final Map<Object, Map.Entry<String, String>> refused = new HashMap<>();

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
     * (null when unknown), which {@link #provider} names once it has gone. Its description is the one
     * its bundle declares ({@link OpDescription#location}), found through the op class's
     * class loader (its bundle's, in OSGi), as {@link #add(ProbeOp, Map, String, URL)} reads it.
     *
     * @return false, and nothing is added, when the service has no {@value Op#NAME} name (logged as a warning)
     * @since 1.2
     */
    public boolean add(ProbeOp op, Map<String, ?> props, String provider) {
        return add(op, props, provider, declaredBy(op, props.get(Op.NAME)));
    }

    /**
     * Where the op's own bundle declares its description ({@link OpDescription#location}), found
     * through the op class's class loader; null when it declares none or has no usable name.
     *
     * @since 1.4
     */
    public static URL declaredBy(ProbeOp op, Object name) {
        if (op == null || !(name instanceof String) || ((String) name).isEmpty() || Names.tooLong((String) name)) {
            return null;
        }
        ClassLoader loader = op.getClass().getClassLoader();
        return loader == null ? null : loader.getResource(OpDescription.location((String) name));
    }

    /**
     * Adds an op service with its properties, the symbolic name of the bundle that provides it, and
     * its description as the bundle declares it at {@link OpDescription#location}: {@code description}
     * is that entry, or null when the bundle has none. A description that cannot be read, or that
     * describes another op, refuses the op: it is not added but kept as {@link #unavailable} with the
     * reason, and a call of it is answered {@code gui.op_unavailable} naming that reason (an op that
     * ran with no argument checked because of a typo in its description would fail later, obscurely).
     *
     * @return false, and nothing is added, when the service has no {@value Op#NAME} name (logged as a
     *     warning) or its description is malformed
     * @since 1.4
     */
    public boolean add(ProbeOp op, Map<String, ?> props, String provider, URL description) {
        OpDescription read = null;
        Object name = props.get(Op.NAME);
        if (description != null && name instanceof String) {
            String reason = null;
            try {
                read = readDeclared(description, (String) name);
            } catch (IllegalArgumentException e) {
                reason = e.getMessage();
            }
            if (reason != null) {
                String said = reason + (provider == null ? "" : " (bundle " + provider + ")");
                LOG.log(System.Logger.Level.ERROR, "refusing the op " + name + ": " + said);
                synchronized (this) {
                    generation++;
                    refused.put(props.get("service.id"), Map.entry((String) name, said));
                    if (provider != null) {
                        providers.put((String) name, provider);
                    }
                }
                return false;
            }
        }
        return add(op, props, provider, read);
    }

    /**
     * Reads the description a bundle declares for the op {@code op} at {@code description}, as every
     * op table does.
     *
     * @throws IllegalArgumentException saying why it refuses the op: the file is malformed (naming
     *     the key that is wrong) or describes another op
     * @since 1.5
     */
    public static OpDescription readDeclared(URL description, String op) {
        OpDescription read;
        try (InputStream in = description.openStream()) {
            read = OpDescription.read(in);
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("its description " + OpDescription.location(op) + " is malformed: " + e.getMessage(), e);
        }
        if (!read.op().equals(op)) {
            throw new IllegalArgumentException("its description " + OpDescription.location(op) + " describes " + read.op());
        }
        return read;
    }

    /**
     * The ops refused now because their description is malformed (and no other service answers to
     * the name), by op name, with the reason.
     *
     * @since 1.5
     */
    public synchronized java.util.SortedMap<String, String> unavailable() {
        java.util.SortedMap<String, String> all = new java.util.TreeMap<>();
        refused.values().forEach(e -> {
            if (!byName.containsKey(e.getKey())) {
                all.put(e.getKey(), e.getValue());
            }
        });
        return all;
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
        // The accepted names: the description's (none declared when it takes any key), else what @Op(args) declared.
        SortedSet<String> args;
        if (description == null) {
            args = declaredArgs(props.get(Op.ARGS));
        } else if (description.open()) {
            args = null;
        } else {
            args = new TreeSet<>();
            for (OpDescription.Arg a : description.args()) {
                args.add(a.name());
            }
            args = Collections.unmodifiableSortedSet(args);
        }
        OpDescription described = description != null ? description : OpDescription.undeclared((String) name, args);
        Entry e = new Entry((String) name, ranking instanceof Integer ? (Integer) ranking : 0, (Long) props.get("service.id"), op,
                args, described);
        generation++;
        List<Entry> list = byName.computeIfAbsent(e.name(), k -> new ArrayList<>());
        list.add(e);
        list.sort(BEST_FIRST);
        if (provider != null) {
            providers.put(e.name(), provider);
        }
        return true;
    }

    /**
     * A number that changes whenever an op, its description or a refusal is added or removed: whoever
     * derives something from {@link #descriptions} and {@link #unavailable} (probe.hello's hash of
     * them) works it out again only when it changed.
     *
     * @since 1.7
     */
    public synchronized long generation() {
        return generation;
    }

    /**
     * The bundle that provided {@code name} last in this runtime, kept after it went away; null for
     * an op not seen here.
     *
     * @since 1.2
     */
    public synchronized String provider(String name) {
        String seen = providers.get(name);
        return seen;
    }

    /** Removes the op service with these properties (its service.id). */
    public synchronized void remove(Map<String, ?> props) {
        Object id = props.get("service.id");
        generation++;
        byName.values().forEach(list -> list.removeIf(e -> Long.valueOf(e.serviceId()).equals(id)));
        byName.values().removeIf(List::isEmpty);
        refused.remove(id);
    }

    /**
     * Runs the op answering to {@code name} now as the transport does: {@code args} (null for none)
     * checked against its description ({@link RequestCheck}: types, ranges, choices,
     * required, unknown keys, name bounds) and given to the op with its defaults filled in. The op
     * and its description are taken together, so an op that is replaced meanwhile never runs with
     * another's check.
     *
     * @throws ProbeException {@code gui.invalid_args} from the description, before the op runs;
     *     {@code gui.op_unavailable} when no such op is present now (an op of the contract, or one
     *     seen earlier in this runtime), else {@code protocol.unknown_op}; or the op's own failure
     * @since 1.4
     */
    public JsonNode call(String name, OpContext ctx, ObjectNode args) throws ProbeException {
        Entry e;
        String bundle;
        String reason;
        synchronized (this) {
            List<Entry> list = byName.get(name);
            e = list == null ? null : list.get(0);
            bundle = e == null ? provider(name) : null;
            reason = e == null ? unavailable().get(name) : null;
        }
        if (e == null) {
            throw absent(name, bundle, reason);
        }
        return e.op().execute(ctx, RequestCheck.check(e.description(), args));
    }

    /**
     * Why {@code name} cannot be called now, worded once for every caller (the transport's clients,
     * the Gogo commands): refused for a malformed description, its bundle installed but not active
     * ({@link ErrorCodes#OP_UNAVAILABLE}), or never provided here ({@link ErrorCodes#UNKNOWN_OP}).
     */
    public ProbeException absent(String name) {
        String bundle;
        String reason;
        synchronized (this) {
            bundle = provider(name);
            reason = unavailable().get(name);
        }
        return absent(name, bundle, reason);
    }

    private ProbeException absent(String name, String bundle, String reason) {
        String what = "'" + Names.quoted(name) + "'";
        if (reason != null) {
            return new ProbeException(ErrorCodes.OP_UNAVAILABLE, "the op " + what + " is not available: " + reason);
        }
        if (bundle != null) {
            return new ProbeException(ErrorCodes.OP_UNAVAILABLE, "the op " + what + " is not available right now: its bundle " + bundle
                    + " is not installed or not started");
        }
        SortedSet<String> present = names();
        return new ProbeException(ErrorCodes.UNKNOWN_OP, "unknown op " + what + "; present now: "
                + (present.isEmpty() ? "none" : String.join(", ", present)));
    }

    /** The op answering to {@code name} now, or null. */
    public synchronized ProbeOp get(String name) {
        List<Entry> list = byName.get(name);
        return list == null ? null : list.get(0).op();
    }

    /**
     * The argument names the op answering to {@code name} declared (empty for {@link Op#NONE}), or
     * nothing when it declared none, or no such op is present.
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
