package probe.cli.internal;

import probe.cli.ops.CompiledDescriptions;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import probe.api.OpDescription;
import probe.api.Ops;
import probe.api.text.Listing;
import probe.api.wire.Wire;
import probe.client.format.ReplyText;

/**
 * The contract's ops in their own words: each op's sentences as its bundle's description writes them
 * (compiled into hvm-dbg: {@link CompiledDescriptions}), filled by the one wording every front end uses ({@link ReplyText}).
 * These are the lines the front ends printed before the words were data; they must not change.
 */
class OpWordsTest {

    private static JsonNode json(String s) throws Exception {
        return Wire.mapper().readTree(s.replace('\'', '"'));
    }

    private static String head(String op, String data) throws Exception {
        return ReplyText.head(CompiledDescriptions.of(op).orElseThrow(), data == null ? null : json(data), null);
    }

    private static String head(String op, String data, String args) throws Exception {
        return ReplyText.head(CompiledDescriptions.of(op).orElseThrow(), json(data), json(args));
    }

    @Test
    void theListingAndTheDialogReadAsTheProbesOwnLines() throws Exception {
        String items = "[{'identifier':'main','role':'window','label':'HVM','frame':[0,0,9,9]},"
                + "{'identifier':'detail.button.start','role':'button','label':'Start','parent':'main','enabled':false,'frame':[1,2,3,4]}]";
        String lines = Listing.text("window", json(items), null, Integer.MAX_VALUE);
        assertEquals(lines, head(Ops.LIST, "{'scope':'window','items':" + items + "}"), "gui list shows the lines the probe writes");
        assertEquals(lines + "\n+3 more not shown (maxItems)", head(Ops.LIST, "{'scope':'window','items':" + items + ",'more':3}"));
        assertEquals("already lines", head(Ops.LIST, "{'scope':'window','count':1,'text':'already lines'}"));
        assertEquals("no items in scope sidebar", head(Ops.LIST, "{'scope':'sidebar','items':[]}"));
        assertEquals("no items in scope \"odd scope\"", head(Ops.LIST, "{'scope':'odd scope','items':[]}"));
        assertEquals("no items in scope window", head(Ops.LIST, null));
        assertEquals("createVM \"Create VM\" (modal)\n  input dialog.createVM.input.name \"Name\"  focused",
                head(Ops.DIALOG_CURRENT, "{'name':'createVM','title':'Create VM','modal':true,'controls':["
                        + "{'identifier':'dialog.createVM.input.name','role':'input','label':'Name','focused':true}]}"));
        assertEquals("no dialog open", head(Ops.DIALOG_CURRENT, "{'name':null,'title':null,'modal':false,'controls':[]}"));
        assertEquals("no dialog open", head(Ops.DIALOG_CURRENT, null));
        assertEquals("about \"About HVM\" (not modal, not focused)",
                head(Ops.DIALOG_CURRENT, "{'name':'about','title':'About HVM','modal':false,'focused':false}"));
    }

    @Test
    void anAuditSaysEachProblemThenSumsThemUp() throws Exception {
        assertEquals("audit: nothing to fix (1 control checked)", head(Ops.AUDIT, "{'problems':[],'checked':1}"));
        assertEquals("audit: nothing to fix", head(Ops.AUDIT, "{'problems':[]}"));
        assertEquals("problem: button x\naudit: 1 problem: 1 problem", head(Ops.AUDIT, "{'problems':[{'identifier':'x','role':'button'}]}"));
        // Said of what each control has: none at all, or only the identifier the probe derived.
        assertEquals("no identifier: button (no identifier) \"A\"  at [1,2,3,4]  window=main\n"
                + "derived identifier only: button w.button.b \"B\"\n"
                + "derived identifier only: button w.button.c \"C\"\n"
                + "audit: 3 problems: 1 no identifier, 2 derived identifier only (the ops reach those 2 by the identifier the probe"
                + " derived; the app names none of them)",
                head(Ops.AUDIT, "{'problems':[{'identifier':null,'role':'button','label':'A','problem':'no identifier',"
                        + "'frame':[1,2,3,4],'window':'main'},"
                        + "{'identifier':'w.button.b','role':'button','label':'B','derived':true,'problem':'derived identifier only'},"
                        + "{'identifier':'w.button.c','role':'button','label':'C','derived':true,'problem':'derived identifier only'}],"
                        + "'derived':2}"));
        assertEquals("derived identifier only: button w.button.b \"B\"\naudit: 1 problem: 1 derived identifier only (the ops reach"
                + " that one by the identifier the probe derived; the app does not name it)",
                head(Ops.AUDIT, "{'problems':[{'identifier':'w.button.b','role':'button','label':'B','problem':'derived identifier only'}]}"));
        OpDescription audit = CompiledDescriptions.of(Ops.AUDIT).orElseThrow();
        assertEquals(true, ReplyText.findings(audit, json("{'problems':[{'identifier':'x'}]}")));
        assertEquals(false, ReplyText.findings(audit, json("{'problems':[]}")));
    }

