package probe.cli.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCNotification;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCRequest;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The tool calls in flight, by their JSON-RPC id, so that a client's {@code notifications/cancelled}
 * ends the call it names at once. The MCP Java SDK 2.1.0 neither hands a tool's handler the id of
 * its request nor handles {@code notifications/cancelled} (it logs "no handler registered"), so the
 * server's JSON mapper, which every incoming message passes through, does both: it copies a
 * {@code tools/call} request's id into the request's {@code _meta} ({@link #ID}, where the handler
 * reads it), and runs the cancel action registered for the id a {@code notifications/cancelled}
 * names. Everything else it hands to the SDK's own mapper unchanged.
 */
final class CallsInFlight implements McpJsonMapper {
    /** The key in a tools/call's {@code _meta} that carries its JSON-RPC id to the handler. */
    static final String ID = "hvm-dbg/requestId";

    private final McpJsonMapper json;
    /**
     * Under one lock, so that a cancel and the registration of its call cannot pass each other: the
     * action that ends each call in flight, by id, and the ids cancelled before their call registered
     * (the last {@link #EARLY}), which end their call as soon as it does.
     */
    private final Object lock = new Object();
    private final Map<String, Runnable> cancels = new HashMap<>();
    private final Deque<String> early = new ArrayDeque<>();
    private static final int EARLY = 64;
    /** The calls that were cancelled and so get no response. */
    private final AtomicLong dropped = new AtomicLong();

    CallsInFlight(McpJsonMapper json) {
        this.json = json;
    }

    /** The JSON-RPC id of a tools/call, from its {@code _meta}; null when it has none. */
    static String id(Map<String, Object> meta) {
        Object id = meta == null ? null : meta.get(ID);
        return id == null ? null : String.valueOf(id);
    }

    /**
     * Runs {@code cancel} when the client cancels the request {@code id} (null: nothing to register),
     * until {@link #done}; at once when it was cancelled already.
     */
    void onCancel(String id, Runnable cancel) {
        if (id == null) {
            return;
        }
        boolean already;
        synchronized (lock) {
            already = early.remove(id);
            if (!already) {
                cancels.put(id, cancel);
            }
        }
        if (already) {
            cancel.run();
        }
    }

    /** The request {@code id} has its answer: a cancellation of it comes too late. */
    void done(String id) {
        if (id != null) {
            synchronized (lock) {
                cancels.remove(id);
            }
        }
    }

    /** The client cancelled the request {@code id}: its registered action runs, once (outside the lock). */
    void cancelled(Object id) {
        if (id == null) {
            return;
        }
        String key = String.valueOf(id);
        Runnable r;
        synchronized (lock) {
            r = cancels.remove(key);
            if (r == null) {
                early.addLast(key);
                if (early.size() > EARLY) {
                    early.removeFirst();
                }
            }
        }
        if (r != null) {
            r.run();
        }
    }

    /** A call was cancelled and gets no response (MCP: a cancelled request SHOULD NOT get one). */
    void answerDropped() {
        dropped.incrementAndGet();
    }

    /** How many calls were cancelled and got no response: the server waits for no answer to them when its input ends. */
    long answersDropped() {
        return dropped.get();
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T convertValue(Object from, Class<T> type) {
        T value = json.convertValue(from, type);
        if (value instanceof JSONRPCRequest r && "tools/call".equals(r.method()) && r.params() instanceof Map<?, ?> params) {
            Map<String, Object> p = new HashMap<>((Map<String, Object>) params);
            Map<String, Object> meta = p.get("_meta") instanceof Map<?, ?> m ? new HashMap<>((Map<String, Object>) m) : new HashMap<>();
            meta.put(ID, r.id());
            p.put("_meta", meta);
            return (T) new JSONRPCRequest(r.jsonrpc(), r.method(), r.id(), p);
        }
        if (value instanceof JSONRPCNotification n && "notifications/cancelled".equals(n.method())
                && n.params() instanceof Map<?, ?> params) {
            cancelled(params.get("requestId"));
        }
        return value;
    }

    @Override
    public <T> T convertValue(Object from, TypeRef<T> type) {
        return json.convertValue(from, type);
    }

    @Override
    public <T> T readValue(String content, Class<T> type) throws IOException {
        return json.readValue(content, type);
    }

    @Override
    public <T> T readValue(byte[] content, Class<T> type) throws IOException {
        return json.readValue(content, type);
    }

    @Override
    public <T> T readValue(String content, TypeRef<T> type) throws IOException {
        return json.readValue(content, type);
    }

    @Override
    public <T> T readValue(byte[] content, TypeRef<T> type) throws IOException {
        return json.readValue(content, type);
    }

    @Override
    public String writeValueAsString(Object value) throws IOException {
        return json.writeValueAsString(value);
    }

    @Override
    public byte[] writeValueAsBytes(Object value) throws IOException {
        return json.writeValueAsBytes(value);
    }
}
