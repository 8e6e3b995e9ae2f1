package probe.cli.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.AsyncToolSpecification;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCMessage;
import io.modelcontextprotocol.spec.McpSchema.ServerCapabilities;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

/**
 * MCP's lifecycle as the official SDK's client sees it, over pipes to the server's own
 * {@link StdioTransport} and the SDK's server: every line the server writes is recorded in order.
 * Tools added before the client is initialized bring no notification before
 * notifications/initialized (none before the initialize response); a burst of tools added and
 * removed brings one tools/list_changed; a call of a tool answered first by the transport is a
 * result with isError, not a JSON-RPC error.
 */
class LifecycleTest {
    private final JacksonMcpJsonMapper json = new JacksonMcpJsonMapper(new ObjectMapper());

    /** The client's side of the pipes: each line the server wrote is recorded (its method, or "response"), then handed to the client. */
    private final class PipeClient implements McpClientTransport {
        final List<String> seen = new ArrayList<>();
        // Real pipes, as a server's standard input and output are: a PipedInputStream fails a read
        // once the thread that wrote last has ended, and here Reactor's threads write.
        final OutputStream toServer;
        final InputStream fromServer;
        final OutputStream serverOut;
        final InputStream serverIn;
        /** Set when the client sent notifications/initialized, as its index in {@link #seen}. */
        volatile int initializedAt = -1;

        PipeClient() throws IOException {
            Pipe in = Pipe.open();
            Pipe out = Pipe.open();
            toServer = Channels.newOutputStream(in.sink());
            serverIn = Channels.newInputStream(in.source());
            serverOut = Channels.newOutputStream(out.sink());
            fromServer = Channels.newInputStream(out.source());
        }

