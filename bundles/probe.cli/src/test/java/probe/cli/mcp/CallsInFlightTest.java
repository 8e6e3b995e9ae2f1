package probe.cli.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCMessage;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCRequest;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The calls in flight by id: what the SDK 2.1.0 does not give a handler, and what a cancel ends. */
class CallsInFlightTest {
    private final CallsInFlight requests = new CallsInFlight(new JacksonMcpJsonMapper(new ObjectMapper()));

    private JSONRPCMessage read(String line) throws Exception {
        return McpSchema.deserializeJsonRpcMessage(requests, line);
    }

    @Test
    void aToolCallCarriesItsIdToTheHandlerInItsMeta() throws Exception {
        JSONRPCRequest r = (JSONRPCRequest) read("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\","
                + "\"params\":{\"name\":\"gui_wait\",\"arguments\":{},\"_meta\":{\"progressToken\":\"p\"}}}");
        McpSchema.CallToolRequest call = requests.convertValue(r.params(), McpSchema.CallToolRequest.class);
        assertEquals("7", CallsInFlight.id(call.meta()));
        assertEquals("p", call.meta().get("progressToken"), "the client's own _meta is kept");
        JSONRPCRequest other = (JSONRPCRequest) read("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/list\",\"params\":{}}");
        assertEquals(Map.of(), other.params(), "other requests pass unchanged");
        assertNull(CallsInFlight.id(null));
    }

    @Test
    void aCancelRunsWhatEndsTheCallOnceAndOnlyForItsId() throws Exception {
        AtomicInteger ended = new AtomicInteger();
        requests.onCancel("7", ended::incrementAndGet);
        read("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":8}}");
        assertEquals(0, ended.get());
        read("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":7,\"reason\":\"user\"}}");
        read("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":7}}");
        assertEquals(1, ended.get());
        requests.onCancel("9", ended::incrementAndGet);
        requests.done("9");
        read("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":9}}");
        assertEquals(1, ended.get(), "a call that has its answer is not cancelled");
    }

    @Test
    void aCancelThatCameBeforeTheCallRegisteredEndsItAsSoonAsItDoes() throws Exception {
        read("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":\"w\"}}");
        AtomicInteger ended = new AtomicInteger();
        requests.onCancel("w", ended::incrementAndGet);
        assertEquals(1, ended.get());
    }

    /**
     * The interleaving that lost a cancel: the cancel finds no call registered under its id, the call
     * registers (and finds no early cancel), then the cancel notes the id as early; nothing ends the
     * call. Here the call registers at that very point, from within the cancel (the id's
     * {@code toString}, which the cancel reads as it handles it); a cancel that reads its id once,
     * before it looks, has the call register after it, and the call must end either way.
     */
    @Test
    void aCallThatRegistersWhileItsCancelIsHandledStillEnds() {
        AtomicInteger ended = new AtomicInteger();
        AtomicBoolean registered = new AtomicBoolean();
        Object id = new Object() {
            private int reads;

            @Override
            public String toString() {
                if (++reads == 2 && registered.compareAndSet(false, true)) {
                    requests.onCancel("x", ended::incrementAndGet);
                }
                return "x";
            }
        };
        requests.cancelled(id);
        if (registered.compareAndSet(false, true)) {
            requests.onCancel("x", ended::incrementAndGet);
        }
        assertEquals(1, ended.get(), "the cancel was lost");
    }
}
