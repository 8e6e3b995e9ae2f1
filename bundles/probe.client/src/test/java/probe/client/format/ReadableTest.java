package probe.client.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import probe.api.text.Listing;
import probe.api.wire.Wire;

/** The readable lines, field by field, and what happens with odd data. */
class ReadableTest {

    private static JsonNode json(String s) throws Exception {
        return Wire.mapper().readTree(s.replace('\'', '"'));
    }

    @Test
    void aControlReadsAsTheProbesOwnLinesSayIt() throws Exception {
        String items = "[{'identifier':'main','role':'window','label':'HVM','frame':[0,0,9,9]},"
                + "{'identifier':'detail.button.start','role':'button','label':'Start','parent':'main','enabled':false,'frame':[1,2,3,4]}]";
        String lines = Listing.text("window", json(items), null, Integer.MAX_VALUE);
        assertEquals("window main \"HVM\"\n  button detail.button.start \"Start\"  disabled", lines, "no frames: one acts by identifier");
        assertEquals(lines, Readable.list(json("{'scope':'window','items':" + items + "}")), "gui list shows the lines the probe writes");
        assertEquals(lines + "\n+3 more not shown (maxItems)", Readable.list(json("{'scope':'window','items':" + items + ",'more':3}")));
        assertEquals("createVM \"Create VM\" (modal)\n  input dialog.createVM.input.name \"Name\"  focused",
                Readable.dialog(json("{'name':'createVM','title':'Create VM','modal':true,'controls':["
                        + "{'identifier':'dialog.createVM.input.name','role':'input','label':'Name','focused':true}]}")));
    }

    @Test
    void textIsQuotedEscapedAndCut() {
        assertEquals("\"say \\\"hi\\\"\\n\\tback\\\\slash \\u0007\"", Readable.quote("say \"hi\"\n\tback\\slash \u0007"));
        String longText = "x".repeat(Readable.MAX_TEXT + 10);
        assertEquals("\"" + "x".repeat(Readable.MAX_TEXT) + "...\"", Readable.quote(longText));
        assertEquals("createVM", Readable.bare("createVM"));
        assertEquals("\"Create VM\"", Readable.bare("Create VM"));
        assertEquals("\"\"", Readable.bare(""));
    }

    @Test
    void listDialogAndAuditOfNothing() throws Exception {
        assertEquals("no items in scope sidebar", Readable.list(json("{'scope':'sidebar','items':[]}")));
        assertEquals("no items in scope \"odd scope\"", Readable.list(json("{'scope':'odd scope','items':[]}")));
        assertEquals("no items in scope window", Readable.list(null));
        assertEquals("no dialog open", Readable.dialog(json("{'name':null,'title':null,'modal':false,'controls':[]}")));
        assertEquals("no dialog open", Readable.dialog(null));
        assertEquals("about \"About HVM\" (not modal, not focused)", Readable.dialog(json("{'name':'about','title':'About HVM','modal':false,'focused':false}")));
        assertEquals("audit: nothing to fix (1 control checked)", Readable.audit(json("{'problems':[]}"), 1));
        assertEquals("audit: nothing to fix", Readable.audit(json("{'problems':[]}"), -1));
        assertEquals("problem: button x\naudit: 1 problem: 1 problem", Readable.audit(json("{'problems':[{'identifier':'x','role':'button'}]}"), -1));
        // Said of what each control has: none at all, or only the identifier the probe derived.
        assertEquals("no identifier: button (no identifier) \"A\"\n"
                + "derived identifier only: button w.button.b \"B\"\n"
                + "derived identifier only: button w.button.c \"C\"\n"
                + "audit: 3 problems: 1 no identifier, 2 derived identifier only (the ops reach those 2 by the identifier the probe"
                + " derived; the app names none of them)",
                Readable.audit(json("{'problems':[{'identifier':null,'role':'button','label':'A','problem':'no identifier'},"
                        + "{'identifier':'w.button.b','role':'button','label':'B','derived':true,'problem':'derived identifier only'},"
                        + "{'identifier':'w.button.c','role':'button','label':'C','derived':true,'problem':'derived identifier only'}],"
                        + "'derived':2}"), -1));
    }

