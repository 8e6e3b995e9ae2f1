package probe.cli.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** The now: line, from gui.dialog.current's data. */
class SnapshotTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode json(String s) throws Exception {
        return JSON.readTree(s.replace('\'', '"'));
    }

    @Test
    void theFirstLineSaysWhichDialogIsOpenAndItsModality() throws Exception {
        assertEquals("createVM \"Create VM\" (modal)", probe.client.format.Readable.dialogHead(json("{'name':'createVM','title':'Create VM','modal':true,'focused':true,'controls':[]}"), true));
        assertEquals("no dialog open", probe.client.format.Readable.dialogHead(json("{'name':null,'controls':[]}"), true));
        assertEquals("about \"About\" (not modal, not focused)", probe.client.format.Readable.dialogHead(json("{'name':'about','title':'About','modal':false,'focused':false}"), true));
        assertEquals("about (not modal)", probe.client.format.Readable.dialogHead(json("{'name':'about','title':'About','modal':false}"), false));
    }
}
