package probe.client.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import probe.api.OpDescription;
import probe.api.wire.Wire;
import org.junit.jupiter.api.Test;

/** An op's reply worded by the form its description names: the same words in every front end. */
class ReplyTextTest {

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
        assertEquals("echo: hihi (2 times)", ReplyText.say(d, json("{'text':'hihi'}"), json("{'text':'hi','times':2}")));
        assertEquals("echo: \"two words\"", ReplyText.say(d, json("{'text':'two words'}"), json("{}")),
                "a part whose field has no value is left out; a text of several words is quoted, as every line quotes it");
        assertEquals("echo: ?", ReplyText.say(d, json("{}"), null), "a field outside [...] without a value");
        assertEquals("echo: hi by ann", ReplyText.say(d, json("{'who':'ann'}"), json("{'text':'hi'}")));
    }

    @Test
    void aSecretOfTheRequestIsNeverWorded() throws Exception {
        OpDescription d = described("{'op':'demo.login','says':'logged in as {user}[ with {password}]',"
                + "'args':[{'name':'user'},{'name':'password','secret':true}]}");
        String said = ReplyText.say(d, json("{}"), json("{'user':'ann','password':'pa55'}"));
        assertEquals("logged in as ann", said);
        assertFalse(said.contains("pa55"));
    }

    @Test
    void withoutWordsOfItsOwnEachFieldIsALine() throws Exception {
        OpDescription d = described("{'op':'demo.windows'}");
        assertEquals("windows 2\nnames a, b", ReplyText.say(d, json("{'windows':2,'names':['a','b']}"), null));
        assertEquals("demo.windows: done", ReplyText.say(d, null, null));
    }

    @Test
    void aReceiptFollowsTheSentenceOfAnOpThatGivesOne() throws Exception {
        String a = Phrases.ARROW;
        OpDescription click = described("{'op':'x.click','receipt':true,'reply':{'says':'clicked {identifier}[ at {clicked|point}{@effects|no}]'},"
                + "'args':[{'name':'identifier'}]}");
        assertEquals("clicked toolbar.button.createVM" + a + "opened createVM; focus dialog.createVM.input.name",
                ReplyText.say(click, json("{'identifier':'toolbar.button.createVM','clicked':[5,6],'button':'left','count':1,"
                        + "'settled':true,'effects':{'opened':['createVM'],'closed':[],'focus':{'before':'toolbar.button.createVM',"
                        + "'after':'dialog.createVM.input.name'},'changed':[],'appeared':[],'disappeared':[],'settledMillis':3}}"), null));
        assertEquals("clicked a.b at [5,6]", ReplyText.say(click, json("{'identifier':'a.b','clicked':[5,6],'count':1}"), null),
                "no receipt: the line as before");
        assertEquals("clicked a.b at [5,6] (the GUI had not settled)",
                ReplyText.say(click, json("{'identifier':'a.b','clicked':[5,6],'count':1,'settled':false}"), null));
        OpDescription quiet = described("{'op':'x.hover','receipt':true,'reply':{'says':'hovering[; tooltip {tooltip|quote}]',"
                + "'quiet':['no other change{tooltip|hide}','nothing new']}}");
        assertEquals("hovering; tooltip \"Hi\"" + a + "no other change", ReplyText.say(quiet, json("{'tooltip':'Hi','effects':{}}"), null));
        assertEquals("hovering" + a + "nothing new", ReplyText.say(quiet, json("{'effects':{}}"), null), "the first quiet sentence that fills");
    }

    @Test
    void entriesAreALineEachThenASentenceSumsThemUp() throws Exception {
        OpDescription found = described("{'op':'x.find','reply':{'says':'found in {where}','of':'rows','each':['{n}. {text|quote}','{n}.'],"
                + "'then':['{rows|count:row}','nothing']},'args':[{'name':'where'}]}");
        assertEquals("found in t\n1. \"a b\"\n2.\n2 rows", ReplyText.say(found, json("{'rows':[{'n':1,'text':'a b'},{'n':2}]}"),
                json("{'where':'t'}")));
        assertEquals("found in t\nnothing", ReplyText.say(found, json("{'rows':[]}"), json("{'where':'t'}")));
        OpDescription controls = described("{'op':'x.panel','reply':{'says':['panel {name}','no panel'],'shows':'controls','of':'controls'}}");
        assertEquals("panel p\n  button p.button.ok \"OK\"", ReplyText.say(controls,
                json("{'name':'p','controls':[{'identifier':'p.button.ok','role':'button','label':'OK'}]}"), null),
                "controls under the sentence, as gui.list's lines");
        assertEquals("no panel", ReplyText.say(controls, json("{}"), null));
    }

    @Test
    void whateverTheReplyEveryFormSaysSomething() throws Exception {
        for (OpDescription.Shows shows : OpDescription.Shows.values()) {
            String of = shows == OpDescription.Shows.CONTROLS ? ",'of':'items'" : "";
            OpDescription any = described("{'op':'x.any','reply':{'shows':'" + shows.wire() + "'" + of + "},'receipt':true,'args':[]}");
            for (JsonNode data : new JsonNode[] {null, json("null"), json("3"), json("{}")}) {
                assertFalse(ReplyText.say(any, data, null).isEmpty(), shows + " " + data);
            }
        }
    }
}