        @Override
        public Mono<Void> connect(Function<Mono<JSONRPCMessage>, Mono<JSONRPCMessage>> handler) {
            Thread t = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(fromServer, StandardCharsets.UTF_8))) {
                    String line;
                    while ((line = r.readLine()) != null) {
                        JSONRPCMessage m = McpSchema.deserializeJsonRpcMessage(json, line);
                        synchronized (seen) {
                            seen.add(m instanceof McpSchema.JSONRPCNotification n ? n.method()
                                    : m instanceof McpSchema.JSONRPCResponse ? "response" : "request");
                            seen.notifyAll();
                        }
                        handler.apply(Mono.just(m)).subscribe();
                    }
                } catch (IOException e) {
                    // the pipe closed
                }
            }, "pipe-client");
            t.setDaemon(true);
            t.start();
            return Mono.empty();
        }

        @Override
        public Mono<Void> sendMessage(JSONRPCMessage message) {
            return Mono.fromRunnable(() -> {
                try {
                    if (message instanceof McpSchema.JSONRPCNotification n
                            && McpSchema.METHOD_NOTIFICATION_INITIALIZED.equals(n.method())) {
                        synchronized (seen) {
                            initializedAt = seen.size();
                        }
                    }
                    synchronized (toServer) {
                        toServer.write((json.writeValueAsString(message) + "\n").getBytes(StandardCharsets.UTF_8));
                        toServer.flush();
                    }
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
        }

        @Override
        public Mono<Void> closeGracefully() {
            return Mono.fromRunnable(() -> {
                try {
                    toServer.close();
                } catch (IOException e) {
                    // gone already
                }
            });
        }

        @Override
        public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
            return json.convertValue(data, type);
        }

        List<String> seen() {
            synchronized (seen) {
                return List.copyOf(seen);
            }
        }

        /** How many tools/list_changed the client got, after waiting {@code millis} for more. */
        long listChanged(long millis) throws InterruptedException {
            Thread.sleep(millis);
            return seen().stream().filter(McpSchema.METHOD_NOTIFICATION_TOOLS_LIST_CHANGED::equals).count();
        }
    }

    private static AsyncToolSpecification tool(String name) {
        return AsyncToolSpecification.builder()
                .tool(McpSchema.Tool.builder(name).description(name).inputSchema(Map.of("type", "object")).build())
                .callHandler((x, r) -> Mono.just(CallToolResult.builder().addTextContent(name + " ran").isError(false).build()))
                .build();
    }

    @Test
    void noNotificationBeforeInitializedAndOneListChangedPerBurstAndAGoneToolIsAResult() throws Exception {
        PipeClient pipes = new PipeClient();
        CountDownLatch ended = new CountDownLatch(1);
        PrintStream log = new PrintStream(OutputStream.nullOutputStream());
        StdioTransport transport = new StdioTransport(json, pipes.serverIn, pipes.serverOut, log, () -> 0, Duration.ofSeconds(5),
                ended::countDown);
        transport.answerFirst(r -> {
            if (McpSchema.METHOD_TOOLS_CALL.equals(r.method()) && r.params() instanceof Map<?, ?> p && "gone".equals(p.get("name"))) {
                return CallToolResult.builder().addTextContent("error gui.op_unavailable: its bundle went").isError(true).build();
            }
            return null;
        });
        McpAsyncServer server = McpServer.async(transport).serverInfo("test", "1")
                .capabilities(ServerCapabilities.builder().tools(true).build()).jsonMapper(json)
                .jsonSchemaValidator(new Unvalidated()).tools(List.of(tool("first"))).build();
        // Tools change before any client spoke: nothing may reach it before it is initialized.
        server.addTool(tool("early1")).block(Duration.ofSeconds(5));
        server.addTool(tool("early2")).block(Duration.ofSeconds(5));
        List<List<String>> lists = new ArrayList<>();
        McpSyncClient client = McpClient.sync(pipes).requestTimeout(Duration.ofSeconds(10)).initializationTimeout(Duration.ofSeconds(10))
                .jsonSchemaValidator(new Unvalidated())
                .toolsChangeConsumer(t -> {
                    synchronized (lists) {
                        lists.add(t.stream().map(McpSchema.Tool::name).toList());
                    }
                }).build();
        try {
            client.initialize();
            // Meanwhile (between the initialize response and notifications/initialized) the server changes its tools again.
            assertEquals(List.of("early1", "early2", "first"), client.listTools().tools().stream().map(McpSchema.Tool::name).sorted().toList());
            assertEquals(0, pipes.listChanged(300), "no list_changed for what changed before initialized: " + pipes.seen());
            List<String> seen = pipes.seen();
            assertEquals("response", seen.get(0), "the initialize response comes first: " + seen);
            assertTrue(pipes.initializedAt >= 1, "the client said notifications/initialized: " + seen);
            for (int i = 0; i < pipes.initializedAt; i++) {
                assertEquals("response", seen.get(i), "no notification before notifications/initialized: " + seen);
            }

            // A burst: three tools added and one removed within a few ms is one list_changed.
            server.addTool(tool("a")).block(Duration.ofSeconds(5));
            server.addTool(tool("b")).block(Duration.ofSeconds(5));
            server.removeTool("early1").block(Duration.ofSeconds(5));
            server.addTool(tool("c")).block(Duration.ofSeconds(5));
            assertEquals(1, pipes.listChanged(600), "one list_changed for a burst: " + pipes.seen());
            // A burst that goes on longer than a second is told at least once a second.
            long start = System.nanoTime();
            for (int i = 0; i < 30; i++) {
                server.addTool(tool("t" + i)).block(Duration.ofSeconds(5));
                Thread.sleep(50);
            }
            long burst = (System.nanoTime() - start) / 1_000_000;
            long told = pipes.listChanged(400) - 1;
            assertTrue(told >= burst / 1000 && told <= burst / 1000 + 2, told + " list_changed for a burst of " + burst + " ms");

            CallToolResult gone = client.callTool(new McpSchema.CallToolRequest("gone", Map.of()));
            assertTrue(gone.isError(), "a gone tool's call is a result with isError: " + gone);
            assertEquals("error gui.op_unavailable: its bundle went", ((McpSchema.TextContent) gone.content().get(0)).text());
            CallToolResult ran = client.callTool(new McpSchema.CallToolRequest("a", Map.of()));
            assertEquals("a ran", ((McpSchema.TextContent) ran.content().get(0)).text());
        } finally {
            client.closeGracefully();
            assertTrue(ended.await(10, TimeUnit.SECONDS), "the transport ended with its input");
            server.closeGracefully().block(Duration.ofSeconds(5));
        }
    }
}
