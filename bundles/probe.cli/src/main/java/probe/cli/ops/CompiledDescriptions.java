package probe.cli.ops;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import probe.api.OpDescription;
import probe.api.wire.Json;

/**
 * The descriptions hvm-dbg is built with: those of the ops of the probe's own bundles (the contract)
 * and of the transport's own ({@code probe.hello}, {@code probe.auth}, {@code probe.describe}), as their
 * bundles declare them ({@code OSGI-INF/probe/ops/OP.json}). The build copies each bundle's files into
 * this jar ({@code probe/cli/ops/OP.json}; probe.cli's pom, execution {@code known-ops}) and lists them
 * in {@code probe/cli/ops/index} (execution {@code known-ops-index}), so they are
 * there before any GUI answers (help, completion, the MCP tool list at start-up); a running GUI's
 * {@code probe.describe} says which ops it has now, and describes any other. Each file is read once,
 * when first asked for. Thread-safe.
 */
public final class CompiledDescriptions {
    private CompiledDescriptions() {
    }

    /** Where a compiled-in description is on the class path. */
    static String resource(String op) {
        return "probe/cli/ops/" + op + ".json";
    }

    private static final Map<String, OpDescription> READ = new ConcurrentHashMap<>();

    /** The names of the compiled-in ops, sorted: the index the build wrote, read once. */
    private static volatile List<String> names;

    /** The names of the compiled-in ops: the contract's and the transport's own, sorted. */
    public static List<String> names() {
        List<String> n = names;
        if (n == null) {
            try (InputStream in = CompiledDescriptions.class.getClassLoader().getResourceAsStream(INDEX)) {
                if (in == null) {
                    throw new IllegalStateException("hvm-dbg was built without " + INDEX + " (probe.cli's pom writes it)");
                }
                TreeSet<String> read = new TreeSet<>();
                for (String line : new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).split("\n")) {
                    if (!line.isBlank()) {
                        read.add(line.strip());
                    }
                }
                n = List.copyOf(read);
                names = n;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + INDEX + ": " + e.getMessage(), e);
            }
        }
        return n;
    }

    /** The list of the compiled-in descriptions, one op a line. */
    static final String INDEX = "probe/cli/ops/index";

    /** The compiled-in description of {@code op}, or nothing for an op hvm-dbg was not built with. */
    public static Optional<OpDescription> of(String op) {
        if (!names().contains(op)) {
            return Optional.empty();
        }
        // Not computeIfAbsent with a method reference: a lambda's bootstrap costs a one-shot command's start.
        OpDescription d = READ.get(op);
        if (d == null) {
            d = read(op);
            OpDescription raced = READ.putIfAbsent(op, d);
            d = raced != null ? raced : d;
        }
        return Optional.of(d);
    }

    /** Every compiled-in description, sorted by op. */
    public static List<OpDescription> all() {
        List<OpDescription> all = new ArrayList<>();
        for (String op : names()) {
            all.add(of(op).orElseThrow());
        }
        return Collections.unmodifiableList(all);
    }

    /** A description the build put into the jar; its absence is a broken build, not a user's mistake. */
    private static OpDescription read(String op) {
        try (InputStream in = CompiledDescriptions.class.getClassLoader().getResourceAsStream(resource(op))) {
            if (in == null) {
                throw new IllegalStateException("hvm-dbg was built without " + resource(op) + " (probe.cli's pom unpacks it from"
                        + " the bundle that declares it)");
            }
            // Read with the client's streaming codec, not OpDescription.read's ObjectMapper, whose
            // set-up would be most of a one-shot command's start (hvm-dbg gui list).
            byte[] bytes = in.readAllBytes();
            return OpDescription.of(Json.parse(bytes, 0, bytes.length));
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("hvm-dbg was built with a wrong " + resource(op) + ": " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource(op) + ": " + e.getMessage(), e);
        }
    }
}
