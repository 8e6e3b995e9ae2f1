package probe.cli.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCNotification;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCRequest;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The tool calls in flight, by their JSON-RPC id, so that a client's {@code notifications/cancelled}
 * ends the call it names at once. The MCP Java SDK 2.1.0 neither hands a tool's handler the id of
 * its request nor handles {@code notifications/cancelled} (it logs "no handler registered"), so the
 * server's JSON mapper, which every incoming message passes through, does both: it copies a
 * {@code tools/call} request's id into the request's {@code _meta} ({@link #ID}, where the handler
 * reads it), and runs the cancel action registered for the id a {@code notifications/cancelled}
 * names. Everything else it hands to the SDK's own mapper unchanged.
 */
final class Requests implements McpJsonMapper {
    /** The key in a tools/call's {@code _meta} that carries its JSON-RPC id to the handler. */
    static final String ID = "hvm-dbg/requestId";

    private final McpJsonMapper json;
    private final Map<String, Runnable> cancels = new ConcurrentHashMap<>();
    /** Ids cancelled before their call registered what ends it (the last few): it ends as soon as it does. */
    private final java.util.Deque<String> early = new java.util.ArrayDeque<>();
    private static final int EARLY = 64;

    Requests(McpJsonMapper json) {
        this.json = json;
    }

    /** The JSON-RPC id of a tools/call, from its {@code _meta}; null when it has none. */
    static String id(Map<String, Object> meta) {
        Object id = meta == null ? null : meta.get(ID);
        return id == null ? null : String.valueOf(id);
    }

    /** Runs {@code cancel} when the client cancels the request {@code id} (null: nothing to register), until {@link #done}. */
    void onCancel(String id, Runnable cancel) {
        if (id == null) {
            return;
        }
        cancels.put(id, cancel);
        boolean already;
        synchronized (early) {
            already = early.remove(id);
        }
        if (already) {
            cancelled(id);
        }
    }

    /** The request {@code id} has its answer: a cancellation of it comes too late. */
    void done(String id) {
        if (id != null) {
            cancels.remove(id);
        }
    }

    /** The client cancelled the request {@code id}: its registered action runs, once. */
    void cancelled(Object id) {
        if (id == null) {
            return;
        }
        Runnable r = cancels.remove(String.valueOf(id));
        if (r != null) {
            r.run();
            return;
        }
        synchronized (early) {
            early.addLast(String.valueOf(id));
            if (early.size() > EARLY) {
                early.removeFirst();
            }
        }
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
