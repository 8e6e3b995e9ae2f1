package probe.api.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** gui.list's items as the lines a model reads ({@code gui.list {format: text}}, the MCP server's receipts). */
class ListingTest {
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

    private static JsonNode items() throws Exception {
        return json(LIST).get("items");
    }

    @Test
    void aTextsSelectionIsItsSelectedCharactersButNeverAPasswords() throws Exception {
        JsonNode items = json("[{'identifier':'f.input.name','role':'input','label':'Name:','value':'hello world','selection':[6,11]},"
                + "{'identifier':'f.input.password','role':'password','label':'Password:','length':8,'selection':[0,8]}]");
        String[] lines = Listing.text("window", items, null, 100).split("\n");
        assertEquals("input f.input.name \"Name:\"  value=\"hello world\"  selected=\"world\"", lines[0]);
        assertEquals("password f.input.password \"Password:\"  length=8", lines[1], "a password's characters are never shown");
    }

    @Test
    void oneLinePerItemIndentedByNestingWithTheFlagsAHandMeets() throws Exception {
        String t = Listing.text("window", items(), null, 100);
        String[] lines = t.split("\n");
        assertEquals("window main \"HVM\"", lines[0], "behind a modal dialog goes without saying: whoever shows the lines says it is modal");
        assertEquals("  button toolbar.button.createVM \"Create VM\"", lines[1]);
        assertEquals("  button detail.button.start \"Start\"  disabled", lines[2], "a disabled control's reason is said once");
        assertEquals("dialog dialog.createVM \"Create VM\"", lines[3]);
        assertEquals("  input dialog.createVM.input.name \"Name:\"  value=\"vm2\"  focused", lines[4]);
        assertEquals("  toggle dialog.createVM.toggle.encrypt \"Encrypt\"  checked", lines[5]);
        assertEquals("  password dialog.createVM.input.password \"Password:\"  length=8", lines[6]);
        assertEquals("  button (no identifier)  tooltip \"Up One Level\"", lines[7]);
        assertEquals("row sidebar.row.a \"a\"  selected  scrolled out of view", lines[8]);
        assertEquals("label detail.label.state \"Running\"", lines[9], "a label that takes no press is no news");
        assertEquals("2 controls are behind the modal dialog 'dialog.createVM': close or operate it first", lines[10],
                "what the lines leave out of each control behind the modal dialog, said once, in the text itself");
        assertEquals(11, lines.length);
        assertFalse(t.contains("[1,2,3,4]"), "no frames: a model acts by identifier");
    }

    @Test
    void theTreeNestsByParentAndNeverLoops() throws Exception {
        JsonNode items = json("[{'identifier':'a','role':'window'},"
                + "{'identifier':'b','role':'group','parent':'a'},"
                + "{'identifier':'c','role':'button','parent':'b'},"
                + "{'identifier':'d','role':'button','parent':'unknown'},"
                + "{'identifier':'e','role':'button','parent':'e'},"
                + "{'identifier':'a','role':'button','parent':'c'},"
                + "{'identifier':'f','role':'button','parent':'a'}]");
        assertEquals(String.join("\n",
                "window a",
                "  group b",
                "    button c",
                "      button a",
                "  button f",
                "button d",
                "button e"), Listing.text("window", items, null, Integer.MAX_VALUE));
    }

    @Test
    void theControlsBehindAModalDialogAreCountedInOneLine() throws Exception {
        com.fasterxml.jackson.databind.node.ArrayNode items = JSON.createArrayNode();
        for (String id : new String[] {"a", "b"}) {
            items.addObject().put("identifier", id).put("role", "button").put("clickable", false)
                    .put("reason", "it is behind the modal dialog 'dialog.x'");
        }
        items.addObject().put("identifier", "dialog.x.button.ok").put("role", "button");
        assertEquals("2 controls are behind the modal dialog 'dialog.x': close or operate it first", Listing.behindModal(items));
        assertEquals(null, Listing.behindModal(json("[{'identifier':'c','role':'button'}]")));
        assertEquals(null, Listing.behindModal(json("{'not':'a list'}")));
    }

    /** gui.list {format: text}, which the probe writes: the modal line of the controls it shows, as the CLI's own text of the items has it. */
    @Test
    void theProbesTextSaysOnceWhatIsBehindAModalDialog() throws Exception {
        String all = Listing.lines("window", items(), null, 100).get("text").asText();
        assertTrue(all.endsWith("\n2 controls are behind the modal dialog 'dialog.createVM': close or operate it first"), all);
        String some = Listing.lines("window", items(), "create", 100).get("text").asText();
        assertTrue(some.endsWith("\n1 control is behind the modal dialog 'dialog.createVM': close or operate it first"),
                "of the controls shown: " + some);
        String none = Listing.lines("window", items(), "encrypt", 100).get("text").asText();
        assertFalse(none.contains("behind"), none);
    }

