package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.ServiceRegistration;
import probe.api.ArgsSchema;
import probe.api.Op;
import probe.api.OpDescription;
import probe.api.Ops;
import probe.api.ProbeOp;
import probe.api.wire.Wire;
import probe.client.ProbeClient;
import probe.client.ProbeOpException;

/**
 * The probe describes its ops (docs/PROTOCOL.md, "probe.describe"), through the real socket against
 * the real app: every op present with its arguments and their JSON Schema, one that comes and goes
 * with its service, one without a description (an older plugin) taken with its arguments as one
 * object, and argument errors that come from the description before the op runs.
 */
@ExtendWith(WithApp.class)
@ExtendWith(Bounded.class)
class DescribeIT {

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static ServiceRegistration<ProbeOp> register(String name, ProbeOp op) {
        Hashtable<String, Object> props = new Hashtable<>();
        props.put(Op.NAME, name);
        return Fixture.context().registerService(ProbeOp.class, op, props);
    }

    private static JsonNode described(ProbeClient c, String op) {
        for (JsonNode d : c.call(Ops.DESCRIBE).get("ops")) {
            if (d.get("op").asText().equals(op)) {
                return d;
            }
        }
        return null;
    }

    @Test
    void everyOpPresentIsDescribedWithItsSchemaAndAnUnknownOneIsMissing() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            List<String> present = texts(c.call(Ops.HELLO).get("ops"));
            JsonNode all = c.call(Ops.DESCRIBE).get("ops");
            List<String> describedOps = new ArrayList<>();
            for (JsonNode d : all) {
                String op = d.get("op").asText();
                describedOps.add(op);
                assertTrue(d.get("schema").isObject(), op + " has a schema");
                assertEquals("object", d.get("schema").get("type").asText(), op);
                // Each reads back as the description it is, the schema from the same.
                assertEquals(d.get("schema"), ArgsSchema.of(OpDescription.of(d)), op);
                if (op.startsWith("gui.")) {
                    assertFalse(d.has("declared"), op + " of the contract declares its description");
                    assertTrue(d.get("args").isArray(), op);
                }
            }
            assertEquals(present, describedOps, "probe.describe describes every op probe.hello lists, sorted");
            assertTrue(describedOps.containsAll(List.of(Ops.LIST, Ops.CLICK, Ops.TYPE, Ops.KEYPRESS, Ops.SCREENSHOT, Ops.WAIT,
                    Ops.DIALOG_CURRENT, Ops.EVENT_SUBSCRIBE, "gui.close")), "the contract's ops are all present: " + describedOps);

            JsonNode click = described(c, Ops.CLICK);
            assertEquals("click", click.get("verb").asText());
            assertTrue(click.get("acts").booleanValue() && click.get("receipt").booleanValue());
            JsonNode count = click.get("schema").get("properties").get("count");
            assertEquals(1, count.get("minimum").intValue());
            assertEquals(2, count.get("maximum").intValue());
            assertEquals(OpDescription.MAX_SETTLE_MILLIS, click.get("schema").get("properties").get("settleMillis").get("maximum").longValue());
            assertEquals(List.of("identifier"), texts(click.get("schema").get("required")));

            ObjectNode some = Wire.object();
            some.putArray("ops").add(Ops.LIST).add("no.such.op");
            JsonNode part = c.call(Ops.DESCRIBE, some);
            assertEquals(1, part.get("ops").size());
            assertEquals(Ops.LIST, part.get("ops").get(0).get("op").asText());
            assertEquals(List.of("no.such.op"), texts(part.get("missing")));