    @Test
    void actionLines() throws Exception {
        assertEquals("clicked a.b.c at [5,6]", Readable.clicked(json("{'identifier':'a.b.c','clicked':[5,6],'button':'left','count':1}")));
        assertEquals("double-clicked a.b.c with the middle button",
                Readable.clicked(json("{'identifier':'a.b.c','button':'middle','count':2}")));
        assertEquals("typed 1 character into a.b.c", Readable.typed(json("{'identifier':'a.b.c','typed':1}")));
        assertEquals("selected \"Fedora Linux\" in c (c.row.fedora, index 2)",
                Readable.selected(json("{'identifier':'c','selected':'c.row.fedora','label':'Fedora Linux','index':2}")));
        assertEquals("selected t.tab.0 in t (index 0)", Readable.selected(json("{'identifier':'t','selected':'t.tab.0','label':null,'index':0}")));
        assertEquals("hovering over b at [1,2]", Readable.hovered(json("{'identifier':'b','at':[1,2],'tooltip':null}")));
        assertEquals("scrolled l 1 notch down, 3 notches right", Readable.scrolled(json("{'identifier':'l','dy':1,'dx':3}")));
        assertEquals("typed 0 characters into the focused control", Readable.typed(json("{'typed':0}")));
        assertEquals("pressed ctrl+alt+delete", Readable.pressed(json("{'key':'delete','modifiers':['ctrl','alt'],'target':null}")));
        assertEquals("pressed return on a.b", Readable.pressed(json("{'key':'return','modifiers':[],'target':{'identifier':'a.b'}}")));
        assertEquals("dialog createVM is open (waited 120 ms)", Readable.waited(json("{'state':'open','waitedMillis':120}"), "dialog createVM"));
    }

    @Test
    void receipts() throws Exception {
        String a = Readable.ARROW;
        assertEquals(a + "closed createVM; a.label.state value=\"Running\"; a.toggle.x value=true; a.button.ok disabled; a.row.1 selected;"
                + " +2 more changes\n  disappeared dialog.createVM and its 1 control; 7 more left out by the probe",
                Readable.receipt(json("{'settled':true,'effects':{'opened':[],'closed':['createVM'],'focus':{'before':'x','after':'x'},"
                        + "'changed':[{'identifier':'a.label.state','field':'value','before':'Stopped','after':'Running'},"
                        + "{'identifier':'a.toggle.x','field':'value','before':false,'after':true},"
                        + "{'identifier':'a.button.ok','field':'enabled','before':true,'after':false},"
                        + "{'identifier':'a.row.1','field':'selected','before':false,'after':true},"
                        + "{'identifier':'a.input.pw','field':'length','before':0,'after':8},"
                        + "{'identifier':'a.menu.quit','field':'showing','before':false,'after':true}],"
                        + "'appeared':[],'disappeared':['dialog.createVM','dialog.createVM.input.name'],'truncated':7}}")));
        assertEquals(a + "a.row.1 selected; a.input.pw length=8; a.menu.quit showing; a.l label=\"x\"",
                Readable.receipt(json("{'effects':{'changed':["
                        + "{'identifier':'a.row.1','field':'selected','before':false,'after':true},"
                        + "{'identifier':'a.input.pw','field':'length','before':0,'after':8},"
                        + "{'identifier':'a.menu.quit','field':'showing','before':false,'after':true},"
                        + "{'identifier':'a.l','field':'label','before':'y','after':'x'}]}}")));
        assertEquals(a + "no visible change (the GUI had not settled after 100 ms)",
                Readable.receipt(json("{'settled':false,'effects':{'opened':[],'changed':[],'events':[],'settledMillis':100}}")));
        assertEquals(a + "no change to a control's fields\n  events list.refreshed vmCount=1, vm.state",
                Readable.receipt(json("{'effects':{'events':[{'event':'list.refreshed','vmCount':1,'seq':4},{'event':'vm.state','seq':5}]}}")));
        assertEquals(a + "focus left a.input.name", Readable.receipt(json("{'effects':{'focus':{'before':'a.input.name','after':null}}}")));
        assertEquals("", Readable.receipt(json("{'identifier':'a'}")), "no receipt, nothing to add");
        assertEquals(" (the GUI had not settled)", Readable.receipt(json("{'settled':false}")));
        assertEquals("detail.label.state is \"Running\" (waited 1200 ms)",
                Readable.waitedValue(json("{'value':'Running','waitedMillis':1200}"), "detail.label.state"));
        assertEquals("the GUI is idle (waited 63 ms)", Readable.waited(json("{'state':'idle','waitedMillis':63}"), "the GUI"));
    }

