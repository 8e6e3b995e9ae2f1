package probe.cli.mcp;

import probe.cli.ops.CompiledDescriptions;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Set;
import org.junit.jupiter.api.Test;
import probe.client.format.ReceiptText;

/** The text of action results, errors and the screenshot's legend. */
class RepliesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode json(String s) throws Exception {
        return JSON.readTree(s.replace('\'', '"'));
    }

    /** The receipt of a reply whose effects are {@code effects}, as the tools' results word it. */
    private static String effects(String effects) throws Exception {
        return ReceiptText.of(json("{'effects':" + effects + "}"), Replies.MAX_NAMES, Set.of()).line();
    }

    @Test
    void anActionSaysWhatItDidItsReceiptAndTheDialogAfterInAFewWords() throws Exception {
        JsonNode data = json("{'identifier':'toolbar.button.createVM','clicked':[52,38],'settled':true,'effects':{"
                + "'opened':[],'closed':[],'focus':{'before':null,'after':'dialog.createVM.input.name'},"
                + "'changed':[{'identifier':'detail.button.start','field':'enabled','before':true,'after':false},"
                + "{'identifier':'detail.label.state','field':'value','before':'Stopped','after':'Running'}],"
                + "'appeared':['x.y'],'disappeared':[],"
                + "'events':[{'event':'vm.state','name':'vm1','state':'running','seq':3,'ts':1}],'settledMillis':4}}");
        JsonNode dialog = json("{'name':'createVM','title':'Create VM','modal':true,'focused':true,'controls':[]}");
        String t = Replies.action("clicked toolbar.button.createVM", data, dialog, null, false, null);
        String[] lines = t.split("\n");
        assertEquals("clicked toolbar.button.createVM", lines[0]);
        assertEquals("effects: focus dialog.createVM.input.name; detail.button.start disabled;"
                + " detail.label.state value=\"Running\"; appeared x.y; events vm.state vm1 state=running", lines[1]);
        assertEquals("now: createVM (modal)", lines[2], "the modal state in a few words; what modal means is said once");
        assertEquals(3, lines.length, "no JSON in the text: it is the result's structuredContent");
    }

    @Test
    void aDialogThatOpenedIsListedWithItsControlsAndNotNamedAgain() throws Exception {
        JsonNode data = json("{'identifier':'toolbar.button.createVM','settled':true,'effects':{"
                + "'opened':['createVM'],'closed':[],'focus':{'before':'sidebar.list','after':'dialog.createVM.input.name'},"
                + "'changed':[],'appeared':['dialog.createVM','dialog.createVM.input.name','dialog.createVM.button.create'],"
                + "'disappeared':[],'events':[{'event':'dialog.opened','name':'createVM','title':'Create VM','modal':true}]}}");
        JsonNode dialog = json("{'name':'createVM','title':'Create VM','modal':true,'focused':true,'controls':["
                + "{'identifier':'dialog.createVM.input.name','role':'input','label':'Name','focused':true},"
                + "{'identifier':'dialog.createVM.button.create','role':'button','label':'Create','enabled':false}]}");
        String t = Replies.action("clicked toolbar.button.createVM", data, dialog, null, true, null);
        assertEquals("clicked toolbar.button.createVM\n"
                + "effects: opened createVM; focus dialog.createVM.input.name\n"
                + "now: createVM \"Create VM\" (modal), its controls:\n"
                + "  input dialog.createVM.input.name \"Name\"  focused\n"
                + "  button dialog.createVM.button.create \"Create\"  disabled", t);
    }

    @Test
    void controlsThatAppearedBesideAreListedAsTheSnapshotListsThem() throws Exception {
        JsonNode data = json("{'settled':true,'effects':{'appeared':['d.input.password','d.input.confirm']}}");
        JsonNode items = json("[{'identifier':'d.input.password','role':'password','label':'Password','length':0},"
                + "{'identifier':'d.input.confirm','role':'password','label':'Confirm','length':0}]");
        String t = Replies.action("clicked d.toggle.encrypt", data, json("{'name':null}"), null, false, items);
        assertEquals("clicked d.toggle.encrypt\neffects: the controls below appeared\nappeared:\n"
                + "  password d.input.password \"Password\"  length=0\n  password d.input.confirm \"Confirm\"  length=0\n"
                + "now: no dialog open", t);
    }

    @Test
    void longListsOfTheReceiptAreBoundedAndCounted() throws Exception {
        String e = effects("{'appeared':['a1','a2','a3','a4','a5','a6','a7','a8']}");
        assertEquals("appeared a1, a2, a3, a4, a5, a6, +2 more", e);
        String closed = effects("{'closed':['createVM'],'disappeared':['dialog.createVM','dialog.createVM.a',"
                + "'dialog.createVM.b','other.x'],'events':[{'event':'dialog.closed','name':'createVM'}]}");
        assertEquals("closed createVM; disappeared dialog.createVM and its 2 controls, other.x", closed,
                "a dialog's controls go with it, counted; the event that says it closed is said once");
    }

    @Test
    void withoutAReceiptTheDialogStillComes() throws Exception {
        assertEquals("pressed esc\nnow: no dialog open",
                Replies.action("pressed esc", json("{'key':'esc'}"), json("{'name':null}"), null, false, null));
        assertEquals("pressed esc\nnow: which dialog is open is not known (x)",
                Replies.action("pressed esc", json("{'key':'esc'}"), null, "which dialog is open is not known (x)", false, null));
        assertEquals("no visible change (the GUI had not settled after 100 ms)",
                ReceiptText.of(json("{'settled':false,'effects':{'opened':[],'settledMillis':100}}"), Replies.MAX_NAMES, Set.of()).line());
    }

    @Test
    void anErrorGivesTheCodeTheNearestNamesWhatBlocksAndTheDetails() throws Exception {
        String t = Replies.opError("gui.identifier_not_found", "no showing view with identifier 'x'",
                json("{'nearest':['toolbar.button.createVM']}"));
        assertEquals("error gui.identifier_not_found: no showing view with identifier 'x' (nearest: toolbar.button.createVM)", t,
                "the details as JSON are the result's structuredContent");
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
                + "2  (no identifier)  button", Replies.screenshot(data, 640, 400,
                        probe.client.format.ReplyText.head(probe.cli.ops.CompiledDescriptions.of(probe.api.Ops.SCREENSHOT).orElseThrow(), data, null)));
        assertEquals("screenshot of dialog: 10x10 pixels, scale 1 (the probe's pixels)",
                Replies.screenshot(json("{'scope':'dialog','width':10,'height':10}"), 10, 10, null));
    }
}
