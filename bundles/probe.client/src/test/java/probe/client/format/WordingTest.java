package probe.client.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import probe.api.OpDescription;
import probe.api.wire.Wire;
import org.junit.jupiter.api.Test;

/** An op's reply worded by the form its description names: the same words in every front end. */
class WordingTest {

    private static JsonNode json(String s) throws Exception {
        return Wire.mapper().readTree(s.replace('\'', '"'));
    }

    private static OpDescription described(String s) throws Exception {
        return OpDescription.of(json(s));
    }

    @Test
    void aSentenceFillsItsFieldsFromTheReplyThenTheRequest() throws Exception {
        OpDescription d = described("{'op':'demo.echo','says':'echo: {text}[ ({times} times)][ by {who}]',"
                + "'args':[{'name':'text'},{'name':'times','type':'integer'}]}");
        assertEquals("echo: hihi (2 times)", Wording.say(d, json("{'text':'hihi'}"), json("{'text':'hi','times':2}")));
        assertEquals("echo: \"two words\"", Wording.say(d, json("{'text':'two words'}"), json("{}")),
                "a part whose field has no value is left out; a text of several words is quoted, as every line quotes it");
        assertEquals("echo: ?", Wording.say(d, json("{}"), null), "a field outside [...] without a value");
        assertEquals("echo: hi by ann", Wording.say(d, json("{'who':'ann'}"), json("{'text':'hi'}")));
    }

    @Test
    void aSecretOfTheRequestIsNeverWorded() throws Exception {
        OpDescription d = described("{'op':'demo.login','says':'logged in as {user}[ with {password}]',"
                + "'args':[{'name':'user'},{'name':'password','secret':true}]}");
        String said = Wording.say(d, json("{}"), json("{'user':'ann','password':'pa55'}"));
        assertEquals("logged in as ann", said);
        assertFalse(said.contains("pa55"));
    }

    @Test
    void withoutWordsOfItsOwnEachFieldIsALine() throws Exception {
        OpDescription d = described("{'op':'demo.windows'}");
        assertEquals("windows 2\nnames a, b", Wording.say(d, json("{'windows':2,'names':['a','b']}"), null));
        assertEquals("demo.windows: done", Wording.say(d, null, null));
    }

    @Test
    void aClickSaysWhereItLandedOnlyWithoutAReceipt() throws Exception {
        String a = Readable.ARROW;
        OpDescription click = described("{'op':'x.click','reply':'clicked','receipt':true,'args':[{'name':'identifier'}]}");
        assertEquals("clicked toolbar.button.createVM" + a + "opened createVM; focus dialog.createVM.input.name",
                Wording.say(click, json("{'identifier':'toolbar.button.createVM','clicked':[5,6],'button':'left','count':1,"
                        + "'settled':true,'effects':{'opened':['createVM'],'closed':[],'focus':{'before':'toolbar.button.createVM',"
                        + "'after':'dialog.createVM.input.name'},'changed':[],'appeared':[],'disappeared':[],'settledMillis':3}}"), null));
        assertEquals("clicked a.b at [5,6]", Wording.say(click, json("{'identifier':'a.b','clicked':[5,6],'count':1}"), null),
                "no receipt: the line as before");
        assertEquals("clicked a.b at [5,6] (the GUI had not settled)",
                Wording.say(click, json("{'identifier':'a.b','clicked':[5,6],'count':1,'settled':false}"), null));
    }

    @Test
    void theContractsFormsTakeWhatTheReplyLeavesOutFromTheRequest() throws Exception {
        OpDescription type = described("{'op':'x.type','reply':'typed','receipt':true,"
                + "'args':[{'name':'identifier'},{'name':'text','secret':true}]}");
        String typed = Wording.say(type, json("{'effects':{'opened':[],'closed':[],'changed':[]}}"),
                json("{'identifier':'a.b','text':'s3cret'}"));
        assertEquals("typed 6 characters into a.b" + Readable.ARROW + "no visible change", typed, "how many, never what");
        OpDescription wait = described("{'op':'x.wait','reply':'waited','waitArg':'ms',"
                + "'args':[{'name':'dialog'},{'name':'state'},{'name':'ms','type':'integer'}]}");
        assertEquals("dialog createVM is open (waited 120 ms)",
                Wording.say(wait, json("{'waitedMillis':120}"), json("{'dialog':'createVM','state':'open'}")));
        OpDescription hover = described("{'op':'x.hover','reply':'hovered','receipt':true,'args':[{'name':'identifier'}]}");
        assertEquals("hovering over a.b; tooltip \"Start it\"" + Readable.ARROW + "no other change",
                Wording.say(hover, json("{'at':[1,2],'tooltip':'Start it','effects':{}}"), json("{'identifier':'a.b'}")),
                "the point is left out when a receipt follows; the tooltip is no news to the receipt");
        assertEquals("hovering over a.b at [1,2]", Wording.head(hover, json("{'at':[1,2]}"), json("{'identifier':'a.b'}")));
        OpDescription image = described("{'op':'x.shot','reply':'image'}");
        assertEquals("a 64x40 image", Wording.say(image, json("{'width':64,'height':40,'png_base64':'x'}"), null));
        for (OpDescription.Reply form : OpDescription.Reply.values()) {
            // Whatever a probe sends (nothing, a bare value), every form says something rather than fail.
            OpDescription any = described("{'op':'x.any','reply':'" + form.wire() + "'" + (form == OpDescription.Reply.SENTENCE
                    ? ",'says':'{a}'" : "") + ",'receipt':true,'args':[]}");
            for (JsonNode data : new JsonNode[] {null, json("null"), json("3"), json("{}")}) {
                assertFalse(Wording.say(any, data, null).isEmpty(), form + " " + data);
            }
        }
        OpDescription audit = described("{'op':'x.audit','reply':'audit'}");
        assertEquals("audit: nothing to fix (7 controls checked)", Wording.say(audit, json("{'problems':[],'checked':7}"), null));
    }
}
