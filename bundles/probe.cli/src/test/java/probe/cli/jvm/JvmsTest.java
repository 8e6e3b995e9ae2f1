package probe.cli.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class JvmsTest {
    private static final Jvms.Jvm SWINGSET = new Jvms.Jvm(41, "SwingSet2", "/usr/lib/jvm/demo/jfc/SwingSet2/SwingSet2.jar");
    private static final Jvms.Jvm EDITOR = new Jvms.Jvm(42, "Main", "org.acme.editor.Main");
    private static final Jvms.Jvm VIEWER = new Jvms.Jvm(43, "Main", "org.acme.viewer.Main");
    private static final List<Jvms.Jvm> ALL = List.of(SWINGSET, EDITOR, VIEWER);

    @Test
    void theNameIsTheJarWithoutItsSuffixOrTheMainClassSimpleName() {
        assertEquals("SwingSet2", Jvms.nameOf("/usr/lib/jvm/demo/jfc/SwingSet2/SwingSet2.jar"));
        assertEquals("app", Jvms.nameOf("app.JAR"));
        assertEquals("Main", Jvms.nameOf("org.acme.editor.Main"));
        assertEquals("Main", Jvms.nameOf("Main"));
        assertEquals("/opt/x.jar", Jvms.main(" /opt/x.jar --flag"));
        assertEquals("?", Jvms.main(""));
    }

    @Test
    void aNameResolvesByNameJarFileMainClassOrPid() throws Exception {
        assertEquals(SWINGSET, Jvms.resolve("swingset2", ALL));
        assertEquals(SWINGSET, Jvms.resolve("SwingSet2.jar", ALL));
        assertEquals(EDITOR, Jvms.resolve("org.acme.editor.Main", ALL));
        assertEquals(VIEWER, Jvms.resolve("43", ALL));
    }

    @Test
    void severalMatchesAreListedWithCodeTwo() {
        Jvms.Unresolved e = assertThrows(Jvms.Unresolved.class, () -> Jvms.resolve("Main", ALL));
        assertEquals(Jvms.SEVERAL, e.code());
        assertEquals(List.of(EDITOR, VIEWER), e.candidates());
        assertTrue(e.getMessage().contains("Main (pid 42), Main (pid 43)"), e.getMessage());
    }

    /** Failing a name, a window's title names a JVM (as its probe says it): one, several listed with code 2, or none. */
    @Test
    void aWindowsTitleNamesAJvmWhenNothingElseDoes() throws Exception {
        java.util.function.Function<Jvms.Jvm, List<String>> titles = j -> j == EDITOR ? List.of("Untitled - Acme Editor", "Find")
                : j == VIEWER ? List.of("Find") : List.of();
        assertEquals(EDITOR, Jvms.resolve("untitled - acme editor", ALL, titles));
        assertEquals(SWINGSET, Jvms.resolve("SwingSet2", ALL, titles), "a name goes before a title");
        Jvms.Unresolved several = assertThrows(Jvms.Unresolved.class, () -> Jvms.resolve("Find", ALL, titles));
        assertEquals(Jvms.SEVERAL, several.code());
        assertEquals(List.of(EDITOR, VIEWER), several.candidates());
        Jvms.Unresolved none = assertThrows(Jvms.Unresolved.class, () -> Jvms.resolve("Notepad", ALL, titles));
        assertEquals(Jvms.NONE, none.code());
        assertTrue(none.getMessage().endsWith("(nor is a window of one with a probe so titled)"), none.getMessage());
        Jvms.Unresolved many = assertThrows(Jvms.Unresolved.class, () -> Jvms.resolve("Main", ALL, j -> {
            throw new AssertionError("no title is asked for when names match");
        }));
        assertEquals(Jvms.SEVERAL, many.code());
    }

    @Test
    void noMatchSaysWhatRuns() {
        Jvms.Unresolved e = assertThrows(Jvms.Unresolved.class, () -> Jvms.resolve("Notepad", ALL));
        assertEquals(Jvms.NONE, e.code());
        assertTrue(e.getMessage().contains("SwingSet2 (pid 41)"), e.getMessage());
        assertEquals(Jvms.NONE, assertThrows(Jvms.Unresolved.class, () -> Jvms.resolve("x", List.of())).code());
    }
}
