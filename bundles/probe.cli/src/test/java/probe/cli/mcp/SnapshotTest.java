package probe.cli.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** gui_snapshot's text from gui.dialog.current's and gui.list's data. */
class SnapshotTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode json(String s) throws Exception {
        return JSON.readTree(s.replace('\'', '"'));
    }

    private static final String LIST = "{'scope':'window','items':["
            + "{'identifier':'main','role':'window','label':'HVM','frame':[0,0,1280,800],'enabled':true,'clickable':false,"
            + "'reason':'it is behind the modal dialog \\u0027dialog.createVM\\u0027'},"
            + "{'identifier':'toolbar.button.createVM','role':'button','label':'Create VM','parent':'main','enabled':true,"
            + "'clickable':false,'reason':'it is behind the modal dialog \\u0027dialog.createVM\\u0027','frame':[1,2,3,4]},"
            + "{'identifier':'detail.button.start','role':'button','label':'Start','parent':'main','enabled':false,'clickable':false,"
            + "'reason':'it is disabled'},"
            + "{'identifier':'dialog.createVM','role':'dialog','label':'Create VM','enabled':true,'clickable':true},"
            + "{'identifier':'dialog.createVM.input.name','role':'input','label':'Name:','value':'vm2','parent':'dialog.createVM',"
            + "'enabled':true,'focused':true,'clickable':true},"
            + "{'identifier':'dialog.createVM.toggle.encrypt','role':'toggle','label':'Encrypt','value':true,'parent':'dialog.createVM','clickable':true},"
            + "{'identifier':'dialog.createVM.input.password','role':'password','label':'Password:','length':8,'parent':'dialog.createVM','clickable':true},"
            + "{'identifier':null,'role':'button','tooltip':'Up One Level','parent':'dialog.createVM','clickable':true},"
            + "{'identifier':'sidebar.row.a','role':'row','label':'a','selected':true,'visible':false,'clickable':true},"
            + "{'identifier':'detail.label.state','role':'label','label':'Running','value':'Running','clickable':false,"
            + "'reason':'it takes no mouse input: a press there reaches no control'}"
            + "]}";

    @Test
    void theFirstLineSaysWhichDialogIsOpenAndItsModality() throws Exception {
        String t = Snapshot.text(json("{'name':'createVM','title':'Create VM','modal':true,'focused':true,'controls':[]}"), json(LIST), 100);
        assertTrue(t.startsWith("now: createVM \"Create VM\" (modal)\n"), t);
        assertEquals("no dialog open", Snapshot.now(json("{'name':null,'controls':[]}"), true));
        assertEquals("about \"About\" (not modal, not focused)", Snapshot.now(json("{'name':'about','title':'About','modal':false,'focused':false}"), true));
        assertEquals("about (not modal)", Snapshot.now(json("{'name':'about','title':'About','modal':false}"), false));
    }

    @Test
    void oneLinePerItemIndentedByNestingWithTheFlagsAHandMeets() throws Exception {
        String t = Snapshot.text(json("{'name':null}"), json(LIST), 100);
        String[] lines = t.split("\n");
        assertEquals("now: no dialog open", lines[0]);
        assertEquals("window main \"HVM\"", lines[1], "behind a modal dialog goes without saying: the first line says it is modal");
        assertEquals("  button toolbar.button.createVM \"Create VM\"", lines[2]);
        assertEquals("  button detail.button.start \"Start\"  disabled", lines[3], "a disabled control's reason is said once");
        assertEquals("dialog dialog.createVM \"Create VM\"", lines[4]);
        assertEquals("  input dialog.createVM.input.name \"Name:\"  value=\"vm2\"  focused", lines[5]);
        assertEquals("  toggle dialog.createVM.toggle.encrypt \"Encrypt\"  checked", lines[6]);
        assertEquals("  password dialog.createVM.input.password \"Password:\"  length=8", lines[7]);
        assertEquals("  button (no identifier)  tooltip \"Up One Level\"", lines[8]);
        assertEquals("row sidebar.row.a \"a\"  selected  scrolled out of view", lines[9]);
        assertEquals("label detail.label.state \"Running\"", lines[10], "a label that takes no press is no news");
        assertEquals(11, lines.length);
        assertFalse(t.contains("[1,2,3,4]"), "no frames: a model acts by identifier");
    }

    @Test
    void maxItemsCutsTheListAndSaysHowManyMore() throws Exception {
        String t = Snapshot.text(json("{'name':null}"), json(LIST), 3);
        String[] lines = t.split("\n");
        assertEquals(5, lines.length, t);
        assertTrue(lines[4].startsWith("+7 more not shown (maxItems 3)"), lines[4]);
    }

    @Test
    void anEmptyScopeSaysSo() throws Exception {
        assertEquals("now: no dialog open\nno items in scope dialog.about", Snapshot.text(json("{'name':null}"),
                json("{'scope':'dialog.about','items':[]}"), 10));
    }

    @Test
    void aQueryKeepsTheControlsWhoseIdentifierRoleLabelOrValueHoldIt() throws Exception {
        JsonNode items = json(LIST).get("items");
        assertEquals("dialog.createVM.input.password", Snapshot.matching(items, "PASSWORD").get(0).path("identifier").asText());
        assertEquals(1, Snapshot.matching(items, "PASSWORD").size());
        assertEquals("detail.label.state", Snapshot.matching(items, "runn").get(0).path("identifier").asText());
        assertEquals("dialog.createVM.toggle.encrypt", Snapshot.matching(items, "encrypt").get(0).path("identifier").asText());
        assertEquals(0, Snapshot.matching(items, "nothing like it").size());
    }

    @Test
    void aClosedMenuIsSaidInThreeWords() throws Exception {
        assertEquals("menuItem menu.file.quit \"Quit\"  in closed menu",
                Snapshot.line(json("{'identifier':'menu.file.quit','role':'menuItem','label':'Quit','inClosedMenu':true}")));
    }

    @Test
    void reasonsLoseTheirSubject() {
        assertEquals("covered at that point by 'x'", Snapshot.why("it is covered at that point by 'x'"));
        assertEquals("takes no mouse input", Snapshot.why("it takes no mouse input"));
        assertEquals("odd", Snapshot.why("odd"));
    }
}
