package probe.events.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import java.util.Map;
import probe.api.ErrorCodes;
import probe.api.Op;
import probe.api.OpTable;
import probe.api.Ops;
import probe.api.ProbeOp;
import probe.api.ProbeException;
import probe.api.wire.Wire;

class OpsTest {
    private final Hub hub = new Hub();
    private final SubscribeOp op = new SubscribeOp(hub);
    /** The op as the transport runs it: its arguments checked against its description first. */
    private final ProbeOp subscribe = described(op, Ops.EVENT_SUBSCRIBE);
    private final UnsubscribeOp unsubscribe = new UnsubscribeOp(hub);

    @AfterEach
    void close() {
        hub.close();
    }

    private static ProbeOp described(ProbeOp op, String name) {
        OpTable table = new OpTable();
        table.add(op, Map.of(Op.NAME, name, "service.id", 1L), null, OpTable.declaredBy(op, name));
        assertTrue(table.description(name).orElseThrow().declared(), name + " has a description");
        return (ctx, args) -> table.call(name, ctx, args);
    }

    private static ObjectNode args(String json) throws Exception {
        return (ObjectNode) Wire.mapper().readTree(json);
    }

    @Test
    void subscribeDefaultsToStarAndEventsFlowToTheConnection() throws Exception {
        Fakes.FakeSession s = new Fakes.FakeSession("c1");
        JsonNode data = subscribe.execute(Fakes.context(s), args("{}"));
        assertEquals("{\"subscribed\":[\"*\"]}", data.toString());
        hub.publish("dialog.opened", Wire.object().put("name", "createVM"));
        HubTest.await(() -> s.events.size() == 1, "the event");
        assertEquals("dialog.opened", s.events.get(0).get("event").textValue());
        assertEquals("{\"subscribed\":[\"*\"]}", subscribe.execute(Fakes.context(s), args("{\"events\": null}")).toString());
    }

    @Test
    void aSecondSubscribeReplacesThePatterns() throws Exception {
        Fakes.FakeSession s = new Fakes.FakeSession("c1");
        subscribe.execute(Fakes.context(s), args("{\"events\": [\"dialog.*\"]}"));
        // A pattern given twice counts once (the op's own reading; the wire refuses it, see below).
        JsonNode data = op.execute(Fakes.context(s), args("{\"events\": [\"error\", \"list.*\", \"error\"]}"));
        assertEquals("{\"subscribed\":[\"error\",\"list.*\"]}", data.toString());
        hub.publish("dialog.opened", null);
        hub.publish("list.refreshed", Wire.object().put("vmCount", 2));
        HubTest.await(() -> s.events.size() == 1, "list.refreshed");
        Thread.sleep(30);
        assertEquals(1, s.events.size());
        assertEquals("list.refreshed", s.events.get(0).get("event").textValue());
    }

    @Test
    void unsubscribeEndsTheFlow() throws Exception {
        Fakes.FakeSession s = new Fakes.FakeSession("c1");
        assertEquals("{\"unsubscribed\":false}", unsubscribe.execute(Fakes.context(s), args("{}")).toString());
        subscribe.execute(Fakes.context(s), args("{}"));
        assertEquals("{\"unsubscribed\":true}", unsubscribe.execute(Fakes.context(s), args("{}")).toString());
        hub.publish("error", null);
        Thread.sleep(30);
        assertTrue(s.events.isEmpty());
        assertFalse(hub.isSubscribed(s));
    }

    @Test
    void aDisconnectedSubscriberIsForgotten() throws Exception {
        Fakes.FakeSession s = new Fakes.FakeSession("c1");
        subscribe.execute(Fakes.context(s), args("{}"));
        assertEquals(1, hub.subscriberCount());
        s.close();
        assertEquals(0, hub.subscriberCount());
    }

    @Test
    void inProcessCallersAreToldTheyNeedAConnection() {
        ProbeException e = assertThrows(ProbeException.class, () -> subscribe.execute(Fakes.context(null), args("{}")));
        assertEquals(ErrorCodes.INVALID_ARGS, e.code());
        assertTrue(e.getMessage().contains("needs a socket connection"), e.getMessage());
        e = assertThrows(ProbeException.class, () -> unsubscribe.execute(Fakes.context(null), args("{}")));
        assertEquals(ErrorCodes.INVALID_ARGS, e.code());
    }

    @Test
    void patternsMustBeAListOfStrings() {
        Fakes.FakeSession s = new Fakes.FakeSession("c1");
        for (String bad : new String[] {"{\"events\": \"dialog.*\"}", "{\"events\": [1]}", "{\"events\": [\"ok\", null]}",
                "{\"events\": [[\"x\"]]}", "{\"events\": {}}", "{\"events\": []}", "{\"events\": [\"\"]}", "{\"events\": [\"a b\"]}",
                "{\"events\": [\"error\", \"error\"]}"}) {
            ProbeException e = assertThrows(ProbeException.class, () -> subscribe.execute(Fakes.context(s), args(bad)), bad);
            assertEquals(ErrorCodes.INVALID_ARGS, e.code(), bad);
            assertTrue(e.getMessage().contains("'events'"), e.getMessage());
        }
        assertEquals(0, hub.subscriberCount());
    }
}
