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
class PhrasesTest {

    private static JsonNode json(String s) throws Exception {
        return Wire.mapper().readTree(s.replace('\'', '"'));
    }

    @Test
    void textIsQuotedEscapedAndCut() {
        assertEquals("\"say \\\"hi\\\"\\n\\tback\\\\slash \\u0007\"", Phrases.quote("say \"hi\"\n\tback\\slash \u0007"));
        String longText = "x".repeat(Phrases.MAX_TEXT + 10);
        assertEquals("\"" + "x".repeat(Phrases.MAX_TEXT) + "...\"", Phrases.quote(longText));
        assertEquals("createVM", Phrases.bare("createVM"));
        assertEquals("\"Create VM\"", Phrases.bare("Create VM"));
        assertEquals("\"\"", Phrases.bare(""));
    }

    @Test
    void receipts() throws Exception {
        String a = Phrases.ARROW;
        assertEquals(a + "closed createVM; a.label.state value=\"Running\"; a.toggle.x value=true; a.button.ok disabled; a.row.1 selected;"
                + " +2 more changes\n  disappeared dialog.createVM and its 1 control; 7 more left out by the probe",
                Phrases.receipt(json("{'settled':true,'effects':{'opened':[],'closed':['createVM'],'focus':{'before':'x','after':'x'},"
                        + "'changed':[{'identifier':'a.label.state','field':'value','before':'Stopped','after':'Running'},"
                        + "{'identifier':'a.toggle.x','field':'value','before':false,'after':true},"
                        + "{'identifier':'a.button.ok','field':'enabled','before':true,'after':false},"
                        + "{'identifier':'a.row.1','field':'selected','before':false,'after':true},"
                        + "{'identifier':'a.input.pw','field':'length','before':0,'after':8},"
                        + "{'identifier':'a.menu.quit','field':'showing','before':false,'after':true}],"
                        + "'appeared':[],'disappeared':['dialog.createVM','dialog.createVM.input.name'],'truncated':7}}")));
        assertEquals(a + "a.row.1 selected; a.input.pw length=8; a.menu.quit showing; a.l label=\"x\"",
                Phrases.receipt(json("{'effects':{'changed':["
                        + "{'identifier':'a.row.1','field':'selected','before':false,'after':true},"
                        + "{'identifier':'a.input.pw','field':'length','before':0,'after':8},"
                        + "{'identifier':'a.menu.quit','field':'showing','before':false,'after':true},"
                        + "{'identifier':'a.l','field':'label','before':'y','after':'x'}]}}")));
        assertEquals(a + "no visible change (the GUI had not settled after 100 ms)",
                Phrases.receipt(json("{'settled':false,'effects':{'opened':[],'changed':[],'events':[],'settledMillis':100}}")));
        assertEquals(a + "no change to a control's fields\n  events list.refreshed vmCount=1, vm.state",
                Phrases.receipt(json("{'effects':{'events':[{'event':'list.refreshed','vmCount':1,'seq':4},{'event':'vm.state','seq':5}]}}")));
        assertEquals(a + "focus left a.input.name", Phrases.receipt(json("{'effects':{'focus':{'before':'a.input.name','after':null}}}")));
        assertEquals("", Phrases.receipt(json("{'identifier':'a'}")), "no receipt, nothing to add");
        assertEquals(" (the GUI had not settled)", Phrases.receipt(json("{'settled':false}")));
    }

    @Test
    void receiptsSayWhatOpenedAndThatTheEventThreadWasBusy() throws Exception {
        String a = Phrases.ARROW;
        // A menu of the menu bar: opened with its item count; its items' showing is what that says.
        assertEquals(a + "opened menu menu.file (4 items)",
                Phrases.receipt(json("{'settled':true,'effects':{'opened':[],'closed':[],'menus':{'opened':[{'menu':'menu.file','items':4}],'closed':[]},"
                        + "'focus':{'before':null,'after':null},'changed':[{'identifier':'menu.file.new','field':'showing','before':false,'after':true},"
                        + "{'identifier':'menu.file.open','field':'showing','before':false,'after':true}],'appeared':[],'disappeared':[],'settledMillis':9}}")));
        // A submenu, and a menu closed by the click on its item.
        assertEquals(a + "opened menus menu.file (4 items), menu.file.recent (1 item); closed menu menu.edit",
                Phrases.receipt(json("{'effects':{'menus':{'opened':[{'menu':'menu.file','items':4},{'menu':'menu.file.recent','items':1}],"
                        + "'closed':[{'menu':'menu.edit','items':6}]},'changed':[]}}")));
        // A context menu, named by the control it opened on; its items appeared.
        assertEquals(a + "opened the context menu of t.panel.area (3 items)\n  appeared t.popup.cut, t.popup.copy, t.popup.paste",
                Phrases.receipt(json("{'effects':{'menus':{'opened':[{'menu':null,'on':'t.panel.area','items':3}],'closed':[]},'changed':[],"
                        + "'appeared':['t.popup.cut','t.popup.copy','t.popup.paste']}}")));
        // A window made but not showing yet when the wait for it ended.
        assertEquals(a + "still opening later",
                Phrases.receipt(json("{'settled':false,'effects':{'opened':[],'opening':[{'name':'later','title':'Later'}],'changed':[],'settledMillis':2003}}")));
        assertEquals(a + "still opening \"Save As\"",
                Phrases.receipt(json("{'settled':false,'effects':{'opening':[{'name':null,'title':'Save As'}],'changed':[]}}")));
        // A busy event thread: what changed, and one line that says so; the watchdog's stack stays in the data.
        String stalled = "{'event':'edt.stalled','millis':1003,'edtStack':['java.lang.Thread.sleep(Native Method)','a.B.c(B.java:1)'],"
                + "'edtState':'TIMED_WAITING','seq':3},{'event':'edt.recovered','millis':1512,'seq':4}";
        String busy = Phrases.receipt(json("{'settled':false,'effects':{'opened':[],'closed':[],'focus':{'before':'t.button.add','after':'t.button.add'},"
                + "'changed':[],'appeared':['t.list.row.0','t.input.editor'],'disappeared':[],'events':[" + stalled + "],"
                + "'settledMillis':1530,'busyMillis':1512}}"));
        assertEquals(a + "no change to a control's fields\n  appeared t.list.row.0, t.input.editor\n  the event thread was busy for 1512 ms", busy);
        assertFalse(busy.contains("Thread.sleep") || busy.contains("edt.stalled"), busy);
        // The probe's receipt without a last look: the thread stayed busy.
        assertEquals(a + "the event thread was still busy after 2050 ms: the GUI was not looked at again",
                Phrases.receipt(json("{'settled':false,'effects':{'events':[" + stalled + "],'settledMillis':2050,'busyMillis':2050}}")));
        // For a model, in one line.
        assertEquals("appeared t.list.row.0; the event thread was busy for 700 ms",
                ReceiptText.of(json("{'settled':false,'effects':{'changed':[],'appeared':['t.list.row.0'],'settledMillis':800,'busyMillis':700}}"), 4,
                        java.util.Set.of()).line());
    }

