package probe.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import probe.api.wire.Wire;
import probe.testing.TestProbe;

/** The served descriptions, kept under the hash the probe's hello gives: asked for once per hash. */
@Timeout(30)
class DescriptionCacheTest {
    @TempDir
    Path dir;

    private static ObjectNode describe(String verb) {
        ObjectNode d = Wire.object();
        d.putArray("ops").addObject().put("op", "demo." + verb).put("verb", verb).put("acts", false).putArray("args");
        d.putArray("unavailable");
        return d;
    }

    @Test
    void theDescriptionsAreAskedForOncePerHash() throws Exception {
        AtomicReference<String> hash = new AtomicReference<>("0123456789abcdef0123456789abcdef");
        AtomicReference<String> verb = new AtomicReference<>("echo");
        Path cache = dir.resolve("cache").resolve("described");
        try (TestProbe probe = TestProbe.start(dir, (req, conn) -> {
            switch (req.path("op").asText()) {
                case "probe.hello":
                    conn.reply(req, Wire.object().put("protocol", 1).put("described", hash.get()));
                    break;
                case "probe.describe":
                    conn.reply(req, describe(verb.get()));
                    break;
                default:
                    conn.fail(req, "protocol.unknown_op", "no op", null);
            }
        })) {
            try (ProbeClient c = ProbeClient.connect(probe.socket())) {
                assertEquals("demo.echo", DescriptionCache.of(c, cache).byVerb("echo").op());
            }
            assertEquals(1, count(probe, "probe.describe"));
            assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(cache)), "the user's alone");
            try (ProbeClient c = ProbeClient.connect(probe.socket())) {
                assertEquals("demo.echo", DescriptionCache.of(c, cache).byVerb("echo").op(), "from the file kept");
            }
            assertEquals(1, count(probe, "probe.describe"), "not asked again for the same hash");

            // An op came: another hash, asked again.
            hash.set("fedcba9876543210fedcba9876543210");
            verb.set("shout");
            try (ProbeClient c = ProbeClient.connect(probe.socket())) {
                DescriptionCache now = DescriptionCache.of(c, cache);
                assertEquals("demo.shout", now.byVerb("shout").op());
                assertNull(now.byVerb("echo"));
            }
            assertEquals(2, count(probe, "probe.describe"));

            // A hash that is no hash names no file: asked every time, nothing written outside the folder.
            hash.set("../../escape");
            try (ProbeClient c = ProbeClient.connect(probe.socket())) {
                DescriptionCache.of(c, cache);
            }
            assertEquals(3, count(probe, "probe.describe"));
            try (Stream<Path> files = Files.list(cache)) {
                assertEquals(2, files.count(), "one file per hash seen");
            }
            assertTrue(Files.notExists(dir.resolve("escape.json")) && Files.notExists(cache.resolve("../../escape.json")));
        }
    }

    private static long count(TestProbe probe, String op) {
        return probe.requests().stream().filter(q -> q.path("op").asText().equals(op)).count();
    }
}
