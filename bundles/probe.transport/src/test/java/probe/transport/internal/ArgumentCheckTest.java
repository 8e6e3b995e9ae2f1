package probe.transport.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import probe.api.ErrorCodes;
import probe.api.ProbeException;
import probe.api.wire.Wire;

class ArgumentCheckTest {
    private static final SortedSet<String> LIST = new TreeSet<>(Set.of("scope"));
    private static final SortedSet<String> WAIT = new TreeSet<>(Set.of("identifier", "dialog", "state", "timeoutMillis"));

    private static ProbeException refused(String op, SortedSet<String> accepted, ObjectNode args) {
        ProbeException e = assertThrows(ProbeException.class, () -> ArgumentCheck.check(op, accepted, args));
        assertEquals(ErrorCodes.INVALID_ARGS, e.code());
        return e;
    }

    @Test
    void acceptedKeysPass() throws ProbeException {
        ArgumentCheck.check("gui.list", LIST, Wire.object());
        ArgumentCheck.check("gui.list", LIST, Wire.object().put("scope", "sidebar"));
        ArgumentCheck.check("gui.wait", WAIT, Wire.object().put("dialog", "createVM").put("state", "open").put("timeoutMillis", 9));
        ArgumentCheck.check("gui.audit", new TreeSet<>(), Wire.object());
    }

    @Test
    void aMisspeltKeyNamesTheNearestAndEveryAcceptedOne() {
        ProbeException e = refused("gui.list", LIST, Wire.object().put("scop", "sidebar"));
        assertEquals("unknown argument 'scop' for gui.list; did you mean 'scope'? accepted: scope", e.getMessage());
        assertEquals("[\"scop\"]", e.details().get("unknown").toString());
        assertEquals("[\"scope\"]", e.details().get("accepted").toString());
        assertEquals("[\"scope\"]", e.details().get("nearest").toString());
    }

    @Test
    void everyUnknownKeyIsListedInRequestOrder() {
        ProbeException e = refused("gui.wait", WAIT, Wire.object().put("identifier", "main").put("timeout", 5).put("sate", "showing"));
        assertEquals("[\"timeout\",\"sate\"]", e.details().get("unknown").toString());
        assertEquals("[\"timeoutMillis\"]", e.details().get("nearest").toString(), "the nearest to the first unknown key");
        assertEquals("unknown arguments 'timeout', 'sate' for gui.wait; did you mean 'timeoutMillis'?"
                + " accepted: dialog, identifier, state, timeoutMillis", e.getMessage());
    }

    @Test
    void aFarKeyGetsNoSuggestion() {
        ProbeException e = refused("gui.list", LIST, Wire.object().put("colour", "red"));
        assertEquals(0, e.details().get("nearest").size());
        assertEquals("unknown argument 'colour' for gui.list; accepted: scope", e.getMessage());
    }

    @Test
    void anOpWithoutArgumentsSaysSo() {
        ProbeException e = refused("gui.audit", new TreeSet<>(), Wire.object().put("scope", "dialog"));
        assertEquals("unknown argument 'scope' for gui.audit; gui.audit takes no arguments", e.getMessage());
        assertEquals(0, e.details().get("accepted").size());
    }

    @Test
    void aHugeKeyIsCutInTheMessage() {
        String key = "k".repeat(5000);
        ProbeException e = refused("gui.list", LIST, Wire.object().put(key, 1));
        assertTrue(e.getMessage().length() < 200, e.getMessage());
        assertEquals(key, e.details().get("unknown").get(0).textValue(), "the details keep the key whole");
    }
}
