package probe.registry.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import probe.api.wire.Wire;

/** The pure rules of derived identifiers, and the folding of closed menus. */
class DerivationTest {

    @Test
    void aSlugIsLowerCamelOfAtMostFourWordsAndThirtyTwoCharacters() {
        assertEquals("saveAs", Derivation.slug("Save As…"));
        assertEquals("ok", Derivation.slug("OK"));
        assertEquals("swingSet2", Derivation.slug("SwingSet2"));
        assertEquals("javaTmLookAnd", Derivation.slug("Java(TM) Look and Feel demo"));
        assertEquals("boldText", Derivation.slug("<html><b>Bold</b> text</html>"));
        assertEquals("überGröße", Derivation.slug("Über Größe"));
        assertEquals(32, Derivation.slug("Pneumonoultramicroscopicsilicovolcanoconiosis").length());
        assertEquals("a", Derivation.slug("a bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"));
        assertNull(Derivation.slug("  …  "));
        assertNull(Derivation.slug(null));
    }

    @Test
    void theToolkitsNamesAreNeverTakenAsStable() {
        for (String made : List.of("frame0", "dialog12", "win3", "filedlg0", "OptionPane.button", "ComboBox.list", "Spinner.nextButton",
                "null.contentPane", "###overrideRedirect###")) {
            assertTrue(Derivation.madeUp(made, true), made);
        }
        assertTrue(Derivation.madeUp(null, false));
        assertFalse(Derivation.madeUp("dialog.createVM", true));
        assertFalse(Derivation.madeUp("main", true));
        assertFalse(Derivation.madeUp("toolbar.button.createVM", true));
        // AWT's <base><n> is AWT's only on an AWT component: a Swing control the app called "panel2" keeps it.
        assertFalse(Derivation.madeUp("panel2", false));
        assertTrue(Derivation.madeUp("panel2", true));
    }

    @Test
    void anActionCommandCountsOnlyWhenAPersonCouldHaveReadIt() {
        assertEquals("start", Derivation.humanCommand("start"));
        assertEquals("openFile", Derivation.humanCommand("Open file"));
        assertNull(Derivation.humanCommand("com.example.Actions#open"));
        assertNull(Derivation.humanCommand("42"));
        assertNull(Derivation.humanCommand(null));
    }

    @Test
    void anIconIsNamedByItsFile() {
        assertEquals("jButton", Derivation.iconName("jar:file:/x/SwingSet2.jar!/resources/images/toolbar/JButton.gif"));
        assertEquals("openFolder", Derivation.iconName("icons\\open-folder.png?v=2"));
        assertNull(Derivation.iconName(" "));
    }

    @Test
    void theFirstSourceThatHasANameWins() {
        assertEquals("b", Derivation.first(null, "b", "c"));
        assertNull(Derivation.first(null, null));
    }

    @Test
    void duplicatesAreToldApartByTheirContainerThenByOrder() {
        List<Derivation.Wanted> wanted = List.of(
                new Derivation.Wanted("prefs", "button.apply", "general"),
                new Derivation.Wanted("prefs", "button.apply", "network"),
                new Derivation.Wanted("prefs", "input", null),
                new Derivation.Wanted("prefs", "input", null),
                new Derivation.Wanted("prefs", "input", null),
                new Derivation.Wanted("prefs", "button.ok", null),
                new Derivation.Wanted("prefs", "toggle.on", "box"),
                new Derivation.Wanted("prefs", "toggle.on", "box"));
        assertEquals(List.of("prefs.general.button.apply", "prefs.network.button.apply", "prefs.input", "prefs.input-2", "prefs.input-3",
                "prefs.button.ok", "prefs.box.toggle.on", "prefs.box.toggle.on-2"), Derivation.distinct(wanted, Set.of()));
    }

    @Test
    void aDerivedIdentifierNeverTakesAnExplicitOne() {
        List<Derivation.Wanted> wanted = List.of(new Derivation.Wanted("main", "button.ok", null));
        assertEquals(List.of("main.button.ok-2"), Derivation.distinct(wanted, Set.of("main.button.ok")));
        // An explicit scene with dots keeps them: the container goes after the whole scene.
        List<Derivation.Wanted> inDialog = List.of(new Derivation.Wanted("dialog.createVM", "button.ok", "disk"));
        assertEquals(List.of("dialog.createVM.disk.button.ok"), Derivation.distinct(inDialog, Set.of("dialog.createVM.button.ok")));
    }

