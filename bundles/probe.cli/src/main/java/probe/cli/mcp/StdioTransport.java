package probe.cli.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCMessage;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCNotification;
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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
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
 *
 * <p>It keeps MCP's lifecycle whatever the server does meanwhile: no notification is written before
 * the client's {@code notifications/initialized} (so none before the initialize response either),
 * and the SDK's one tools/list_changed per tool added or removed is written once per burst.
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
    /** What answers a request itself before the session sees it (a result, or null to pass it on): {@link ProbeTools#goneTool}. */
    private volatile Function<JSONRPCRequest, Object> answerFirst = r -> null;
    /**
     * Set once the client said {@code notifications/initialized}: MCP lets a server send no
     * notification before then. Notifications sent earlier are held back ({@link #heldBack}) and
     * written then, but a tools/list_changed, which the client's first tools/list makes needless.
     */
    private boolean initialized;
    private final List<JSONRPCMessage> heldBack = new ArrayList<>();
    /**
     * One notifications/tools/list_changed per burst of changes: the SDK sends one per tool added or
     * removed, and a plugin brings several; it is written once no other came for {@link #SETTLE_LIST},
     * at most {@link #MOST_LIST} after the first.
     */
    static final Duration SETTLE_LIST = Duration.ofMillis(100);
    static final Duration MOST_LIST = Duration.ofSeconds(1);
    private final ScheduledExecutorService notifier = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "mcp-list-changed");
        t.setDaemon(true);
        return t;
    });
    /** When the first list_changed of the burst not yet written came (System.nanoTime), and its timer; guarded by {@link #heldBack}. */
    private long listChangedSince;
    private ScheduledFuture<?> listChangedTimer;

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

    /** {@code answer} answers a request itself (a result), or gives null to pass it to the session. */
    void answerFirst(Function<JSONRPCRequest, Object> answer) {
        this.answerFirst = answer;
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
                        if (answeredHere((JSONRPCRequest) m)) {
                            continue;
                        }
                    }
                    Sinks.EmitResult emitted = inbound.tryEmitNext(m);
                    if (!emitted.isSuccess()) {
                        log.println("hvm-dbg mcp: the session takes no more messages (" + emitted + "); the input ends here");
                        break;
                    }
                    if (m instanceof JSONRPCNotification n && McpSchema.METHOD_NOTIFICATION_INITIALIZED.equals(n.method())) {
                        initialized();
                    }
                }
                awaitAnswers();
            } finally {
                ended.run();
            }
        }

        /** Whether {@link #answerFirst} answered the request (its answer written). */
        private boolean answeredHere(JSONRPCRequest r) {
            Object result;
            try {
                result = answerFirst.apply(r);
            } catch (RuntimeException e) {
                log.println("hvm-dbg mcp: a request was not answered here (" + e.getClass().getSimpleName() + "); the session answers it");
                return false;
            }
            if (result == null) {
                return false;
            }
            try {
                write(new JSONRPCResponse(McpSchema.JSONRPC_VERSION, r.id(), result, null));
            } catch (IllegalStateException e) {
                log.println("hvm-dbg mcp: " + e.getMessage());
            }
            return true;
        }

        /** The client is initialized: what was held back is written, in order, before any notification after it. */
        private void initialized() {
            synchronized (heldBack) {
                initialized = true;
                for (JSONRPCMessage m : heldBack) {
                    try {
                        write(m);
                    } catch (IllegalStateException e) {
                        log.println("hvm-dbg mcp: " + e.getMessage());
                    }
                }
                heldBack.clear();
            }
        }

        /** A list_changed: written once the burst it belongs to settled ({@link #SETTLE_LIST}, at most {@link #MOST_LIST}). */
        private void listChanged(JSONRPCNotification n) {
            synchronized (heldBack) {
                long now = System.nanoTime();
                if (listChangedTimer == null) {
                    listChangedSince = now;
                } else {
                    listChangedTimer.cancel(false);
                }
                long left = listChangedSince + MOST_LIST.toNanos() - now;
                try {
                    listChangedTimer = notifier.schedule(() -> {
                        synchronized (heldBack) {
                            listChangedTimer = null;
                        }
                        try {
                            write(n);
                        } catch (IllegalStateException e) {
                            log.println("hvm-dbg mcp: " + e.getMessage());
                        }
                    }, Math.max(0, Math.min(SETTLE_LIST.toNanos(), left)), TimeUnit.NANOSECONDS);
                } catch (java.util.concurrent.RejectedExecutionException closed) {
                    listChangedTimer = null;
                }
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
            return Mono.fromRunnable(() -> send(message));
        }

        private void send(JSONRPCMessage message) {
            if (message instanceof JSONRPCNotification n) {
                boolean listChanged = McpSchema.METHOD_NOTIFICATION_TOOLS_LIST_CHANGED.equals(n.method());
                synchronized (heldBack) {
                    if (!initialized) {
                        if (!listChanged) {
                            heldBack.add(message);
                        }
                        return;
                    }
                }
                if (listChanged) {
                    listChanged(n);
                    return;
                }
            }
            write(message);
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
            notifier.shutdownNow();
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
