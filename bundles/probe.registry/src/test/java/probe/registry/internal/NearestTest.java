package probe.registry.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class NearestTest {

    @Test
    void closestIdentifiersComeFirst() {
        List<String> names = List.of("detail.button.start", "detail.button.stop", "toolbar.button.createVM", "main");
        assertEquals(List.of("detail.button.start", "detail.button.stop"), Nearest.of("detail.button.strt", names, 2));
    }

    @Test
    void editDistance() {
        assertEquals(0, Nearest.distance("abc", "abc"));
        assertEquals(1, Nearest.distance("abc", "abd"));
        assertEquals(3, Nearest.distance("", "abc"));
    }

    @Test
    void theSceneOfAnIdentifier() {
        assertEquals("dialog.createVM", Nearest.scene("dialog.createVM.input.name"));
        assertEquals("dialog.createVM", Nearest.scene("dialog.createVM"));
        assertEquals("detail", Nearest.scene("detail.button.start"));
        assertEquals("main", Nearest.scene("main"));
        assertEquals("dialog", Nearest.scene("dialog"));
    }

    @Test
    void namesOfTheSameSceneComeFirst() {
        // "dialog.about.button.ok" is nearer by edits, but a control of createVM was meant.
        List<String> names = List.of("dialog.about.button.ok", "dialog.createVM.button.create", "dialog.createVM.button.cancel");
        assertEquals(List.of("dialog.createVM.button.cancel", "dialog.createVM.button.create", "dialog.about.button.ok"),
                Nearest.of("dialog.createVM.button.ok", names, 3));
    }

    @Test
    void nothingAbsurdlyFarIsSuggested() {
        List<String> names = List.of("detail.label.state", "detail.button.start", "toolbar.button.createVM", "main", "sidebar.list");
        assertEquals(List.of(), Nearest.of("nothing.here.atall", names, 5));
        assertEquals(List.of("detail.label.state"), Nearest.of("detail.label.stat", names, 1));
    }
}
