package probe.cli.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** The text of action results, errors and the screenshot's legend. */
class RepliesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode json(String s) throws Exception {
        return JSON.readTree(s.replace('\'', '"'));
    }

    @Test
    void anActionSaysWhatItDidItsReceiptItsDataAndTheDialogAfter() throws Exception {
        JsonNode data = json("{'identifier':'toolbar.button.createVM','clicked':[52,38],'settled':true,'effects':{"
                + "'opened':['createVM'],'closed':[],'focus':{'before':null,'after':'dialog.createVM.input.name'},"
                + "'changed':[{'identifier':'detail.button.start','field':'enabled','before':true,'after':false},"
                + "{'identifier':'detail.label.state','field':'value','before':'Stopped','after':'Running'}],"
                + "'appeared':['dialog.createVM.input.name'],'disappeared':[],"
                + "'events':[{'event':'dialog.opened','name':'createVM','title':'Create VM','seq':3,'ts':1}],'settledMillis':4}}");
        String t = Replies.action("clicked toolbar.button.createVM at [52,38]", data, "dialog open: createVM");
        String[] lines = t.split("\n");
        assertEquals("clicked toolbar.button.createVM at [52,38]", lines[0]);
        assertEquals("effects: opened createVM; focus dialog.createVM.input.name; detail.button.start disabled;"
                + " detail.label.state value=\"Running\"; appeared dialog.createVM.input.name;"
                + " events dialog.opened createVM \"Create VM\"", lines[1]);
        assertTrue(lines[2].startsWith("data: {\"identifier\":\"toolbar.button.createVM\""), lines[2]);
        assertTrue(lines[2].contains("\"effects\":{\"opened\":[\"createVM\"]"), "the JSON has the receipt whole");
        assertEquals("now: dialog open: createVM", lines[3]);
        assertEquals(4, lines.length);
    }

    @Test
    void longListsOfTheReceiptAreCutInItsLineButNotInItsJson() throws Exception {
        String e = Replies.effects(json("{'appeared':['a1','a2','a3','a4','a5','a6','a7','a8']}"), json("{}"));
        assertEquals("appeared a1, a2, a3, a4, a5, a6, +2 more", e);
    }

    @Test
    void withoutAReceiptTheDataAndTheDialogStillCome() throws Exception {
        assertEquals("pressed esc\ndata: {\"key\":\"esc\"}\nnow: no dialog open",
                Replies.action("pressed esc", json("{'key':'esc'}"), "no dialog open"));
        assertEquals("no visible change (the GUI had not settled after 100 ms)",
                Replies.effects(json("{'opened':[],'settledMillis':100}"), json("{'settled':false}")));
    }

    @Test
    void anErrorGivesTheCodeTheNearestNamesWhatBlocksAndTheDetails() throws Exception {
        String t = Replies.opError("gui.identifier_not_found", "no showing view with identifier 'x'",
                json("{'nearest':['toolbar.button.createVM']}"));
        assertEquals("error gui.identifier_not_found: no showing view with identifier 'x' (nearest: toolbar.button.createVM)\n"
                + "details: {\"nearest\":[\"toolbar.button.createVM\"]}", t);
        String blocked = Replies.opError("gui.not_clickable", "'a' is not clickable: it is behind the modal dialog 'dialog.createVM'",
                json("{'identifier':'a','reason':'r','blockedBy':'dialog.createVM'}"));
        assertTrue(blocked.contains("\nblocked by: dialog.createVM (close it, or operate it, before the controls behind it)"), blocked);
        assertEquals("error gui.no_window: no dialog is open", Replies.opError("gui.no_window", "no dialog is open", null));
    }

    @Test
    void aScreenshotSaysItsSizeScaleAndLegend() throws Exception {
        JsonNode data = json("{'scope':'window','width':1280,'height':800,'windows':['main','dialog.createVM'],"
                + "'marks':[{'number':1,'identifier':'toolbar.button.createVM','role':'button','label':'Create VM','frame':[1,2,3,4]},"
                + "{'number':2,'identifier':null,'role':'button','frame':[5,6,7,8]}]}");
        assertEquals("screenshot of window (windows main, dialog.createVM, bottom first): 640x400 pixels, scale 0.500 of the probe's 1280x800\n"
                + "2 marks (number, identifier, role, label):\n"
                + "1  toolbar.button.createVM  button  \"Create VM\"\n"
                + "2  (no identifier)  button", Replies.screenshot(data, 640, 400));
        assertEquals("screenshot of dialog: 10x10 pixels, scale 1 (the probe's pixels)",
                Replies.screenshot(json("{'scope':'dialog','width':10,'height':10}"), 10, 10));
    }
}