    @Test
    void actionsSayWhatTheyDidAndWhereTheRequestTellsWhatTheReplyLeavesOut() throws Exception {
        assertEquals("clicked a.b.c at [5,6]", head(Ops.CLICK, "{'identifier':'a.b.c','clicked':[5,6],'button':'left','count':1}"));
        assertEquals("double-clicked a.b.c with the middle button", head(Ops.CLICK, "{'identifier':'a.b.c','button':'middle','count':2}"));
        assertEquals("clicked a.b", head(Ops.CLICK, "{'clicked':[5,6],'effects':{}}", "{'identifier':'a.b'}"),
                "the point is left out when a receipt follows: it says more");
        assertEquals("typed 1 character into a.b.c", head(Ops.TYPE, "{'identifier':'a.b.c','typed':1}"));
        assertEquals("typed 0 characters into the focused control", head(Ops.TYPE, "{'typed':0}"));
        String typed = head(Ops.TYPE, "{}", "{'identifier':'a.b','text':'s3cret'}");
        assertEquals("typed 6 characters into a.b", typed, "how many, never what");
        assertFalse(typed.contains("s3cret"));
        assertEquals("selected \"Fedora Linux\" in c (c.row.fedora, index 2)",
                head(Ops.SELECT, "{'identifier':'c','selected':'c.row.fedora','label':'Fedora Linux','index':2}"));
        assertEquals("selected t.tab.0 in t (index 0)", head(Ops.SELECT, "{'identifier':'t','selected':'t.tab.0','label':null,'index':0}"));
        assertEquals("hovering over b at [1,2]", head(Ops.HOVER, "{'identifier':'b','at':[1,2],'tooltip':null}"));
        assertEquals("scrolled l 1 notch down, 3 notches right", head(Ops.SCROLL, "{'identifier':'l','dy':1,'dx':3}"));
        assertEquals("scrolled l 2 notches up", head(Ops.SCROLL, "{'identifier':'l','dy':-2,'dx':0}"));
        assertEquals("scrolled l 1 notch left at [3,4]", head(Ops.SCROLL, "{'identifier':'l','dx':-1,'at':[3,4]}"));
        assertEquals("pressed ctrl+alt+delete", head(Ops.KEYPRESS, "{'key':'delete','modifiers':['ctrl','alt'],'target':null}"));
        assertEquals("pressed return on a.b", head(Ops.KEYPRESS, "{'key':'return','modifiers':[],'target':{'identifier':'a.b'}}"));
        assertEquals("pressed tab on a.c", head(Ops.KEYPRESS, "{'key':'tab'}", "{'identifier':'a.c'}"));
    }

    @Test
    void aWaitSaysWhatHeld() throws Exception {
        assertEquals("dialog createVM is open (waited 120 ms)", head(Ops.WAIT, "{'state':'open','waitedMillis':120}", "{'dialog':'createVM'}"));
        assertEquals("detail.label.state is \"Running\" (waited 1200 ms)",
                head(Ops.WAIT, "{'value':'Running','waitedMillis':1200}", "{'identifier':'detail.label.state'}"));
        assertEquals("the GUI is idle (waited 63 ms)", head(Ops.WAIT, "{'state':'idle','waitedMillis':63}", "{}"));
        assertEquals("a.b is showing (waited 5 ms)", head(Ops.WAIT, "{'state':'showing','waitedMillis':5}", "{'identifier':'a.b','state':'showing'}"));
    }

