package probe.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import probe.api.OpDescription;
import probe.api.wire.Json;

/**
 * The descriptions of the ops a running probe serves ({@code probe.describe}): the one source a
 * client builds its verbs, options and wording from. They are kept on disk under the hash the
 * probe's {@code probe.hello} gives ({@code described}), so that a one-shot client asks for them
 * only when an op or its description came or went: a hello (which it may need anyway) and one file
 * read instead of a second request and a reply of some tens of kilobytes. A description is read
 * from its JSON only when asked for ({@link #byVerb}, {@link #all}).
 *
 * <p>The folder is {@code $XDG_CACHE_HOME/hdp-gui/described} (else {@code ~/.cache/hdp-gui/described}),
 * made private to the user; a file that cannot be read or written is simply asked for again.
 */
public final class DescriptionCache {
    /** How many hashes' descriptions are kept (a probe's ops change rarely; several GUIs may run). */
    static final int KEPT = 16;

    /** The descriptions, as served. */
    private final List<JsonNode> ops;
    /** The ops refused for a malformed description, with why ({@code probe.describe}'s {@code unavailable}). */
    private final JsonNode unavailable;

    private DescriptionCache(JsonNode reply) {
        List<JsonNode> list = new ArrayList<>();
        reply.path("ops").forEach(list::add);
        this.ops = List.copyOf(list);
        this.unavailable = reply.path("unavailable").isArray() ? reply.get("unavailable") : JsonNodeFactory.instance.arrayNode();
    }

    /** What the probe {@code client} is connected to describes: from the cache folder when its hello's hash is there. */
    public static DescriptionCache of(ProbeClient client) {
        return of(client, folder());
    }

    /** {@link #of(ProbeClient)}, with the cache in {@code folder} (null: none). */
    public static DescriptionCache of(ProbeClient client, Path folder) {
        String hash = client.hello().path("described").asText("");
        // Only a hash as the probe writes it names a file: nothing a peer sends reaches a path otherwise.
        Path file = folder != null && hash.matches("[0-9a-f]{32}") ? folder.resolve(hash + ".json") : null;
        if (file != null) {
            try {
                byte[] bytes = Files.readAllBytes(file);
                JsonNode kept = Json.parse(bytes, 0, bytes.length);
                if (kept != null && kept.path("ops").isArray()) {
                    return new DescriptionCache(kept);
                }
            } catch (IOException | RuntimeException e) {
                // Not there, or not whole: asked for below.
            }
        }
        JsonNode reply = client.describe();
        if (reply == null || !reply.path("ops").isArray()) {
            throw new ProbeClientException("the probe's probe.describe reply has no ops", null);
        }
        if (file != null) {
            keep(folder, file, reply);
        }
        return new DescriptionCache(reply);
    }

    /** The folder the descriptions are kept in: {@code $XDG_CACHE_HOME/hdp-gui/described}, else under {@code ~/.cache}. */
    public static Path folder() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && xdg.startsWith("/") ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("hdp-gui").resolve("described");
    }

    /** Writes {@code reply} to {@code file} whole or not at all, and leaves only the {@link #KEPT} newest files. */
    private static void keep(Path folder, Path file, JsonNode reply) {
        try {
            Files.createDirectories(folder.getParent(), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            try {
                Files.createDirectory(folder, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            } catch (FileAlreadyExistsException e) {
                // Kept before.
            }
            Path tmp = Files.createTempFile(folder, "described", ".tmp");
            try {
                Files.write(tmp, Json.compact(reply).getBytes(StandardCharsets.UTF_8));
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } finally {
                Files.deleteIfExists(tmp);
            }
            try (Stream<Path> all = Files.list(folder)) {
                List<Path> old = all.filter(p -> p.getFileName().toString().endsWith(".json"))
                        .sorted(Comparator.comparing(DescriptionCache::modified).reversed()).skip(KEPT).toList();
                for (Path p : old) {
                    Files.deleteIfExists(p);
                }
            }
        } catch (IOException | UnsupportedOperationException e) {
            // Not kept: asked for again next time.
        }
    }

    private static long modified(Path p) {
        try {
            return Files.getLastModifiedTime(p).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }

    /** Every description that reads, by op name in the probe's order; one this client cannot read is left out. */
    public Map<String, OpDescription> all() {
        Map<String, OpDescription> m = new LinkedHashMap<>();
        for (JsonNode one : ops) {
            try {
                OpDescription d = OpDescription.of(one);
                m.put(d.op(), d);
            } catch (IllegalArgumentException e) {
                // A description this client cannot read (a newer probe's): that op has no verb here.
            }
        }
        return m;
    }

    /** The op whose verb is {@code verb} (one about the connection is no verb), read from its JSON alone; null if none. */
    public OpDescription byVerb(String verb) {
        for (JsonNode one : ops) {
            if (verb.equals(one.path("verb").asText(null))) {
                try {
                    OpDescription d = OpDescription.of(one);
                    if (!d.connection()) {
                        return d;
                    }
                } catch (IllegalArgumentException e) {
                    return null;
                }
            }
        }
        return null;
    }

    /** The ops refused for a malformed description: {@code [{"op", "reason"}]}. */
    public ArrayNode unavailable() {
        return (ArrayNode) unavailable;
    }
}