            // probe.describe's own arguments come from its description too.
            ProbeOpException typo = assertThrows(ProbeOpException.class, () -> c.call(Ops.DESCRIBE, Wire.object().put("op", Ops.LIST)));
            assertEquals("gui.invalid_args", typo.code());
            assertEquals(List.of("ops"), texts(typo.details().get("nearest")));
        }
    }

    @Test
    void anOpWithADescriptionInItsBundleIsDescribedCheckedAndGoneWithItsService() throws Exception {
        // The test bundle holds OSGI-INF/probe/ops/itest.echo.json, the description of this op.
        String hashBefore;
        try (ProbeClient c = Fixture.client()) {
            hashBefore = c.hello().path("described").asText();
            assertTrue(hashBefore.matches("[0-9a-f]{32}"), "hello gives the descriptions' hash: " + hashBefore);
            assertEquals(hashBefore, c.hello().path("described").asText(), "the same while nothing changes");
        }
        ServiceRegistration<ProbeOp> echo = register("itest.echo", (ctx, args) -> args);
        try (ProbeClient c = Fixture.client()) {
            Fixture.await("itest.echo to be described", () -> described(c, "itest.echo") != null);
            assertFalse(hashBefore.equals(c.hello().path("described").asText()), "an op came: another hash");
            JsonNode d = described(c, "itest.echo");
            assertEquals("echo", d.get("verb").asText());
            assertFalse(d.has("declared"), d.toString());
            assertEquals(List.of("text"), texts(d.get("schema").get("required")));

            // Its default filled in before it ran.
            assertEquals("{\"text\":\"hi\",\"times\":1}", c.call("itest.echo", Wire.object().put("text", "hi")).toString());
            assertEquals("{\"text\":\"hi\",\"times\":2}", c.call("itest.echo", Wire.object().put("text", "hi").put("times", 2)).toString());

            ProbeOpException range = assertThrows(ProbeOpException.class,
                    () -> c.call("itest.echo", Wire.object().put("text", "hi").put("times", 6)));
            assertEquals("gui.invalid_args", range.code());
            assertEquals("argument 'times' must be an integer from 1 to 5, got 6", range.getMessage());
            assertEquals("times", range.details().get("argument").asText());
            assertEquals("an integer from 1 to 5", range.details().get("accepts").asText());
            ProbeOpException missing = assertThrows(ProbeOpException.class, () -> c.call("itest.echo", Wire.object()));
            assertEquals("text", missing.details().get("argument").asText());
            ProbeOpException typo = assertThrows(ProbeOpException.class, () -> c.call("itest.echo", Wire.object().put("txt", "hi")));
            assertEquals(List.of("txt"), texts(typo.details().get("unknown")));
            assertEquals(List.of("text", "times"), texts(typo.details().get("accepted")));
            assertEquals("text", typo.details().get("nearest").get(0).asText());

            echo.unregister();
            echo = null;
            Fixture.await("itest.echo to be gone", () -> described(c, "itest.echo") == null);
            assertEquals(hashBefore, c.hello().path("described").asText(), "the op went: the hash of what is described again");
            ObjectNode asked = Wire.object();
            asked.putArray("ops").add("itest.echo");
            assertEquals(List.of("itest.echo"), texts(c.call(Ops.DESCRIBE, asked).get("missing")));
        } finally {
            if (echo != null) {
                echo.unregister();
            }
        }
    }

    @Test
    void anOpWithoutADescriptionStillWorksWithItsArgumentsAsOneObject() throws Exception {
        ServiceRegistration<ProbeOp> old = register("itest.undescribed", (ctx, args) -> Wire.object().set("got", args));
        try (ProbeClient c = Fixture.client()) {
            Fixture.await("itest.undescribed to be there", () -> described(c, "itest.undescribed") != null);
            JsonNode d = described(c, "itest.undescribed");
            assertFalse(d.get("declared").booleanValue(), d.toString());
            assertTrue(d.get("args").isNull(), "its arguments are one JSON object: " + d);
            assertEquals("{\"type\":\"object\"}", d.get("schema").toString());
            assertTrue(d.get("acts").booleanValue(), "taken to act, so no client sends it twice on a guess");
            ObjectNode args = (ObjectNode) Wire.mapper().readTree("{\"anything\":[1,{\"x\":true}],\"n\":2.5}");
            assertEquals(args, c.call("itest.undescribed", args).get("got"));
        } finally {
            old.unregister();
        }
    }

    @Test
    void theContractsArgumentErrorsComeFromTheirDescriptionsBeforeTheOpRuns() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            String[][] cases = {
                {Ops.CLICK, "{\"identifier\":\"toolbar.button.createVM\",\"count\":3}", "count", "an integer from 1 to 2"},
                {Ops.CLICK, "{\"identifier\":\"toolbar.button.createVM\",\"button\":\"up\"}", "button", "one of left, right, middle"},
                {Ops.CLICK, "{\"identifier\":\"toolbar.button.createVM\",\"settleMillis\":10001}", "settleMillis", "an integer from 0 to 10000"},
                {Ops.SCROLL, "{\"identifier\":\"sidebar.list\",\"dy\":101}", "dy", "an integer from -100 to 100"},
                {Ops.WAIT, "{\"dialog\":\"createVM\",\"state\":\"open\",\"timeoutMillis\":600001}", "timeoutMillis", "an integer from 0 to 600000"},
                {Ops.WAIT, "{\"dialog\":\"createVM\",\"state\":\"ajar\"}", "state", "one of showing, hidden, enabled, disabled, open, closed, idle"},
                {Ops.KEYPRESS, "{\"key\":\"a\",\"modifiers\":[\"CTRL\"]}", "modifiers", "an array of shift, ctrl, alt, meta"},
                {Ops.TYPE, "{\"identifier\":\"x\"}", "text", "a string"},
                {Ops.LIST, "{\"scope\":\"\"}", "scope", "a non-empty string"},
                {Ops.SCREENSHOT, "{\"format\":\"jpeg\"}", "format", "one of png"},
                {Ops.SELECT, "{\"identifier\":\"x\",\"index\":-1}", "index", "an integer from 0 to 2147483647"},
                {Ops.EVENT_SUBSCRIBE, "{\"events\":\"dialog.*\"}", "events", "an array of strings (at most 64)"},
            };
            for (String[] k : cases) {
                ProbeOpException e = assertThrows(ProbeOpException.class, () -> c.call(k[0], (ObjectNode) Wire.mapper().readTree(k[1])),
                        k[0] + " " + k[1]);
                assertEquals("gui.invalid_args", e.code(), k[0] + " " + k[1] + ": " + e.getMessage());
                assertEquals(k[2], e.details().path("argument").asText(), k[0] + " " + k[1] + ": " + e.getMessage());
                assertEquals(k[3], e.details().path("accepts").asText(), k[0] + " " + k[1]);
                assertTrue(e.getMessage().contains("argument '" + k[2] + "'"), e.getMessage());
            }
            // Refused before it ran: nothing was clicked, no dialog opened.
            assertEquals("closed", c.call(Ops.WAIT, Wire.object().put("dialog", "createVM").put("state", "closed")).get("state").asText());
        }
    }
}