    @Test
    void receiptsSayWhatOpenedAndThatTheEventThreadWasBusy() throws Exception {
        String a = Readable.ARROW;
        // A menu of the menu bar: opened with its item count; its items' showing is what that says.
        assertEquals(a + "opened menu menu.file (4 items)",
                Readable.receipt(json("{'settled':true,'effects':{'opened':[],'closed':[],'menus':{'opened':[{'menu':'menu.file','items':4}],'closed':[]},"
                        + "'focus':{'before':null,'after':null},'changed':[{'identifier':'menu.file.new','field':'showing','before':false,'after':true},"
                        + "{'identifier':'menu.file.open','field':'showing','before':false,'after':true}],'appeared':[],'disappeared':[],'settledMillis':9}}")));
        // A submenu, and a menu closed by the click on its item.
        assertEquals(a + "opened menus menu.file (4 items), menu.file.recent (1 item); closed menu menu.edit",
                Readable.receipt(json("{'effects':{'menus':{'opened':[{'menu':'menu.file','items':4},{'menu':'menu.file.recent','items':1}],"
                        + "'closed':[{'menu':'menu.edit','items':6}]},'changed':[]}}")));
        // A context menu, named by the control it opened on; its items appeared.
        assertEquals(a + "opened the context menu of t.panel.area (3 items)\n  appeared t.popup.cut, t.popup.copy, t.popup.paste",
                Readable.receipt(json("{'effects':{'menus':{'opened':[{'menu':null,'on':'t.panel.area','items':3}],'closed':[]},'changed':[],"
                        + "'appeared':['t.popup.cut','t.popup.copy','t.popup.paste']}}")));
        // A window made but not showing yet when the wait for it ended.
        assertEquals(a + "still opening later",
                Readable.receipt(json("{'settled':false,'effects':{'opened':[],'opening':[{'name':'later','title':'Later'}],'changed':[],'settledMillis':2003}}")));
        assertEquals(a + "still opening \"Save As\"",
                Readable.receipt(json("{'settled':false,'effects':{'opening':[{'name':null,'title':'Save As'}],'changed':[]}}")));
        // A busy event thread: what changed, and one line that says so; the watchdog's stack stays in the data.
        String stalled = "{'event':'edt.stalled','millis':1003,'edtStack':['java.lang.Thread.sleep(Native Method)','a.B.c(B.java:1)'],"
                + "'edtState':'TIMED_WAITING','seq':3},{'event':'edt.recovered','millis':1512,'seq':4}";
        String busy = Readable.receipt(json("{'settled':false,'effects':{'opened':[],'closed':[],'focus':{'before':'t.button.add','after':'t.button.add'},"
                + "'changed':[],'appeared':['t.list.row.0','t.input.editor'],'disappeared':[],'events':[" + stalled + "],"
                + "'settledMillis':1530,'busyMillis':1512}}"));
        assertEquals(a + "no change to a control's fields\n  appeared t.list.row.0, t.input.editor\n  the event thread was busy for 1512 ms", busy);
        assertFalse(busy.contains("Thread.sleep") || busy.contains("edt.stalled"), busy);
        // The probe's receipt without a last look: the thread stayed busy.
        assertEquals(a + "the event thread was still busy after 2050 ms: the GUI was not looked at again",
                Readable.receipt(json("{'settled':false,'effects':{'events':[" + stalled + "],'settledMillis':2050,'busyMillis':2050}}")));
        // For a model, in one line.
        assertEquals("appeared t.list.row.0; the event thread was busy for 700 ms",
                Receipt.of(json("{'settled':false,'effects':{'changed':[],'appeared':['t.list.row.0'],'settledMillis':800,'busyMillis':700}}"), 4,
                        java.util.Set.of()).line());
    }

