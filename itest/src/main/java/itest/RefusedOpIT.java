package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.Bundle;
import probe.api.OpDescription;
import probe.api.Ops;
import probe.api.wire.Wire;
import probe.client.ProbeClient;
import probe.client.ProbeOpException;

/**
 * A plugin whose op description has a typo ({@code "defualt"} for {@code "default"}) is refused
 * loudly, never run unchecked: dropped into the running GUI, its op is listed unavailable with the
 * reason by probe.describe (and by {@code hvm-dbg describe}), a call of it is answered
 * {@code gui.op_unavailable} with that reason, and probe.ops.changed announces it unavailable with
 * it; {@code hvm-dbg describe --check} finds the same without a GUI. The plugin is {@link DemoEcho}'s
 * jar with its description so mistyped, under a name of its own.
 */
@ExtendWith(WithApp.class)
@ExtendWith(Bounded.class)
class RefusedOpIT {
    private static final String NAME = "demo.echo.typo";
    private static final Duration EVENT_WAIT = Duration.ofSeconds(10);

    /** The description as the plugin's author mistyped it. */
    private static String mistyped(String description) {
        String typo = description.replace("\"default\"", "\"defualt\"");
        assertFalse(typo.equals(description), "demo.echo's description has a default to mistype");
        return typo;
    }

    /** DemoEcho's jar, its description mistyped and its symbolic name {@link #NAME}, written into {@code dir}. */
    private static Path typoJar(Path dir) throws IOException {
        Path out = dir.resolve(NAME + ".jar");
        String entry = OpDescription.location(DemoEcho.OP);
        try (JarFile in = new JarFile(DemoEcho.jar().toFile())) {
            Manifest m = new Manifest(in.getManifest());
            m.getMainAttributes().put(new Attributes.Name("Bundle-SymbolicName"), NAME);
            try (OutputStream file = Files.newOutputStream(out); JarOutputStream jar = new JarOutputStream(file, m)) {
                for (JarEntry e : java.util.Collections.list(in.entries())) {
                    if (e.getName().equals(JarFile.MANIFEST_NAME)) {
                        continue;
                    }
                    jar.putNextEntry(new JarEntry(e.getName()));
                    try (InputStream s = in.getInputStream(e)) {
                        byte[] bytes = s.readAllBytes();
                        jar.write(e.getName().equals(entry) ? mistyped(new String(bytes, StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8)
                                : bytes);
                    }
                    jar.closeEntry();
                }
            }
        }
        return out;
    }

    /** The next probe.ops.changed event about {@link DemoEcho#OP}, failing when none comes in time. */
    private static ObjectNode changed(ProbeClient c) {
        long deadline = System.nanoTime() + EVENT_WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            ObjectNode e = c.nextEvent(Duration.ofMillis(500));
            if (e != null && "probe.ops.changed".equals(e.path("event").asText()) && DemoEcho.OP.equals(e.path("op").asText())) {
                return e;
            }
        }
        throw new AssertionError("no probe.ops.changed about " + DemoEcho.OP + " within " + EVENT_WAIT);
    }

    private static JsonNode unavailable(ProbeClient c) {
        JsonNode all = c.call(Ops.DESCRIBE).get("unavailable");
        for (JsonNode u : all) {
            if (u.path("op").asText().equals(DemoEcho.OP)) {
                return u;
            }
        }
        return null;
    }

    @Test
    void aPluginWhoseDescriptionHasATypoIsRefusedWithTheReasonEverywhere() throws Exception {
        Path dir = Files.createTempDirectory("hdp-typo");
        Path jar = typoJar(dir);
        try (ProbeClient events = Fixture.client(); ProbeClient c = Fixture.client()) {
            events.subscribe("probe.ops.changed");
            Bundle bundle = Plugin.installAndStart(List.of(jar)).get(0);
            try {
                ObjectNode announced = changed(events);
                assertEquals("unavailable", announced.path("change").asText(), announced.toString());
                String reason = announced.path("reason").asText();
                assertTrue(reason.contains("'defualt'") && reason.contains("'default'") && reason.contains(OpDescription.location(DemoEcho.OP)),
                        "names the key, what was meant and the file: " + reason);

                Fixture.await("probe.describe to list " + DemoEcho.OP + " unavailable", () -> unavailable(c) != null);
                JsonNode listed = unavailable(c);
                assertTrue(listed.path("reason").asText().startsWith(reason) && listed.path("reason").asText().contains(NAME),
                        "the same reason, and the bundle: " + listed);
                for (JsonNode d : c.call(Ops.DESCRIBE).get("ops")) {
                    assertFalse(d.path("op").asText().equals(DemoEcho.OP), "not described as an op that answers: " + d);
                }
                assertFalse(c.call(Ops.HELLO).get("ops").toString().contains("\"" + DemoEcho.OP + "\""), "not offered by probe.hello");

                ProbeOpException call = assertThrows(ProbeOpException.class,
                        () -> c.call(DemoEcho.OP, Wire.object().put("text", "hi")));
                assertEquals("gui.op_unavailable", call.code(), call.getMessage());
                assertTrue(call.getMessage().contains(reason) && call.getMessage().contains("describe --check"), call.getMessage());

                Cli.Result described = Cli.run("describe").ok();
                assertTrue(described.out().contains(DemoEcho.OP + "  unavailable: " + reason), described.out());
            } finally {
                bundle.uninstall();
            }
            Fixture.await("the refusal to go with its bundle", () -> unavailable(c) == null);
        }

        // The same verdict without a GUI, from the file the author wrote.
        Path file = dir.resolve(DemoEcho.OP + ".json");
        try (JarFile in = new JarFile(jar.toFile())) {
            Files.write(file, in.getInputStream(in.getEntry(OpDescription.location(DemoEcho.OP))).readAllBytes());
        }
        Cli.Result check = Cli.run("describe", "--check", file.toString());
        assertEquals(1, check.exit(), check.toString());
        assertTrue(check.err().startsWith(file + ": ") && check.err().contains("unknown key 'defualt' (did you mean 'default'?)"), check.err());
        Path sound = dir.resolve("sound").resolve(DemoEcho.OP + ".json");
        Files.createDirectories(sound.getParent());
        try (JarFile in = new JarFile(DemoEcho.jar().toFile())) {
            Files.write(sound, in.getInputStream(in.getEntry(OpDescription.location(DemoEcho.OP))).readAllBytes());
        }
        assertEquals(sound + ": ok: demo.echo, hvm-dbg gui echo --text TEXT [--times N]\n",
                Cli.run("describe", "--check", sound.toString()).ok().out());
    }
}
