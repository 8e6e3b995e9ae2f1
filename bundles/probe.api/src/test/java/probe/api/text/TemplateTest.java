package probe.api.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;

class TemplateTest {
    private static JsonNode json(String s) throws Exception {
        return new com.fasterxml.jackson.databind.ObjectMapper().readTree(s.replace('\'', '"'));
    }

    private static String fill(String template, String data, String asked) throws Exception {
        return Template.parse(template).fill(json(data), json(asked), n -> n.equals("text"));
    }

    private static String fill(String template, String data) throws Exception {
        return fill(template, data, "{}");
    }

    @Test
    void fieldsComeFromTheReplyThenTheRequest() throws Exception {
        assertEquals("clicked a.b", fill("clicked {identifier}", "{'identifier':'a.b'}"));
        assertEquals("clicked a.c", fill("clicked {identifier}", "{}", "{'identifier':'a.c'}"));
        assertEquals("clicked a.b", fill("clicked {identifier}", "{'identifier':'a.b'}", "{'identifier':'a.c'}"), "the reply wins");
        assertNull(fill("clicked {@identifier}", "{}", "{'identifier':'a.c'}"), "{@x} is the reply's only");
        assertEquals("at 3", fill("at {target.x}", "{'target':{'x':3}}"));
        assertNull(fill("clicked {identifier}", "{}"), "a field outside a group with no value fails the sentence");
    }

    @Test
    void aGroupShowsOnlyWhenEveryFieldInItHasAValue() throws Exception {
        assertEquals("2  label", fill("{n}[  {role}][  {label|quote}]", "{'n':2,'role':'label','label':''}"),
                "an empty text has no value, quoted or not");
        assertEquals("2  label  \"OK\"", fill("{n}[  {role}][  {label|quote}]", "{'n':2,'role':'label','label':'OK'}"));
        assertEquals("a b c", fill("a[ b[ {x}] {y}]", "{'y':'c'}"), "groups nest: the inner one goes alone");
        assertEquals("a", fill("a[ b[ {x}] {y}]", "{'x':1}"));
        assertEquals("", fill("[{x}]", "{'x':[]}"), "an empty array has no value");
    }

    @Test
    void aSecretArgumentIsOnlyEverItsLength() throws Exception {
        assertNull(fill("typed {text}", "{}", "{'text':'s3cret'}"));
        assertEquals("typed 6 characters", fill("typed {text|len|count:character}", "{}", "{'text':'s3cret'}"));
    }

    @Test
    void filters() throws Exception {
        assertEquals("\"two words\" two words", fill("{a|quote} {a|text}", "{'a':'two words'}"));
        assertEquals("[1,2,3,4]", fill("{f|point}", "{'f':[1,2,3,4]}"));
        assertEquals("1 mark, 2 marks, 3 boxes", fill("{a|count:mark}, {b|count:mark}, {c|count:box:boxes}", "{'a':[0],'b':2,'c':3}"));
        assertEquals("down 3", fill("{dy|sign:down:up} {dy|abs}", "{'dy':3}"));
        assertEquals("up 3", fill("{dy|sign:down:up} {dy|abs}", "{'dy':-3}"));
        assertNull(fill("{dy|sign:down:up}", "{'dy':0}"));
        assertEquals("ctrl+a", fill("{m|join:+}+{k}", "{'m':['ctrl'],'k':'a'}"));
        assertEquals("open", fill("{s|is:open}", "{'s':'open'}"));
        assertNull(fill("{s|is:open}", "{'s':'closed'}"));
        assertEquals("closed", fill("{s|not:open}", "{'s':'closed'}"));
        assertEquals("twice", fill("{d|true:twice}", "{'d':true}"));
        assertNull(fill("{d|true:twice}", "{'d':false}"));
        assertEquals("once", fill("{d|false:once}", "{'d':false}"));
        assertEquals("none", fill("none{e|empty}", "{'e':[]}"));
        assertNull(fill("none{e|empty}", "{'e':[1]}"));
        assertEquals("no change", fill("no change{e|no}", "{}"));
        assertNull(fill("no change{e|no}", "{'e':['x']}"));
        assertEquals("seen", fill("seen{e|hide}", "{'e':'x'}"));
        assertNull(fill("seen{e|hide}", "{}"));
        assertEquals("2 unnamed, 1 disabled", fill("{p|tally:kind}", "{'p':[{'kind':'unnamed'},{'kind':'disabled'},{'kind':'unnamed'}]}"));
        assertEquals("1 unnamed", fill("{p|where:kind=unnamed|count:unnamed:unnamed}",
                "{'p':[{'kind':'unnamed'},{'kind':'disabled'}]}"));
        assertEquals("button a.b \"OK\"", fill("{.|line}", "{'identifier':'a.b','role':'button','label':'OK'}"));
        assertEquals("a, b", fill("{l}", "{'l':['a','b']}"), "a list of plain values, comma separated");
        assertEquals("{\"k\":1}", fill("{o}", "{'o':{'k':1}}"), "anything else, one line of JSON");
    }

    @Test
    void theFirstThatFillsElseTheLastWithQuestionMarks() throws Exception {
        List<Template> ts = List.of(Template.parse("a {x}"), Template.parse("b {y} {z}"));
        assertEquals("a 1", Template.first(ts, json("{'x':1}"), json("{}"), n -> false));
        assertEquals("b 2 ?", Template.first(ts, json("{'y':2}"), json("{}"), n -> false));
        assertNull(Template.first(List.of(), json("{}"), json("{}"), n -> false));
    }

    @Test
    void aMalformedTemplateSaysWhatIsWrong() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Template.parse("a {b")).getMessage().contains("is not closed"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Template.parse("a [b")).getMessage().contains("'[' is not closed"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Template.parse("a b]")).getMessage().contains("closes no '['"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Template.parse("{}")).getMessage().contains("must name a field"));
        String unknown = assertThrows(IllegalArgumentException.class, () -> Template.parse("{a|shout}")).getMessage();
        assertTrue(unknown.startsWith("unknown filter 'shout' in \"{a|shout}\"; filters are quote, text, point"), unknown);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Template.parse("{a|join}")).getMessage().contains("join:SEP"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Template.parse("{a|where:x}")).getMessage().contains("FIELD=V"));
    }

    @Test
    void equalWhenWrittenAlike() {
        assertEquals(Template.parse("a {b}"), Template.parse("a {b}"));
        assertEquals("a {b}", Template.parse("a {b}").toString());
    }

    @Test
    void aBareFieldIsShownWholeAndFreeTextIsCut() throws Exception {
        String id = "swingSet2.treeDemo.tree.row.Music/Classical/Beethoven/concertos.handle";
        String long_ = "x".repeat(Listing.MAX_TEXT + 10);
        assertEquals("clicked " + id, Template.parse("clicked {identifier}").fill(json("{'identifier':'" + id + "'}"), json("{}"), n -> false));
        String spaced = "t.row.2.cell.Favorite Color of a long column header";
        assertEquals("in \"" + spaced + "\"", Template.parse("in {identifier}").fill(json("{'identifier':'" + spaced + "'}"), json("{}"),
                n -> false));
        assertEquals("said " + "x".repeat(Listing.MAX_TEXT) + "...", Template.parse("said {t|text}").fill(json("{'t':'" + long_ + "'}"),
                json("{}"), n -> false));
    }
}