    @Test
    void maxItemsCutsTheListAndSaysHowManyMore() throws Exception {
        String[] lines = Listing.text("window", items(), null, 3).split("\n");
        assertEquals(5, lines.length);
        assertEquals("+7 more not shown (maxItems 3): pass a scope, a query or a larger maxItems", lines[3]);
        assertEquals("2 controls are behind the modal dialog 'dialog.createVM': close or operate it first", lines[4]);
    }

    @Test
    void anEmptyScopeSaysSo() throws Exception {
        assertEquals("no items in scope dialog.about", Listing.text("dialog.about", json("[]"), null, 10));
        assertEquals("no items in scope \"a b\"", Listing.text("a b", json("[]"), null, 10));
    }

    @Test
    void aQueryKeepsTheControlsWhoseIdentifierRoleLabelOrValueHoldIt() throws Exception {
        JsonNode items = items();
        assertEquals("dialog.createVM.input.password", Listing.matching(items, "PASSWORD").get(0).path("identifier").asText());
        assertEquals(1, Listing.matching(items, "PASSWORD").size());
        assertEquals("detail.label.state", Listing.matching(items, "runn").get(0).path("identifier").asText());
        assertEquals("dialog.createVM.toggle.encrypt", Listing.matching(items, "encrypt").get(0).path("identifier").asText());
        assertEquals(0, Listing.matching(items, "nothing like it").size());
    }

    @Test
    void aQuerysTextCountsTheOthersAndSaysWhenNothingMatches() throws Exception {
        assertEquals("  password dialog.createVM.input.password \"Password:\"  length=8\n9 others do not match \"password\"",
                Listing.text("window", items(), "password", 100).replaceFirst("^", "  "));
        assertEquals("no control matches \"zzz\" (10 others show)", Listing.text("window", items(), "zzz", 100));
        assertEquals("no control matches \"zzz\"", Listing.text("window", json("[]"), "zzz", 100));
    }

    @Test
    void aMatchKeepsItsParentWhenTheParentMatchesToo() throws Exception {
        String[] lines = Listing.text("window", items(), "createVM", 100).split("\n");
        assertEquals("button toolbar.button.createVM \"Create VM\"", lines[0], "its parent main does not match: at the top");
        assertEquals("dialog dialog.createVM \"Create VM\"", lines[1]);
        assertEquals("  input dialog.createVM.input.name \"Name:\"  value=\"vm2\"  focused", lines[2]);
    }

    @Test
    void aClosedMenuIsSaidInThreeWords() throws Exception {
        assertEquals("menuItem menu.file.quit \"Quit\"  in closed menu",
                Listing.line(json("{'identifier':'menu.file.quit','role':'menuItem','label':'Quit','inClosedMenu':true}")));
    }

    @Test
    void reasonsLoseTheirSubject() {
        assertEquals("covered at that point by 'x'", Listing.why("it is covered at that point by 'x'"));
        assertEquals("takes no mouse input", Listing.why("it takes no mouse input"));
        assertEquals("odd", Listing.why("odd"));
    }

    @Test
    void quotedTextIsCutAndEscaped() {
        assertEquals("\"a\\\"b\\nc\"", Listing.quote("a\"b\nc"));
        assertEquals(Listing.MAX_TEXT + 5, Listing.quote("x".repeat(100)).length());
        assertEquals("dialog.createVM", Listing.bare("dialog.createVM"));
    }

    @Test
    void aTableIsAHeaderLineAndALineARowAndALargeViewSaysWhichRowsShow() throws Exception {
        JsonNode items = json("[{'identifier':'t','role':'table','rows':{'count':100000,'first':12,'last':40},'clickable':true},"
                + "{'identifier':'t.column.0','role':'column','label':'Title','parent':'t','clickable':true},"
                + "{'identifier':'t.column.1','role':'column','label':'Year','sort':'ascending','parent':'t','clickable':true},"
                + "{'identifier':'t.row.12','role':'row','label':'Blue | 1957','cells':['Blue',true],'selected':true,'parent':'t','clickable':true}]");
        assertEquals("table t  rows 13-41 of 100,000\n"
                + "  header  Title | Year (ascending)  [t.column.{0,1}]\n"
                + "  row t.row.12  Blue | [x]  selected", Listing.text("window", items, null, 100));
    }

    @Test
    void aTreeRowSaysWhetherItsNodeIsExpandedOrCollapsed() throws Exception {
        JsonNode items = json("[{'identifier':'t','role':'tree','clickable':true},"
                + "{'identifier':'t.row.Music','role':'row','label':'Music','expanded':true,'parent':'t','clickable':true},"
                + "{'identifier':'t.row.Music/Jazz','role':'row','label':'Jazz','expanded':false,'selected':true,'parent':'t','clickable':true},"
                + "{'identifier':'t.row.Music/Bach','role':'row','label':'Bach','parent':'t','clickable':true}]");
        assertEquals("tree t\n"
                + "  row t.row.Music \"Music\"  expanded\n"
                + "  row t.row.Music/Jazz \"Jazz\"  selected  collapsed\n"
                + "  row t.row.Music/Bach \"Bach\"", Listing.text("window", items, null, 100));
    }
}
