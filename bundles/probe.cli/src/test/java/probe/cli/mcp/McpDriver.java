package probe.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The official MCP Java SDK's own client ({@link McpClient#sync} over a {@link StdioClientTransport}),
 * driven line by line: the integration tests (itest McpIT) run inside an OSGi framework, where the
 * SDK and its Jackson would have to be resolved as bundles, so they run this plain JVM instead,
 * with {@code hvm-dbg.jar} (which holds the SDK) and these test classes on its class path.
 *
 * <p>{@code java -cp hvm-dbg.jar:test-classes probe.cli.mcp.McpDriver COMMAND...} starts the server
 * {@code COMMAND...} (the variables {@code HVM_*} of this process's environment passed on),
 * initializes, prints {@code {"initialized": {...}}}, then reads one JSON command a line and prints
 * one JSON answer a line: {@code {"cmd":"tools"}}, {@code {"cmd":"call","name":…,"args":{…}}} (the
 * result as MCP gives it: {@code isError}, {@code content}), {@code {"cmd":"ping"}},
 * {@code {"cmd":"stderr"}} (what the server wrote to its standard error), {@code {"cmd":"close"}},
 * {@code {"cmd":"awaitTool","name":…,"present":true|false,"timeoutMs":…}} (waits until a
 * notifications/tools/list_changed brought a tool list with, or without, that tool: {@code ok}, the
 * {@code tools} of the last list, how many {@code changes} came).
 * A failure is {@code {"exception": "..."}}.
 *
 * <p>What a model pays for is counted with a real tokenizer (JTokkit's o200k_base, from
 * {@code target/test-lib}): a call's answer has {@code tokens}, those of its text content (what the
 * model reads; an image is not text), and {@code structuredContent} when the result has one; the
 * tool list's answer has {@code tokens}, those of the list as the server sends it (JSON). A call
 * with {@code "progress": true} asks for progress notifications (a progress token in its
 * {@code _meta}) and answers the messages that came in {@code progress}.
 */
public final class McpDriver {
    private McpDriver() {
    }

    /** o200k_base: the tokenizer of OpenAI's current models. */
    static final Encoding O200K = Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.O200K_BASE);

    /** The o200k tokens of {@code text}. */
    static int tokens(String text) {
        return O200K.countTokensOrdinary(text);
    }

    public static void main(String[] args) throws Exception {
        ObjectMapper json = new ObjectMapper();
        JacksonMcpJsonMapper wire = new JacksonMcpJsonMapper(json);
        List<String> progress = new ArrayList<>();
        // The tool names after each notifications/tools/list_changed (the client lists the tools again on it).
        List<List<String>> changes = new ArrayList<>();
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        ServerParameters.Builder params = ServerParameters.builder(args[0]).args(Arrays.asList(args).subList(1, args.length));
        for (Map.Entry<String, String> e : System.getenv().entrySet()) {
            if (e.getKey().startsWith("HVM_")) {
                params.addEnvVar(e.getKey(), e.getValue());
            }
        }
        StdioClientTransport transport = new StdioClientTransport(params.build(), new JacksonMcpJsonMapper(json));
        List<String> stderr = new ArrayList<>();
        transport.setStdErrorHandler(line -> {
            synchronized (stderr) {
                stderr.add(line);
            }
        });
        McpSyncClient client = McpClient.sync(transport)
                .requestTimeout(Duration.ofSeconds(60))
                .initializationTimeout(Duration.ofSeconds(30))
                .jsonSchemaValidator(new Unvalidated())
                .toolsChangeConsumer(tools -> {
                    synchronized (changes) {
                        changes.add(tools.stream().map(McpSchema.Tool::name).toList());
                        changes.notifyAll();
                    }
                })
                .progressConsumer(p -> {
                    synchronized (progress) {
                        progress.add(p.message() == null ? String.valueOf(p.progress()) : p.message());
                    }
                })
                .build();
        ObjectNode first = json.createObjectNode();
        try {
            McpSchema.InitializeResult init = client.initialize();
            first.set("initialized", json.valueToTree(init));
        } catch (RuntimeException e) {
            first.put("exception", e.toString());
        }
        out.println(json.writeValueAsString(first));
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            JsonNode cmd = json.readTree(line);
            ObjectNode answer = json.createObjectNode();
            try {
                switch (cmd.path("cmd").asText()) {
                    case "tools": {
                        List<McpSchema.Tool> tools = client.listTools().tools();
                        answer.set("tools", json.valueToTree(tools));
                        answer.put("tokens", tokens(wire.writeValueAsString(tools)));
                        break;
                    }
                    case "call": {
                        @SuppressWarnings("unchecked")
                        Map<String, Object> a = json.convertValue(cmd.path("args"), Map.class);
                        Map<String, Object> meta = cmd.path("progress").asBoolean() ? Map.of("progressToken", "p" + line.hashCode()) : null;
                        synchronized (progress) {
                            progress.clear();
                        }
                        McpSchema.CallToolResult r = client.callTool(new McpSchema.CallToolRequest(cmd.path("name").asText(), a, meta));
                        answer.put("isError", Boolean.TRUE.equals(r.isError()));
                        ArrayNode content = answer.putArray("content");
                        StringBuilder text = new StringBuilder();
                        for (McpSchema.Content c : r.content()) {
                            content.add(json.valueToTree(c));
                            if (c instanceof McpSchema.TextContent t) {
                                text.append(text.length() > 0 ? "\n" : "").append(t.text());
                            }
                        }
                        answer.put("tokens", tokens(text.toString()));
                        if (r.structuredContent() != null) {
                            answer.set("structuredContent", json.valueToTree(r.structuredContent()));
                        }
                        synchronized (progress) {
                            answer.set("progress", json.valueToTree(progress));
                        }
                        break;
                    }
                    case "awaitTool": {
                        // Until a list_changed brought a tool list with (present true) or without the tool, at most timeoutMs.
                        String name = cmd.path("name").asText();
                        boolean present = cmd.path("present").asBoolean(true);
                        long deadline = System.currentTimeMillis() + cmd.path("timeoutMs").asLong(10_000);
                        List<String> seen = null;
                        synchronized (changes) {
                            while (true) {
                                seen = changes.isEmpty() ? null : changes.get(changes.size() - 1);
                                if (seen != null && seen.contains(name) == present) {
                                    break;
                                }
                                long left = deadline - System.currentTimeMillis();
                                if (left <= 0) {
                                    break;
                                }
                                changes.wait(left);
                            }
                            answer.put("changes", changes.size());
                        }
                        answer.put("ok", seen != null && seen.contains(name) == present);
                        answer.set("tools", json.valueToTree(seen));
                        break;
                    }
                    case "ping":
                        client.ping();
                        answer.put("ok", true);
                        break;
                    case "stderr":
                        synchronized (stderr) {
                            answer.set("lines", json.valueToTree(stderr));
                        }
                        break;
                    case "close":
                        client.closeGracefully();
                        answer.put("closed", true);
                        out.println(json.writeValueAsString(answer));
                        System.exit(0);
                        break;
                    default:
                        answer.put("exception", "unknown command " + cmd);
                }
            } catch (RuntimeException e) {
                answer.put("exception", e.toString());
            }
            out.println(json.writeValueAsString(answer));
        }
        client.close();
        System.exit(0);
    }
}
