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
}
