package probe.cli.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCMessage;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCRequest;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCResponse;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * MCP's stdio transport: one JSON-RPC message per line on the server's standard input and output,
 * for the SDK's server session. It reads as the SDK's {@code StdioServerTransportProvider} does (one
 * thread reads the lines and hands each message to the session, which runs the tool's handler) but
 * writes differently, for what a tool call costs:
 * <ul>
 * <li>a message is written on the thread that sends it, under a lock, as the bytes Jackson writes
 * (compact JSON holds no raw newline), then {@code \n}, then flushed: no hand-off to a writing
 * thread per answer, and no String of it escaped three times again and encoded once more, which
 * for a 500-control gui_snapshot was most of the server's time (it runs C1 only);
 * <li>it knows which requests it read and which answers it wrote, so when its input ends it waits
 * until every request read has its answer written (or will have none: a cancelled call,
 * {@code dropped}), at most {@code drain}, before it says the client is gone ({@code ended}): a
 * client that pipes its requests in and closes the pipe still gets every answer.
 * </ul>
 * Nothing is queued: a client that stops reading the output stops the server at its next write, on
 * the thread that writes, which may be the reading one; a client must read the answers while it
 * writes requests, as MCP's clients do. A message that cannot be written is logged and the session
 * goes on with the next; once the output is gone (closed by the client), nothing more is written and
 * nothing is waited for. A line longer than {@link #MAX_LINE} bytes, or one that is not a JSON-RPC
 * message, ends the input, as the SDK's transport does (blank lines are skipped; a line ends at
 * {@code \n}, a {@code \r} before it dropped); what was read before is still answered.
 */
final class StdioTransport implements McpServerTransportProvider {
    /** The longest line read (the SDK's default): a client that never ends a line cannot fill the memory. */
    static final int MAX_LINE = 16 * 1024 * 1024;

    private final McpJsonMapper json;
    private final InputStream in;
    private final OutputStream out;
    private final PrintStream log;
    private final LongSupplier dropped;
    private final Duration drain;
    private final Runnable ended;
    private final AtomicBoolean closing = new AtomicBoolean();
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong answers = new AtomicLong();
    private final Object writing = new Object();
    /** Set once a write to the output failed: the client is gone, nothing more is written or waited for. */
    private volatile boolean outputGone;
    private volatile McpServerSession session;

    StdioTransport(McpJsonMapper json, InputStream in, OutputStream out, PrintStream log, LongSupplier dropped, Duration drain,
            Runnable ended) {
        this.json = json;
        this.in = in;
        this.out = out;
        this.log = log;
        this.dropped = dropped;
        this.drain = drain;
        this.ended = ended;
    }

    @Override
    public void setSessionFactory(McpServerSession.Factory factory) {
        Session transport = new Session();
        session = factory.create(transport);
        transport.start();
    }

    @Override
    public Mono<Void> notifyClients(String method, Object params) {
        McpServerSession s = session;
        return s == null ? Mono.error(new IllegalStateException("no session to notify")) : s.sendNotification(method, params);
    }

    @Override
    public Mono<Void> notifyClient(String sessionId, String method, Object params) {
        McpServerSession s = session;
        if (s == null || !s.getId().equals(sessionId)) {
            return Mono.error(new IllegalStateException("no session " + sessionId));
        }
        return s.sendNotification(method, params);
    }

    @Override
    public Mono<Void> closeGracefully() {
        McpServerSession s = session;
        return s == null ? Mono.empty() : s.closeGracefully();
    }

    /** The one session: its messages in from the reading thread, out from whichever thread sends. */
    private final class Session implements McpServerTransport {
        private final Sinks.Many<JSONRPCMessage> inbound = Sinks.many().unicast().onBackpressureBuffer();

        void start() {
            // One message's failure (its answer could not be written) must not end the handling of the next.
            inbound.asFlux().flatMap(m -> session.handle(m).onErrorResume(e -> {
                if (!outputGone) {
                    log.println("hvm-dbg mcp: a message was not handled: " + e.getMessage());
                }
                return Mono.empty();
            })).subscribe();
            Thread reader = new Thread(this::read, "mcp-stdin");
            reader.setDaemon(true);
            reader.start();
        }

        private void read() {
            try {
                Lines lines = new Lines(in);
                while (!closing.get()) {
                    String line;
                    try {
                        line = lines.next();
                    } catch (Lines.TooLong e) {
                        log.println("hvm-dbg mcp: " + e.getMessage() + " ends the input");
                        break;
                    } catch (IOException e) {
                        if (!closing.get()) {
                            log.println("hvm-dbg mcp: reading standard input failed: " + e.getMessage());
                        }
                        break;
                    }
                    if (line == null) {
                        break;
                    }
                    if (line.isBlank()) {
                        continue;
                    }
                    JSONRPCMessage m;
                    try {
                        m = McpSchema.deserializeJsonRpcMessage(json, line);
                    } catch (IOException | RuntimeException e) {
                        log.println("hvm-dbg mcp: a line that is no JSON-RPC message ends the input (" + e.getClass().getSimpleName() + ")");
                        break;
                    }
                    if (m instanceof JSONRPCRequest) {
                        requests.incrementAndGet();
                    }
                    if (!inbound.tryEmitNext(m).isSuccess()) {
                        break;
                    }
                }
                awaitAnswers();
            } finally {
                ended.run();
            }
        }

        /** Until every request read has its answer written or will have none, at most {@link #drain}. */
        private void awaitAnswers() {
            long deadline = System.nanoTime() + drain.toNanos();
            try {
                while (!outputGone && answers.get() + dropped.getAsLong() < requests.get() && System.nanoTime() - deadline < 0) {
                    Thread.sleep(5);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public Mono<Void> sendMessage(JSONRPCMessage message) {
            return Mono.fromRunnable(() -> write(message));
        }

        private void write(JSONRPCMessage message) {
            byte[] json;
            try {
                json = StdioTransport.this.json.writeValueAsBytes(message);
            } catch (IOException e) {
                throw new IllegalStateException("the message cannot be written as JSON: " + e.getMessage(), e);
            }
            // The line in one write: the JSON (compact, so no raw newline in it) and its newline.
            byte[] line = Arrays.copyOf(json, json.length + 1);
            line[json.length] = '\n';
            synchronized (writing) {
                if (outputGone) {
                    return;
                }
                try {
                    out.write(line);
                    out.flush();
                } catch (IOException e) {
                    outputGone = true;
                    if (closing.get()) {
                        return;
                    }
                    throw new IllegalStateException("writing standard output failed: " + e.getMessage(), e);
                }
                if (message instanceof JSONRPCResponse) {
                    answers.incrementAndGet();
                }
            }
        }

        @Override
        public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
            return json.convertValue(data, type);
        }

        @Override
        public Mono<Void> closeGracefully() {
            return Mono.fromRunnable(this::close);
        }

        @Override
        public void close() {
            closing.set(true);
            inbound.tryEmitComplete();
        }
    }

    /** UTF-8 lines of a stream, without their {@code \n} (or {@code \r\n}), at most {@link #MAX_LINE} bytes each. */
    static final class Lines {
        private final InputStream in;
        private final byte[] buf = new byte[64 * 1024];
        private int pos;
        private int end;
        private byte[] line = new byte[1024];

        Lines(InputStream in) {
            this.in = in;
        }

        /** The next line; null at the end of the stream (a last line without its newline is a line). */
        String next() throws IOException {
            int n = 0;
            while (true) {
                if (pos == end) {
                    end = in.read(buf, 0, buf.length);
                    pos = 0;
                    if (end <= 0) {
                        end = 0;
                        return n == 0 ? null : text(n);
                    }
                }
                int start = pos;
                while (pos < end && buf[pos] != '\n') {
                    pos++;
                }
                int len = pos - start;
                if (n + len > MAX_LINE) {
                    throw new TooLong();
                }
                if (n + len > line.length) {
                    line = Arrays.copyOf(line, Math.max(n + len, Math.min(MAX_LINE, line.length * 2)));
                }
                System.arraycopy(buf, start, line, n, len);
                n += len;
                if (pos < end) {
                    pos++;
                    return text(n);
                }
            }
        }

        /** A line longer than {@link #MAX_LINE} bytes. */
        static final class TooLong extends IOException {
            private static final long serialVersionUID = 1L;

            TooLong() {
                super("a line of over " + MAX_LINE + " bytes");
            }
        }

        private String text(int n) {
            String text = new String(line, 0, n > 0 && line[n - 1] == '\r' ? n - 1 : n, StandardCharsets.UTF_8);
            if (line.length > 1 << 20) {
                line = new byte[1024]; // not kept at the size of one long line
            }
            return text;
        }
    }
}
