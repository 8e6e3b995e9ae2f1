package probe.registry.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CatalogueTest {
    static final Catalogue HVM = Catalogue.parse(String.join("\n",
            "# The names of a small app",
            "main",
            "",
            "  toolbar.button.createVM  ",
            "sidebar.list",
            "sidebar.row.*",
            "detail.button.start",
            "detail.label.state",
            "dialog.createVM",
            "dialog.createVM.input.name",
            "dialog.createVM.combo.os",
            "dialog.createVM.combo.os.row.*",
            "dialog.about",
            "dialog.about.button.ok"));

    @Test
    void namesAndPatternsAreKnown() {
        assertTrue(HVM.loaded());
        assertTrue(HVM.knows("main"));
        assertTrue(HVM.knows("toolbar.button.createVM"), "surrounding blanks are not part of a name");
        assertTrue(HVM.knows("sidebar.row.Ubuntu Dev"));
        assertTrue(HVM.knows("sidebar.row.a.b"), "a variable part may hold dots (a VM's name)");
        assertTrue(HVM.knows("dialog.createVM.combo.os.row.fedora"));
        assertFalse(HVM.knows("sidebar.row."), "a pattern's variable part is never empty");
        assertFalse(HVM.knows("sidebar.row"));
        assertFalse(HVM.knows("# The names of a small app"));
        assertFalse(HVM.knows("nothing.here.atall"));
        assertFalse(HVM.knows("dialog.createVm.input.name"));
    }

    @Test
    void dialogsAreTheNamesOfDialogWindows() {
        assertEquals(Set.of("createVM", "about"), HVM.dialogs());
        assertTrue(HVM.knowsDialog("createVM"));
        assertFalse(HVM.knowsDialog("createVm"));
    }

    @Test
    void aScopeIsKnownWhenSomeNameStartsWithIt() {
        for (String scope : List.of("dialog", "dialog.createVM", "dialog.createVM.combo.os.row", "sidebar.row.Ubu", "sidebar.row.Ubuntu Dev",
                "detail.label", "d", "toolbar.button.createVM")) {
            assertTrue(HVM.isPrefix(scope), scope);
        }
        for (String scope : List.of("dialg", "nothing", "detail.label.stat.x", "toolbar.button.createVM.x")) {
            assertFalse(HVM.isPrefix(scope), scope);
        }
    }

    @Test
    void scopesAreEveryCutOfEveryName() {
        Set<String> scopes = HVM.scopes();
        assertTrue(scopes.containsAll(Set.of("dialog", "dialog.createVM", "dialog.createVM.input", "dialog.createVM.input.name",
                "sidebar", "sidebar.row", "detail.label", "main")), scopes.toString());
        assertFalse(scopes.contains("sidebar.row.*"));
    }

    @Test
    void aPatternIsSuggestedWithTheVariablePartOfTheNameGiven() {
        List<String> candidates = HVM.candidates("sidebr.row.Ubuntu Dev");
        assertTrue(candidates.contains("sidebar.row.Ubuntu Dev"), candidates.toString());
        assertTrue(HVM.candidates("sidebar").contains("sidebar.row.*"), "too few parts: the pattern as written");
    }

    @Test
    void aStarAnywhereButAtTheEndIsRefusedWithItsLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Catalogue.parse("main\nsidebar.*.row\n"));
        assertTrue(e.getMessage().startsWith("line 2: 'sidebar.*.row'"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Catalogue.parse("*"));
    }

    @Test
    void theUnionHoldsEveryPartAndNoneIsUnloaded() {
        Catalogue plugin = Catalogue.parse("dialog.twin\nplugin.grid.button.*\n");
        Catalogue both = Catalogue.union(List.of(HVM, plugin));
        assertTrue(both.knows("main"));
        assertTrue(both.knows("plugin.grid.button.7"));
        assertEquals(Set.of("about", "createVM", "twin"), both.dialogs());
        assertFalse(Catalogue.union(List.of()).loaded());
        assertFalse(Catalogue.NONE.loaded());
        assertFalse(Catalogue.NONE.knows("main"));
        assertTrue(Catalogue.parse("# nothing yet\n").loaded(), "an empty catalogue is still a catalogue");
    }
}