    @Test
    void aScreenshotSaysItsSizeOrItsMarks() throws Exception {
        assertEquals("a 64x40 image", head(Ops.SCREENSHOT, "{'width':64,'height':40,'png_base64':'x'}"));
        assertEquals("no control shows in it, so nothing is marked", head(Ops.SCREENSHOT, "{'width':64,'height':40,'marks':[]}"));
        assertEquals("2 marks (number, identifier, role, label):\n1  a.button.ok  button  \"OK\"\n2  (no identifier)  label",
                head(Ops.SCREENSHOT, "{'width':64,'height':40,'marks':[{'number':1,'identifier':'a.button.ok','role':'button','label':'OK'},"
                        + "{'number':2,'identifier':null,'role':'label','label':''}]}"));
    }

    @Test
    void aHoverThatShowedATooltipSaysNoOtherChange() throws Exception {
        OpDescription hover = CompiledDescriptions.of(Ops.HOVER).orElseThrow();
        assertEquals("hovering over a.b; tooltip \"Start it\" \u2192 no other change".replace(" \u2192 ", arrow()),
                ReplyText.say(hover, json("{'at':[1,2],'tooltip':'Start it','effects':{}}"), json("{'identifier':'a.b'}")));
        assertEquals("hovering over a.b" + arrow() + "no visible change",
                ReplyText.say(hover, json("{'at':[1,2],'effects':{}}"), json("{'identifier':'a.b'}")));
    }

    @Test
    void aDragSaysWhatItMovedFromItsOwnDescription() throws Exception {
        // gui.drag came in its own bundle with its wording in its description: nothing here knows it.
        assertEquals("dragged a.slider.volume by 40, 0: its value went from 20 to 60",
                head("gui.drag", "{'identifier':'a.slider.volume','dragged':{'what':'value','before':20,'after':60,'changed':true}}",
                        "{'identifier':'a.slider.volume','dx':40,'dy':0}"));
        assertEquals("dragged a.table.t.column.0 to a.table.t.column.2: its columns went from Name, Age, City to Age, City, Name",
                head("gui.drag", "{'dragged':{'what':'columns','before':['Name','Age','City'],'after':['Age','City','Name'],'changed':true}}",
                        "{'identifier':'a.table.t.column.0','to':'a.table.t.column.2'}"));
        assertEquals("dragged a.split by 0, 0: its divider stayed 120",
                head("gui.drag", "{'dragged':{'what':'divider','before':120,'after':120,'changed':false}}", "{'identifier':'a.split','dx':0,'dy':0}"));
        assertEquals("dragged a.list.l.row.x to b.list.m with the real pointer: nothing was dropped",
                head("gui.drag", "{'input':'robot','transfer':true,'dropped':false}", "{'identifier':'a.list.l.row.x','to':'b.list.m'}"));
        assertEquals("dragged a.canvas by 5, 5", head("gui.drag", "{'input':'posted'}", "{'identifier':'a.canvas','dx':5,'dy':5}"));
    }

    @Test
    void everyOpSaysSomethingOfAnyReply() throws Exception {
        for (OpDescription d : CompiledDescriptions.all()) {
            // Whatever a probe sends (nothing, a bare value), every op says something rather than fail.
            for (JsonNode data : new JsonNode[] {null, json("null"), json("3"), json("{}"), json("{'effects':{}}")}) {
                assertFalse(ReplyText.say(d, data, null).isEmpty(), d.op() + " " + data);
            }
        }
    }

    private static String arrow() {
        return java.nio.charset.Charset.defaultCharset().newEncoder().canEncode('\u2192') ? " \u2192 " : " -> ";
    }
}
