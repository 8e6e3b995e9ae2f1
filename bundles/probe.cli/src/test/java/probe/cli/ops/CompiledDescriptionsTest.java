package probe.cli.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import probe.api.OpDescription;
import probe.api.Ops;

class CompiledDescriptionsTest {
    @Test
    void everyOpOfTheContractAndTheTransportIsCompiledIn() {
        List<String> ops = new ArrayList<>();
        for (OpDescription d : CompiledDescriptions.all()) {
            ops.add(d.op());
            assertTrue(d.declared(), d.op());
        }
        // The index the build wrote lists exactly the files the build unpacked: every probe bundle's descriptions.
        List<String> expected = new ArrayList<>();
        try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.walk(java.nio.file.Path.of(".."))) {
            files.filter(p -> p.toString().replace('\\', '/').contains("/src/main/resources/OSGI-INF/probe/ops/"))
                    .filter(p -> p.getFileName().toString().endsWith(".json"))
                    .forEach(p -> expected.add(p.getFileName().toString().replaceFirst("\\.json$", "")));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        expected.sort(null);
        assertEquals(expected, ops);
        assertTrue(ops.containsAll(List.of(Ops.AUTH, Ops.DESCRIBE, Ops.HELLO, Ops.CLICK, "gui.close")), ops.toString());
        assertEquals("click", CompiledDescriptions.of(Ops.CLICK).orElseThrow().verb());
        assertFalse(CompiledDescriptions.of("demo.echo").isPresent(), "only what hvm-dbg is built with");
    }
}
