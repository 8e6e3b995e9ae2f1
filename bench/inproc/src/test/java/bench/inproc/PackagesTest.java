package bench.inproc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Which of the bench's classes may sit in the product's packages: only the timing harnesses
 * ({@code *Timing}, and their nested classes), there to reach what an op keeps package-private.
 * Anything else of the bench (a former op or encoder kept to measure against) lives in a
 * {@code bench.} package, where a reader cannot take it for the product's, and the former ones
 * ({@code bench.inproc.legacy}) use only what the product exports: they name no {@code .internal} type.
 */
class PackagesTest {
    /** The bench's own classes, by their path in the jar (or the classes folder), with their bytes. */
    private static Map<String, byte[]> classes() throws IOException, URISyntaxException {
        Path where = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Map<String, byte[]> classes = new TreeMap<>();
        if (Files.isDirectory(where)) {
            read(where, classes);
        } else {
            try (FileSystem jar = FileSystems.newFileSystem(where)) {
                read(jar.getPath("/"), classes);
            }
        }
        return classes;
    }

    private static void read(Path root, Map<String, byte[]> into) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".class"))::iterator) {
                try (InputStream in = Files.newInputStream(f)) {
                    into.put(root.relativize(f).toString().replace('\\', '/'), in.readAllBytes());
                }
            }
        }
    }

    @Test
    void onlyTheTimingHarnessesSitInTheProductsPackages() throws Exception {
        Map<String, byte[]> classes = classes();
        assertFalse(classes.isEmpty(), "the bench's classes are found");
        List<String> misplaced = classes.keySet().stream().filter(c -> c.startsWith("probe/"))
                .filter(c -> !c.substring(c.lastIndexOf('/') + 1).replaceFirst("\\$.*|\\.class$", "").endsWith("Timing")).toList();
        assertEquals(List.of(), misplaced, "bench classes in a product package that are no *Timing harness: move them to a bench. package");
    }

    @Test
    void theFormerOpsUseOnlyWhatTheProductExports() throws Exception {
        // A class file names every type it uses in its constant pool, as text: probe/click/internal/ClickOp.
        Pattern internal = Pattern.compile("probe/[a-z/]*internal/[A-Za-z0-9_$]+");
        Map<String, String> uses = new TreeMap<>();
        int legacy = 0;
        for (Map.Entry<String, byte[]> c : classes().entrySet()) {
            if (c.getKey().startsWith("bench/inproc/legacy/")) {
                legacy++;
                Matcher m = internal.matcher(new String(c.getValue(), StandardCharsets.ISO_8859_1));
                if (m.find()) {
                    uses.put(c.getKey(), m.group());
                }
            }
        }
        assertFalse(legacy == 0, "bench.inproc.legacy's classes are found");
        assertEquals(Map.of(), uses, "former ops that use a product class the product does not export");
    }
}