    @Test
    void eventLines() throws Exception {
        assertEquals("dialog.opened createVM \"Create VM\" vmId=4f2a",
                Phrases.event(json("{'event':'dialog.opened','name':'createVM','title':'Create VM','vmId':'4f2a','seq':7,'ts':1764612345678}")));
        assertEquals("dialog.closed createVM", Phrases.event(json("{'event':'dialog.closed','name':'createVM','seq':8,'ts':1}")));
        assertEquals("list.refreshed vmCount=3", Phrases.event(json("{'event':'list.refreshed','vmCount':3}")));
        assertEquals("vm.state \"my vm\" vmId=4f2a state=running",
                Phrases.event(json("{'event':'vm.state','vmId':'4f2a','name':'my vm','state':'running'}")));
        assertEquals("error message=\"disk full\" source=edt detail={\"a\":[1]} none=null",
                Phrases.event(json("{'event':'error','message':'disk full','source':'edt','detail':{'a':[1]},'none':null}")));
        assertEquals("events.lost count=12", Phrases.event(json("{'event':'events.lost','count':12}")));
        ObjectNode odd = Wire.object();
        assertEquals("event", Phrases.event(odd));
    }

    @Test
    void errors() throws Exception {
        assertEquals("gui.not_clickable: it is disabled", Phrases.error("gui.not_clickable", "it is disabled", null));
        assertEquals("gui.identifier_not_found: no view with id 'detail.button.strat' (nearest: detail.button.start, detail.button.stop)",
                Phrases.error("gui.identifier_not_found", "no view with id 'detail.button.strat'",
                        json("{'nearest':['detail.button.start','detail.button.stop']}")));
        assertEquals("gui.identifier_not_found: no showing view with identifier 'x'; nearest: y",
                Phrases.error("gui.identifier_not_found", "no showing view with identifier 'x'; nearest: y",
                        json("{'nearest':['y','z']}")), "the message names the nearest already");
        assertEquals("gui.invalid_args: unknown argument 'scop' for gui.list; did you mean 'scope'? accepted: scope",
                Phrases.error("gui.invalid_args", "unknown argument 'scop' for gui.list; did you mean 'scope'? accepted: scope",
                        json("{'unknown':['scop'],'accepted':['scope'],'nearest':['scope']}")), "so does a 'did you mean'");
        assertEquals("gui.identifier_ambiguous: 2 showing views share the identifier 'b'\n"
                + "  button b \"OK\"  at [1,2,3,4]  window=main\n"
                + "  button b \"OK\"  at [5,6,7,8]  window=dialog.x",
                Phrases.error("gui.identifier_ambiguous", "2 showing views share the identifier 'b'",
                        json("{'candidates':[{'identifier':'b','role':'button','label':'OK','frame':[1,2,3,4],'window':'main'},"
                                + "{'identifier':'b','role':'button','label':'OK','frame':[5,6,7,8],'window':'dialog.x'}],'nearest':[]}")));
    }

    @Test
    void hello() throws Exception {
        assertEquals("protocol 1\nserver hdp-gui 0.1.0\nops (2):\n  gui.click\n  gui.list",
                Phrases.hello(json("{'protocol':1,'server':{'name':'hdp-gui','version':'0.1.0'},'ops':['gui.click','gui.list']}")));
    }

    @Test
    void anOpWithoutWordingOfItsOwnGetsAPlainGenericForm() throws Exception {
        assertEquals("demo.echo: done", Phrases.generic("demo.echo", null));
        assertEquals("demo.echo: done", Phrases.generic("demo.echo", Wire.object()));
        assertEquals("text hihi", Phrases.generic("demo.echo", Wire.mapper().readTree("{\"text\":\"hihi\"}")));
        assertEquals("text \"two words\"\ntimes 2\nnames a, b\nmore {\"x\":[1]}", Phrases.generic("demo.echo",
                Wire.mapper().readTree("{\"text\":\"two words\",\"times\":2,\"names\":[\"a\",\"b\"],\"more\":{\"x\":[1]}}")));
        assertEquals("3", Phrases.generic("demo.count", Wire.mapper().readTree("3")));
        assertEquals("demo.act: done" + Phrases.ARROW + "no visible change",
                Phrases.generic("demo.act", Wire.mapper().readTree("{\"effects\":{},\"settled\":true}")));
    }
}
