package probe.registry.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import probe.api.ErrorCodes;
import probe.api.ProbeException;

class NotFoundTest {
    private static final List<String> SHOWING = List.of("main", "toolbar.button.createVM", "detail.button.start", "detail.label.state");

    @Test
    void aControlOfAClosedDialogSaysTheDialogIsClosed() {
        ProbeException e = NotFound.identifier("dialog.createVM.button.create", SHOWING, List.of(), CatalogueTest.HVM);
        assertEquals(ErrorCodes.IDENTIFIER_NOT_FOUND, e.code());
        assertTrue(e.getMessage().startsWith("dialog 'createVM' is not open, so 'dialog.createVM.button.create' is not showing; open it first"),
                e.getMessage());
        assertEquals("createVM", e.details().get("dialog").asText());
        assertEquals(0, e.details().get("nearest").size(), "no unrelated button is suggested");
    }

    @Test
    void withoutACatalogueEveryClosedDialogIsSaidToBeClosed() {
        ProbeException e = NotFound.identifier("dialog.createVM", SHOWING, List.of(), Catalogue.NONE);
        assertTrue(e.getMessage().startsWith("dialog 'createVM' is not open;"), e.getMessage());
    }

    @Test
    void aDialogTheAppDoesNotHaveIsATypo() {
        ProbeException e = NotFound.identifier("dialog.creatVM.button.create", List.of("dialog.createVM.button.create", "main"),
                List.of(), CatalogueTest.HVM);
        assertNull(e.details().get("dialog"));
        assertEquals("dialog.createVM.button.create", e.details().get("nearest").get(0).asText());
        assertTrue(e.getMessage().contains("never shows"), e.getMessage());
    }

    @Test
    void aFarNameGetsNoSuggestionAndANearOneItsNearest() {
        ProbeException far = NotFound.identifier("nothing.here.atall", SHOWING, List.of(), CatalogueTest.HVM);
        assertEquals(0, far.details().get("nearest").size());
        assertEquals("no showing view with identifier 'nothing.here.atall' (the app never shows such an identifier)", far.getMessage());
        ProbeException near = NotFound.identifier("toolbar.button.createWM", SHOWING, List.of(), Catalogue.NONE);
        assertEquals("no showing view with identifier 'toolbar.button.createWM'; nearest: toolbar.button.createVM", near.getMessage());
        ProbeException hidden = NotFound.identifier("sidebar.list", SHOWING, List.of(), CatalogueTest.HVM);
        assertTrue(hidden.getMessage().contains("one of the app's identifiers, but not showing now"), hidden.getMessage());
    }

    @Test
    void aNameNeverShownSuggestsFromTheCatalogue() {
        ProbeException e = NotFound.neverShown("sidebr.row.Ubuntu", CatalogueTest.HVM);
        assertEquals("sidebar.row.Ubuntu", e.details().get("nearest").get(0).asText());
        ProbeException d = NotFound.neverShown("dialog.createVm.input.name", CatalogueTest.HVM);
        assertEquals("createVm", d.details().get("dialog").asText());
        assertEquals("createVM", d.details().get("nearest").get(0).asText());
    }

    @Test
    void aMisspeltDialogNamesTheNearestAndEveryDialog() {
        ProbeException e = NotFound.noSuchDialog("createVm", CatalogueTest.HVM);
        assertEquals("the app has no dialog 'createVm'; nearest: createVM (details.dialogs lists them)", e.getMessage());
        assertEquals("[\"about\",\"createVM\"]", e.details().get("dialogs").toString());
    }

    @Test
    void aMisspeltScopeNamesTheNearestScopes() {
        ProbeException e = NotFound.scope("dialg", SHOWING, CatalogueTest.HVM);
        assertEquals("dialog", e.details().get("nearest").get(0).asText());
        assertEquals("scope 'dialg' is not window or dialog, and no identifier the app can show starts with it; nearest: dialog",
                e.getMessage());
        assertEquals("sidebar", NotFound.scope("sidebr", SHOWING, CatalogueTest.HVM).details().get("nearest").get(0).asText());
    }

    @Test
    void theDialogOfAnIdentifier() {
        assertEquals("createVM", NotFound.dialogOf("dialog.createVM.input.name"));
        assertEquals("createVM", NotFound.dialogOf("dialog.createVM"));
        assertNull(NotFound.dialogOf("dialog."));
        assertNull(NotFound.dialogOf("detail.button.start"));
    }

    @Test
    void theNearestNamesAreSearchedWhenTheAnswerIsReadNotWhenItIsThrown() {
        ProbeException e = NotFound.identifier("toolbar.button.createWM", SHOWING, List.of(), Catalogue.NONE);
        assertTrue(e instanceof NotFound.Deferred, e.getClass().toString());
        assertEquals(ErrorCodes.IDENTIFIER_NOT_FOUND, e.code());
        assertFalse(((NotFound.Deferred) e).isMade(), "throwing it (on the EDT) searched nothing");
        assertEquals("toolbar.button.createVM", e.details().get("nearest").get(0).asText());
        assertTrue(((NotFound.Deferred) e).isMade());
    }

    @Test
    void aMegabyteNameIsQuotedByItsStartAndSearchedForNothing() {
        String huge = "toolbar.button.createVM".repeat(40_000);
        long t0 = System.nanoTime();
        ProbeException e = NotFound.identifier(huge, SHOWING, List.of(), CatalogueTest.HVM);
        String message = e.getMessage();
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(message.length() < 300, message);
        assertTrue(message.contains("'" + huge.substring(0, 64) + "…'"), message);
        assertEquals(0, e.details().get("nearest").size());
        assertTrue(ms < 500, ms + " ms");
        assertTrue(NotFound.neverShown(huge, CatalogueTest.HVM).getMessage().length() < 300);
        assertTrue(NotFound.scope(huge, SHOWING, CatalogueTest.HVM).getMessage().length() < 300);
        assertTrue(NotFound.noSuchDialog(huge, CatalogueTest.HVM).getMessage().length() < 300);
    }
}
