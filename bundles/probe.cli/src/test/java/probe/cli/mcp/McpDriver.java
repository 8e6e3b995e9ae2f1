package probe.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
 * {@code {"cmd":"stderr"}} (what the server wrote to its standard error), {@code {"cmd":"close"}}.
 * A failure is {@code {"exception": "..."}}.
 */
public final class McpDriver {
    private McpDriver() {
    }

    public static void main(String[] args) throws Exception {
        ObjectMapper json = new ObjectMapper();
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
                    case "tools":
                        answer.set("tools", json.valueToTree(client.listTools().tools()));
                        break;
                    case "call": {
                        @SuppressWarnings("unchecked")
                        Map<String, Object> a = json.convertValue(cmd.path("args"), Map.class);
                        McpSchema.CallToolResult r = client.callTool(new McpSchema.CallToolRequest(cmd.path("name").asText(), a));
                        answer.put("isError", Boolean.TRUE.equals(r.isError()));
                        ArrayNode content = answer.putArray("content");
                        for (McpSchema.Content c : r.content()) {
                            content.add(json.valueToTree(c));
                        }
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
