package probe.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.server.McpServerFeatures.AsyncToolSpecification;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import probe.api.DescriptionJson;
import probe.api.OpDescription;
import probe.cli.ops.CompiledDescriptions;
import probe.client.ProbeClient;
import probe.client.ProbeClientException;
import reactor.core.publisher.Mono;

/**
 * Which tools there are: those of the ops hvm-dbg is built with first, there before any GUI answers,
 * then kept up to date with the GUI's {@code probe.describe} as its ops come and go ({@link #refresh},
 * on a thread of its own, once for a burst), telling the client through the SDK's server
 * (notifications/tools/list_changed). A tool is bound to its handler by {@link ProbeTools}.
 */
final class ToolCatalogue {
    private final ProbeLink probe;
    private final PrintStream log;
    /** Binds a tool to its handler, as the SDK takes it. */
    private final Function<ToolSpecs.Spec, AsyncToolSpecification> bind;

    ToolCatalogue(ProbeLink probe, PrintStream log, Function<ToolSpecs.Spec, AsyncToolSpecification> bind) {
        this.probe = probe;
        this.log = log;
        this.bind = bind;
    }


    /** How long after an op came or went the tools are brought up to date: a burst (a plugin of many bundles) is one update. */
    static final Duration SETTLE_OPS = Duration.ofMillis(100);
    /** How long probe.describe may take. */
    static final Duration DESCRIBE_TIMEOUT = Duration.ofSeconds(5);

