package probe.transport.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import probe.api.ErrorCodes;
import probe.api.OpDescription;
import probe.api.ProbeException;
import probe.api.RequestCheck;
import probe.api.wire.Wire;

/**
 * The transport's check of an op without a description (an older plugin): its declared names
 * ({@code Op.args}) through {@link OpDescription#undeclared}, then the conventional name bound
 * ({@link ArgumentCheck#names}), as {@link Router} does before such an op runs.
 */
class ArgumentCheckTest {
    private static final SortedSet<String> LIST = new TreeSet<>(Set.of("scope"));
    private static final SortedSet<String> WAIT = new TreeSet<>(Set.of("identifier", "dialog", "state", "timeoutMillis"));

    private static ProbeException refused(String op, SortedSet<String> accepted, ObjectNode args) {
        ProbeException e = assertThrows(ProbeException.class, () -> check(op, accepted, args));
        assertEquals(ErrorCodes.INVALID_ARGS, e.code());
        return e;
    }

    /** What the transport does for an op that declared these names and no description. */
    private static void check(String op, SortedSet<String> accepted, ObjectNode args) throws ProbeException {
        ArgumentCheck.names(args);
        RequestCheck.check(OpDescription.undeclared(op, accepted), args);
    }

    @Test
    void acceptedKeysPass() throws ProbeException {
        check("gui.list", LIST, Wire.object());
        check("gui.list", LIST, Wire.object().put("scope", "sidebar"));
        check("gui.wait", WAIT, Wire.object().put("dialog", "createVM").put("state", "open").put("timeoutMillis", 9));
        check("gui.audit", new TreeSet<>(), Wire.object());
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
        // Longer than a name may be (probe.api.Names): refused as such, its length in the details, never the key itself.
        String key = "k".repeat(5000);
        ProbeException e = refused("gui.list", LIST, Wire.object().put(key, 1));
        assertTrue(e.getMessage().length() < 200, e.getMessage());
        assertEquals(5000, e.details().get("length").intValue());
        assertFalse(e.details().toString().contains("k".repeat(100)), e.details().toString());
        // Within the bound: the message cut, the details keep the key whole.
        String long1k = "k".repeat(1024);
        ProbeException within = refused("gui.list", LIST, Wire.object().put(long1k, 1));
        assertTrue(within.getMessage().length() < 200, within.getMessage());
        assertEquals(long1k, within.details().get("unknown").get(0).textValue(), "the details keep the key whole");
    }

    @Test
    void aMegabyteArgumentNameIsRefusedBeforeAnySearchAndNeverEchoed() {
        String huge = "scope".repeat(200_000);
        long t0 = System.nanoTime();
        ProbeException e = refused("gui.list", LIST, Wire.object().put(huge, 1));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(e.getMessage().length() < 200, e.getMessage());
        assertTrue(e.getMessage().startsWith("an argument name is 1000000 characters long; a name is at most 1024"), e.getMessage());
        assertTrue(ms < 500, ms + " ms");
        // Just within the bound: an unknown argument, its quote short.
        ProbeException unknown = refused("gui.list", LIST, Wire.object().put("q".repeat(1024), 1));
        assertTrue(unknown.getMessage().length() < 300, unknown.getMessage());
    }

    @Test
    void aNameLongerThanTheBoundInAnArgumentThatNamesSomethingIsRefused() throws ProbeException {
        String huge = "x".repeat(1025);
        for (String arg : new String[] {"identifier", "scope", "dialog", "key"}) {
            ProbeException e = refused("op", new TreeSet<>(Set.of(arg)), Wire.object().put(arg, huge));
            assertTrue(e.getMessage().startsWith("argument '" + arg + "' is 1025 characters long"), e.getMessage());
        }
        ObjectNode modifiers = Wire.object();
        modifiers.putArray("modifiers").add("shift").add(huge);
        assertTrue(refused("gui.keypress", new TreeSet<>(Set.of("modifiers")), modifiers).getMessage()
                .startsWith("an entry of argument 'modifiers' is 1025"));
        // Free text is no name; a name of 1 KiB is taken.
        check("gui.type", new TreeSet<>(Set.of("identifier", "text")),
                Wire.object().put("identifier", "x".repeat(1024)).put("text", "t".repeat(100_000)));
        ArgumentCheck.names(Wire.object().put("value", huge));
    }
}
