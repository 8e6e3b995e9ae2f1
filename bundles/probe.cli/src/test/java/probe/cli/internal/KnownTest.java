package probe.cli.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import probe.api.OpDescription;
import probe.api.Ops;

class KnownTest {
    @Test
    void everyOpOfTheContractAndTheTransportIsCompiledIn() {
        List<String> ops = new ArrayList<>();
        for (OpDescription d : Known.all()) {
            ops.add(d.op());
            assertTrue(d.declared(), d.op());
        }
        List<String> expected = new ArrayList<>(new java.util.TreeSet<>(Ops.contract()));
        expected.addAll(List.of(Ops.AUTH, Ops.DESCRIBE, Ops.HELLO));
        expected.sort(null);
        assertEquals(expected, ops);
        assertEquals("click", Known.of(Ops.CLICK).orElseThrow().verb());
        assertFalse(Known.of("demo.echo").isPresent(), "only what hvm-dbg is built with");
    }
}