    /**
     * The tools now, by name, in the order listed: those of the ops hvm-dbg is built with first
     * ({@link CompiledDescriptions}: there before any GUI answers), then gui_events; an op the GUI reports beyond
     * them is added, and removed once it goes ({@link #refresh}).
     */
    private final Map<String, ToolSpecs.Spec> tools = new LinkedHashMap<>();
    /** The server, once built: tools added and removed go to it (it tells the client, notifications/tools/list_changed). */
    private volatile McpAsyncServer server;
    final ScheduledExecutorService refresher = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "hvm-mcp-ops");
        t.setDaemon(true);
        return t;
    });
    private final AtomicBoolean refreshQueued = new AtomicBoolean();
    /** What the last failed refresh said, so that it is logged once, not at every try. */
    private String refreshFailed;

    /** The tools there before any GUI answers ({@link ToolSpecs#known}), unless given already. */
    void known() {
        synchronized (tools) {
            if (tools.isEmpty()) {
                ToolSpecs.known().forEach(s -> tools.put(s.name(), s));
            }
        }
    }

    /** Whether {@code op} only looks, as the tools' descriptions say (else as hvm-dbg's, else it acts). */
    boolean readOnly(String op) {
        synchronized (tools) {
            for (ToolSpecs.Spec s : tools.values()) {
                if (op.equals(s.op())) {
                    return s.readOnly();
                }
            }
        }
        return CompiledDescriptions.of(op).map(d -> !d.acts()).orElse(false);
    }

    /**
     * The tools, each bound with its handler (as the SDK's own style does). A call runs on the thread
     * that read its request ({@link StdioTransport}'s reader), and its answer is written there too; only
     * the tools whose op may wait (its description says so, or it declared none) run on Reactor's
     * bounded-elastic threads, so that other requests are read meanwhile.
     */
    List<AsyncToolSpecification> specifications() {
        return specifications(ToolSpecs.known());
    }

    /** {@link #specifications()}, the tools there before any GUI answers being {@code known}. */
    List<AsyncToolSpecification> specifications(List<ToolSpecs.Spec> known) {
        List<AsyncToolSpecification> specs = new ArrayList<>();
        synchronized (tools) {
            if (tools.isEmpty()) {
                known.forEach(s -> tools.put(s.name(), s));
            }
            tools.values().forEach(s -> specs.add(bind.apply(s)));
        }
        return specs;
    }

    /** The server the tools go to as ops come and go. */
    void attach(McpAsyncServer server) {
        this.server = server;
    }

    /**
     * The ops present may have changed (an op came or went, or a GUI answers anew): the tools are
     * brought up to date {@link #SETTLE_OPS} later, once for a burst.
     */
    void opsChanged() {
        opsChanged(null);
    }

    /**
     * {@link #opsChanged()}, {@code added} naming the op that came (else null). Such an op is
     * awaited: probe.ops.changed comes when its service is registered, which may be before the
     * probe has it (its component still activating, as one that opens a window on the EDT is), so
     * probe.describe is asked again every {@link #REASK} until it describes it, at most {@link #AWAIT_DESCRIBED}.
     */
    void opsChanged(String added) {
        if (added != null) {
            synchronized (awaited) {
                awaited.put(added, System.nanoTime() + AWAIT_DESCRIBED.toNanos());
            }
        }
        schedule(SETTLE_OPS);
    }

    private void schedule(Duration after) {
        if (refreshQueued.compareAndSet(false, true)) {
            try {
                refresher.schedule(this::refresh, after.toMillis(), TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.RejectedExecutionException stopping) {
                refreshQueued.set(false);
            }
        }
    }

    /** How often probe.describe is asked again for an op announced but not described yet. */
    static final Duration REASK = Duration.ofMillis(250);
    /** How long an op announced is awaited in probe.describe. */
    static final Duration AWAIT_DESCRIBED = Duration.ofSeconds(10);
    /** The ops announced (probe.ops.changed, added) that probe.describe has not described yet, with when to stop asking (System.nanoTime). */
    private final Map<String, Long> awaited = new LinkedHashMap<>();

    /** After a refresh: the awaited ops now described are no longer awaited; if any is still awaited, probe.describe is asked again. */
    private void awaitDescribed(java.util.Collection<String> described) {
        boolean again;
        synchronized (awaited) {
            long now = System.nanoTime();
            awaited.keySet().removeAll(described);
            awaited.entrySet().removeIf(e -> {
                if (now - e.getValue() < 0) {
                    return false;
                }
                log.println("hvm-dbg mcp: the op " + e.getKey() + " came, but probe.describe did not describe it within "
                        + AWAIT_DESCRIBED.toSeconds() + " s; no tool for it");
                return true;
            });
            again = !awaited.isEmpty();
        }
        if (again) {
            schedule(REASK);
        }
    }

    /** The tools removed because their op went, by name: a call of one is answered as the op's absence (gui.op_unavailable), not as an unknown tool. */
    private final Map<String, ToolSpecs.Spec> gone = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * Brings the tools up to date with the GUI's {@code probe.describe}: an op it has that no tool
     * sends becomes one, a tool whose op's description changed is replaced, and a tool of an op
     * beyond those hvm-dbg is built with that is no longer there is removed (the SDK tells the
     * client each time: notifications/tools/list_changed). The tools of the contract's ops stay
     * while their bundle is away: their calls then say so (gui.op_unavailable, with what to do).
     */
    void refresh() {
        refreshQueued.set(false);
        JsonNode described;
        // On a connection of its own: the tools' connection carries an action and its dialog line back to back.
        try (ProbeClient own = probe.connect(DESCRIBE_TIMEOUT)) {
            described = own.describe(DESCRIBE_TIMEOUT).path("ops");
            refreshFailed = null;
        } catch (ProbeClientException e) {
            String why = e.getClass().getSimpleName() + ": " + e.getMessage();
            if (!why.equals(refreshFailed)) {
                log.println("hvm-dbg mcp: the tools stay as they are: probe.describe failed (" + why + ")");
                refreshFailed = why;
            }
            awaitDescribed(List.of());
            return;
        }
        Map<String, OpDescription> present = new LinkedHashMap<>();
        for (JsonNode d : described) {
            try {
                OpDescription desc = OpDescription.of(d);
                present.put(desc.op(), desc);
            } catch (IllegalArgumentException e) {
                log.println("hvm-dbg mcp: the GUI describes an op this server cannot read (" + e.getMessage() + "); no tool for it");
            }
        }
        List<ToolSpecs.Spec> added = new ArrayList<>();
        List<String> removed = new ArrayList<>();
        synchronized (tools) {
            for (ToolSpecs.Spec s : List.copyOf(tools.values())) {
                if (s.op() == null) {
                    continue;
                }
                OpDescription now = present.get(s.op());
                if (now == null ? CompiledDescriptions.of(s.op()).isEmpty() : !DescriptionJson.served(now).equals(DescriptionJson.served(s.described()))) {
                    tools.remove(s.name());
                    removed.add(s.name());
                    if (now == null) {
                        gone.put(s.name(), s);
                    }
                }
            }
            for (OpDescription d : present.values()) {
                boolean has = tools.values().stream().anyMatch(s -> d.op().equals(s.op()));
                if (has) {
                    continue;
                }
                String name = ToolSpecs.name(d);
                if (tools.containsKey(name)) {
                    name = ToolSpecs.fullName(d);
                }
                ToolSpecs.Spec s = tools.containsKey(name) ? null : ToolSpecs.of(d, name);
                if (s != null) {
                    tools.put(s.name(), s);
                    gone.remove(s.name());
                    added.add(s);
                }
            }
        }
        awaitDescribed(present.keySet());
        McpAsyncServer to = server;
        if (to == null) {
            return;
        }
        for (String name : removed) {
            Mono<Void> m = to.removeTool(name).onErrorResume(e -> Mono.empty());
            m.block(DESCRIBE_TIMEOUT);
        }
        for (ToolSpecs.Spec s : added) {
            Mono<Void> m = to.addTool(bind.apply(s)).onErrorResume(e -> {
                log.println("hvm-dbg mcp: no tool " + s.name() + " (" + e.getMessage() + ")");
                return Mono.empty();
            });
            m.block(DESCRIBE_TIMEOUT);
        }
        if (!added.isEmpty() || !removed.isEmpty()) {
            log.println("hvm-dbg mcp: tools" + (added.isEmpty() ? "" : " added " + String.join(", ", added.stream().map(ToolSpecs.Spec::name)
                    .toList())) + (removed.isEmpty() ? "" : " removed " + String.join(", ", removed)));
        }
    }

    /** The tool named {@code name} now, or null. */
    ToolSpecs.Spec get(String name) {
        known();
        synchronized (tools) {
            return tools.get(name);
        }
    }

    /** The tool named {@code name} if it was removed because its op went (and is not back), else null. */
    ToolSpecs.Spec gone(String name) {
        synchronized (tools) {
            return tools.containsKey(name) ? null : gone.get(name);
        }
    }

    /** Stops bringing the tools up to date. */
    void close() {
        refresher.shutdownNow();
    }
}