    @Test
    void theSameInputGivesTheSameIdentifiers() {
        List<Derivation.Wanted> wanted = List.of(new Derivation.Wanted("s", "button", null), new Derivation.Wanted("s", "button", null));
        assertEquals(Derivation.distinct(wanted, Set.of()), Derivation.distinct(wanted, Set.of()));
    }

    @Test
    void aClosedMenuIsOneLineWithItsItemCount() throws Exception {
        ArrayNode items = (ArrayNode) Wire.mapper().readTree("["
                + "{\"identifier\":\"app.window\",\"role\":\"window\"},"
                + "{\"identifier\":\"app.menu.file\",\"role\":\"menu\",\"parent\":\"app.window\"},"
                + "{\"identifier\":\"app.menuItem.open\",\"role\":\"menuItem\",\"parent\":\"app.menu.file\",\"inClosedMenu\":true},"
                + "{\"identifier\":\"app.menu.recent\",\"role\":\"menu\",\"parent\":\"app.menu.file\",\"inClosedMenu\":true},"
                + "{\"identifier\":\"app.menuItem.a\",\"role\":\"menuItem\",\"parent\":\"app.menu.recent\",\"inClosedMenu\":true},"
                + "{\"identifier\":\"app.menu.edit\",\"role\":\"menu\",\"parent\":\"app.window\"},"
                + "{\"identifier\":\"app.menuItem.copy\",\"role\":\"menuItem\",\"parent\":\"app.menu.edit\"},"
                + "{\"identifier\":\"app.button.go\",\"role\":\"button\",\"parent\":\"app.window\"}]");
        ArrayNode folded = Folding.fold(items);
        assertEquals(5, folded.size(), folded.toString());
        assertEquals(2, folded.get(1).get("items").intValue(), "open and the submenu recent");
        assertFalse(folded.get(2).has("items"), "an open menu's items are listed, not counted");
        assertEquals("app.menuItem.copy", folded.get(3).get("identifier").textValue());
    }

    @Test
    void aTitlesSceneLeavesTheDocumentOut() {
        assertEquals("editor", Derivation.titleScene("Editor"));
        assertEquals("editor", Derivation.titleScene("Editor - Untitled"));
        assertEquals("editor", Derivation.titleScene("Untitled 2 - Editor"));
        assertEquals("editor", Derivation.titleScene("*Editor - plan.xml"));
        assertEquals("editor", Derivation.titleScene("plan.xml* \u2014 Editor"));
        assertEquals("editor", Derivation.titleScene("Editor | /home/someone/plans/plan"));
        assertEquals("editor", Derivation.titleScene("Editor [Untitled mode]"));
        assertEquals("editor", Derivation.titleScene("Editor (read only)"));
        assertEquals("unlock", Derivation.titleScene("Unlock \u201cUbuntu Dev\u201d"));
        assertEquals("saveChangesTo", Derivation.titleScene("Save changes to \"plan.xml\"?"));
        assertEquals("myApp20", Derivation.titleScene("MyApp 2.0"), "a version is not a file");
        assertEquals("swingSet2", Derivation.titleScene("SwingSet2"));
        assertEquals("message", Derivation.titleScene("Message"));
        assertNull(Derivation.titleScene("plan.xml"), "only a document: the scene comes from elsewhere");
        assertNull(Derivation.titleScene("12"));
        assertNull(Derivation.titleScene(null));
    }

    @Test
    void onlyItsPlaceNamingItTakesItsContainerAlways() {
        List<Derivation.Wanted> wanted = List.of(
                new Derivation.Wanted("prefs", "input", "general", true),
                new Derivation.Wanted("prefs", "input", "network", true),
                new Derivation.Wanted("prefs", "input", null, true));
        assertEquals(List.of("prefs.general.input", "prefs.network.input", "prefs.input"), Derivation.distinct(wanted, Set.of()));
    }
}
