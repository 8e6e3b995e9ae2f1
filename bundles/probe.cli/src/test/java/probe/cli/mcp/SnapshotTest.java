package probe.cli.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** The dialog in a result's structuredContent: its head and the count of its controls, which the text lists. */
class SnapshotTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aDialogsControlsAreCountedNotRepeated() throws Exception {
        JsonNode dialog = JSON.readTree("{\"name\":\"chooseIso\",\"title\":\"Choose\",\"modal\":true,\"focused\":true,"
                + "\"controls\":[{\"identifier\":\"a\",\"role\":\"button\"},{\"identifier\":\"b\",\"role\":\"input\"}]}");
        assertEquals("{\"name\":\"chooseIso\",\"title\":\"Choose\",\"modal\":true,\"focused\":true,\"controls\":2}",
                Snapshot.head(dialog).toString());
        assertEquals(2, dialog.get("controls").size(), "the reply itself is left as it is");
        JsonNode none = JSON.readTree("{\"name\":null,\"title\":null,\"modal\":false,\"controls\":[]}");
        assertEquals("{\"name\":null,\"title\":null,\"modal\":false,\"controls\":0}", Snapshot.head(none).toString());
        assertNull(Snapshot.head(null));
    }
}