    @Test
    void eventLines() throws Exception {
        assertEquals("dialog.opened createVM \"Create VM\" vmId=4f2a",
                Readable.event(json("{'event':'dialog.opened','name':'createVM','title':'Create VM','vmId':'4f2a','seq':7,'ts':1764612345678}")));
        assertEquals("dialog.closed createVM", Readable.event(json("{'event':'dialog.closed','name':'createVM','seq':8,'ts':1}")));
        assertEquals("list.refreshed vmCount=3", Readable.event(json("{'event':'list.refreshed','vmCount':3}")));
        assertEquals("vm.state \"my vm\" vmId=4f2a state=running",
                Readable.event(json("{'event':'vm.state','vmId':'4f2a','name':'my vm','state':'running'}")));
        assertEquals("error message=\"disk full\" source=edt detail={\"a\":[1]} none=null",
                Readable.event(json("{'event':'error','message':'disk full','source':'edt','detail':{'a':[1]},'none':null}")));
        assertEquals("events.lost count=12", Readable.event(json("{'event':'events.lost','count':12}")));
        ObjectNode odd = Wire.object();
        assertEquals("event", Readable.event(odd));
    }

    @Test
    void errors() throws Exception {
        assertEquals("gui.not_clickable: it is disabled", Readable.error("gui.not_clickable", "it is disabled", null));
        assertEquals("gui.identifier_not_found: no view with id 'detail.button.strat' (nearest: detail.button.start, detail.button.stop)",
                Readable.error("gui.identifier_not_found", "no view with id 'detail.button.strat'",
                        json("{'nearest':['detail.button.start','detail.button.stop']}")));
        assertEquals("gui.identifier_not_found: no showing view with identifier 'x'; nearest: y",
                Readable.error("gui.identifier_not_found", "no showing view with identifier 'x'; nearest: y",
                        json("{'nearest':['y','z']}")), "the message names the nearest already");
        assertEquals("gui.invalid_args: unknown argument 'scop' for gui.list; did you mean 'scope'? accepted: scope",
                Readable.error("gui.invalid_args", "unknown argument 'scop' for gui.list; did you mean 'scope'? accepted: scope",
                        json("{'unknown':['scop'],'accepted':['scope'],'nearest':['scope']}")), "so does a 'did you mean'");
        assertEquals("gui.identifier_ambiguous: 2 showing views share the identifier 'b'\n"
                + "  button b \"OK\"  at [1,2,3,4]  window=main\n"
                + "  button b \"OK\"  at [5,6,7,8]  window=dialog.x",
                Readable.error("gui.identifier_ambiguous", "2 showing views share the identifier 'b'",
                        json("{'candidates':[{'identifier':'b','role':'button','label':'OK','frame':[1,2,3,4],'window':'main'},"
                                + "{'identifier':'b','role':'button','label':'OK','frame':[5,6,7,8],'window':'dialog.x'}],'nearest':[]}")));
    }

    @Test
    void hello() throws Exception {
        assertEquals("protocol 1\nserver hdp-gui 0.1.0\nops (2):\n  gui.click\n  gui.list",
                Readable.hello(json("{'protocol':1,'server':{'name':'hdp-gui','version':'0.1.0'},'ops':['gui.click','gui.list']}")));
    }

    @Test
    void anOpWithoutWordingOfItsOwnGetsAPlainGenericForm() throws Exception {
        assertEquals("demo.echo: done", Readable.generic("demo.echo", null));
        assertEquals("demo.echo: done", Readable.generic("demo.echo", Wire.object()));
        assertEquals("text hihi", Readable.generic("demo.echo", Wire.mapper().readTree("{\"text\":\"hihi\"}")));
        assertEquals("text \"two words\"\ntimes 2\nnames a, b\nmore {\"x\":[1]}", Readable.generic("demo.echo",
                Wire.mapper().readTree("{\"text\":\"two words\",\"times\":2,\"names\":[\"a\",\"b\"],\"more\":{\"x\":[1]}}")));
        assertEquals("3", Readable.generic("demo.count", Wire.mapper().readTree("3")));
        assertEquals("demo.act: done" + Readable.ARROW + "no visible change",
                Readable.generic("demo.act", Wire.mapper().readTree("{\"effects\":{},\"settled\":true}")));
    }
}
