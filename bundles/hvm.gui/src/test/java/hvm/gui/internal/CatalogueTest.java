package hvm.gui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The catalogue the bundle publishes (the resource its {@code Hdp-Catalogue} header names) and the
 * tables of docs/IDENTIFIERS.md hold the same names, both ways: a name documented but not
 * published would make the probe answer "never shown" for it, one published but not documented
 * is a name nobody can look up.
 */
class CatalogueTest {
    private static final String RESOURCE = "OSGI-INF/hdp/catalogue.txt";

    /** The catalogue's entries: every line that is neither blank nor a comment. */
    private static List<String> catalogue() throws IOException {
        try (InputStream in = CatalogueTest.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            assertNotNull(in, RESOURCE + " is on the class path");
            List<String> entries = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                String entry = line.strip();
                if (!entry.isEmpty() && !entry.startsWith("#")) {
                    entries.add(entry);
                }
            }
            return entries;
        }
    }

    /** The identifiers of IDENTIFIERS.md's tables, each variable part ({@code <vmDisplayName>}) written as the catalogue writes it, {@code *}. */
    private static Set<String> documented() throws IOException {
        Path doc = Path.of(System.getProperty("user.dir")).resolve("../../docs/IDENTIFIERS.md").normalize();
        Set<String> names = new TreeSet<>();
        Matcher m = Pattern.compile("(?m)^\\|\\s*`([^`]+)`\\s*\\|").matcher(Files.readString(doc));
        while (m.find()) {
            names.add(m.group(1).replaceAll("<[^>]+>$", "*"));
        }
        return names;
    }

    @Test
    void theCatalogueAndTheIdentifierTablesHoldTheSameNames() throws IOException {
        List<String> entries = catalogue();
        Set<String> published = new TreeSet<>(entries);
        assertEquals(entries.size(), published.size(), "no name twice in the catalogue");
        Set<String> documented = documented();
        Set<String> undocumented = new TreeSet<>(published);
        undocumented.removeAll(documented);
        Set<String> unpublished = new TreeSet<>(documented);
        unpublished.removeAll(published);
        assertEquals(Set.of(), undocumented, "in " + RESOURCE + " but not in docs/IDENTIFIERS.md");
        assertEquals(Set.of(), unpublished, "in docs/IDENTIFIERS.md but not in " + RESOURCE);
        assertTrue(published.contains("sidebar.row.*"));
    }

    @Test
    void aWildcardIsOnlyEverTheLastCharacter() throws IOException {
        for (String entry : catalogue()) {
            assertTrue(entry.indexOf('*') < 0 || entry.indexOf('*') == entry.length() - 1, entry);
            assertTrue(!entry.contains(" ") && !entry.contains("\t"), "no blank inside " + entry);
        }
    }

    /** The manifest bnd wrote (the build runs bnd before the tests) names the resource. */
    @Test
    void theManifestNamesTheCatalogue() throws IOException {
        Path mf = Path.of(System.getProperty("user.dir"), "target", "classes", "META-INF", "MANIFEST.MF");
        try (InputStream in = Files.newInputStream(mf)) {
            assertEquals(RESOURCE, new Manifest(in).getMainAttributes().getValue("Hdp-Catalogue"));
        }
    }
}
