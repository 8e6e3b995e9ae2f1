package bench.harness;

import bench.window.BenchWindow;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import probe.client.ProbeClient;
import probe.client.RawConnection;

/**
 * run/bench: starts the real debug runtime (run/target/debug.jar) as a child process on a private
 * socket and library, measures every op against its floor and the tools a user would pick instead,
 * and writes docs/BENCHMARKS.md. Arguments: the project root, the report file, and optionally a
 * sample-count scale (1.0 by default; 0.2 for a quick look).
 */
public final class Main {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path root;
    private final Path report;
    private final double scale;
    private final Path scratch;
    private final Path socket;
    private final Report out = new Report();
    private final String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private final String classpath = System.getProperty("java.class.path");

    private Main(Path root, Path report, double scale) throws IOException {
        this.root = root;
        this.report = report;
        this.scale = scale;
        this.scratch = Files.createTempDirectory("hdp-bench", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        this.socket = scratch.resolve("run").resolve("probe.sock");
    }

    public static void main(String[] args) throws Exception {
        Path root = Path.of(args[0]).toAbsolutePath().normalize();
        Path report = Path.of(args[1]).toAbsolutePath();
        double scale = args.length > 2 ? Double.parseDouble(args[2]) : 1.0;
        Main m = new Main(root, report, scale);
        try {
            m.run();
        } finally {
            m.cleanUp();
        }
        System.exit(0);
    }

    private int n(int n) {
        return Math.max(3, (int) Math.round(n * scale));
    }

    private void log(String s) {
        System.err.println("bench: " + s);
    }

    private void run() throws Exception {
        long began = System.nanoTime();
        out.machine(root);

        // ---- the floor of a line round trip: an echo server in a JVM of its own ----
        // It stays up while the probe is measured: its samples alternate with the probe's, so that
        // the load of a busy machine weighs on both alike.
        Path echoSocket = scratch.resolve("echo.sock");
        Child echoServer = Child.start(Map.of(), List.of(java, "-cp", classpath, EchoServer.class.getName(), echoSocket.toString()));
        echoServer.awaitLine("READY"::equals, 20_000);
        ProbeClient echo = ProbeClient.connect(echoSocket, Duration.ofSeconds(10));

        // ---- the debug runtime, as run/hvm-debug starts it, Gogo reading our pipe ----
        Map<String, String> env = Map.of("HVM_HOME", scratch.resolve("library").toString(), "HVM_GUI_PROBE_SOCKET", socket.toString());
        Path debugJar = root.resolve("run/target/debug.jar");
        Child debug = Child.start(env, List.of(java, "-jar", debugJar.toString()));
        try {
            awaitProbe(debug, socket, 60_000);
            debug.awaitLine(l -> l.contains("HVM main window shown"), 30_000);
            Thread.sleep(500);
            probeRows(debug, echo);
        } finally {
            stopDebug(debug);
            echo.close();
            echoServer.close();
        }

        log("robots (AssertJ Swing, xdotool) in a JVM of their own on the same display");
        robotRows();
        log("runtime start-up");
        startRows(env);
        log("attach and detach (hvm-dbg attach PID) into a Swing JVM of its own");
        attachRows();

        out.elapsed = (System.nanoTime() - began) / 1e9;
        out.loadAtEnd = Report.load();
        String md = out.markdown();
        Files.createDirectories(report.getParent());
        Files.writeString(report, md);
        System.out.println(out.table());
        log("wrote " + report + " in " + String.format("%.0f", out.elapsed) + " s");
    }

    // ------------------------------------------------------------------ the probe's ops

    private void probeRows(Child debug, ProbeClient echoClient) throws Exception {
        Stats helloRaw;
        Stats helloCall;
        try (ProbeClient c = client()) {
            log("probe.hello");
            Stats[] h = interleaved(5000, n(5000), () -> c.call("probe.hello"), raw(c), raw(echoClient));
            helloCall = h[0];
            helloRaw = h[1];
            Stats echo = h[2];
            out.echo = echo;
            out.row("`probe.hello` round trip, raw line (client: write line, read line)", helloRaw,
                    "echo server, separate JVM, same client code", echo, "≤ 2× floor", helloRaw.medianMs() <= 2 * echo.medianMs(),
                    "hello");
            out.row("`probe.hello` through `ProbeClient.call` (reply parsed)", helloCall,
                    "echo server, separate JVM, raw line", echo, "≤ 2× floor", helloCall.medianMs() <= 2 * echo.medianMs(), "hello");

            log("gui.list main window");
            ObjectNode scopeWindow = args("scope", "window");
            int mainItems = c.call("gui.list", scopeWindow).get("items").size();
            Stats listMain = timed(300, n(1000), () -> c.call("gui.list", scopeWindow));
            out.listMainItems = mainItems;

            log("gui.screenshot with dialog.createVM open");
            c.call("gui.click", args("identifier", "toolbar.button.createVM"));
            ObjectNode wait = args("dialog", "createVM");
            wait.put("state", "open");
            wait.put("timeoutMillis", 10000);
            c.call("gui.wait", wait, Duration.ofSeconds(15));
            Thread.sleep(300);
            ObjectNode shotArgs = args("scope", "window");
            JsonNode shot = c.call("gui.screenshot", shotArgs);
            out.shotSize = shot.get("width").asInt() + "x" + shot.get("height").asInt() + ", windows " + shot.get("windows");
            Stats screenshot = timed(10, n(60), () -> c.call("gui.screenshot", shotArgs));
            Path xwdFile = scratch.resolve("root.xwd");
            Stats xwd = timed(3, n(30), () -> exec("xwd", "-root", "-silent", "-out", xwdFile.toString()));
            Stats imp = null;
            if (which("import")) {
                Path png = scratch.resolve("root.png");
                imp = timed(2, n(15), () -> exec("import", "-window", "root", png.toString()));
            }
            out.row("`gui.screenshot` 1280x800 main window + `dialog.createVM` (PNG, base64, over the socket)", screenshot,
                    "`xwd -root` (raw dump to a file)", xwd, "< 40 ms and ≥ 2× faster than xwd",
                    screenshot.medianMs() < 40 && 2 * screenshot.medianMs() <= xwd.medianMs(), "screenshot");
            if (imp != null) {
                out.row("`gui.screenshot` (same)", screenshot, "ImageMagick `import -window root` (PNG file)", imp, "", null, null);
            } else {
                out.missing.add("ImageMagick `import` is not installed: its row is missing");
            }
            c.call("gui.keypress", args("key", "esc"));
            ObjectNode closed = args("dialog", "createVM");
            closed.put("state", "closed");
            c.call("gui.wait", closed, Duration.ofSeconds(15));

            log("one-shot CLI");
            cliRows(c);

            log("installing the bench.window bundle through Gogo");
            Path bundle = benchBundle();
            OutputStream gogo = debug.stdin();
            gogo.write(("install " + bundle.toUri() + "\n").getBytes(StandardCharsets.UTF_8));
            gogo.flush();
            debug.awaitLine(l -> l.contains("Bundle ID: "), 30_000);
            String id = debug.line(l -> l.contains("Bundle ID: ")).replaceAll(".*Bundle ID: *(\\d+).*", "$1");
            gogo.write(("start " + id + "\n").getBytes(StandardCharsets.UTF_8));
            gogo.flush();
            long deadline = System.currentTimeMillis() + 30_000;
            while (!c.call("probe.hello").get("ops").toString().contains("bench.control")) {
                if (System.currentTimeMillis() > deadline) {
                    throw new IllegalStateException("the bench.window bundle did not start; runtime output:\n" + debug.output());
                }
                Thread.sleep(50);
            }
            Thread.sleep(500);

            log("EDT hop, in the GUI's JVM");
            Stats edtHop = nanos(c.call("bench.control", args("action", "edtHop").put("samples", n(5000)), Duration.ofSeconds(60)));
            out.row("`gui.list` main window (scope `window`, " + mainItems + " items, empty library)", listMain,
                    "empty EDT hop `SwingUtilities.invokeAndWait(() -> {})`, in the GUI's JVM (bench.window bundle)", edtHop,
                    "", null, "list");

            log("gui.list 500-control window");
            ObjectNode scopeBench = args("scope", "bench");
            int benchItems = c.call("gui.list", scopeBench).get("items").size();
            Stats listBench = timed(100, n(500), () -> c.call("gui.list", scopeBench));
            out.row("`gui.list` 500-control window (scope `bench`, " + benchItems + " items)", listBench,
                    "empty EDT hop, in the GUI's JVM", edtHop, "< 2 ms", listBench.medianMs() < 2, "list");

            Stats listBenchRaw = timed(100, n(500), raw(c, "{\"id\":1,\"op\":\"gui.list\",\"args\":{\"scope\":\"bench\"}}\n"));
            out.row("… the same request as a raw line (client: write line, read line; no parsing)", listBenchRaw,
                    "empty EDT hop, in the GUI's JVM", edtHop, "", null, null);

            JsonNode cost = c.call("bench.control", args("action", "listCost").put("scope", "bench").put("samples", n(300)),
                    Duration.ofSeconds(60));
            out.row("… of which the registry's walk (`ViewRegistry.list`) on the EDT, in the GUI's JVM", nanos(cost, "edt"),
                    "empty EDT hop, in the GUI's JVM", edtHop, "", null, null);
            out.row("… of which serialising the items (" + cost.get("bytes").asInt() / 1024 + " KiB) as the transport writes a line (`probe.api.wire.Json`)",
                    nanos(cost, "write"), "empty EDT hop, in the GUI's JVM", edtHop, "", null, null);

            log("gui.click");
            Stats clickFloor = nanos(c.call("bench.control", args("action", "clickFloor").put("samples", n(1000)),
                    Duration.ofSeconds(60)));
            // With its receipt (the default), with effects: false, and as before receipts, each round clicking once with each.
            Stats[] clicks = clicks(c, 100, n(1000), args("identifier", "bench.button.count"),
                    args("identifier", "bench.button.count").put("effects", false),
                    args("identifier", "bench.button.count").put("effects", false).put("settleMillis", 0));
            Stats click = clicks[0];
            out.row("`gui.click` `bench.button.count` (reply with its receipt; its listener ran before, checked for every sample)", click,
                    "press+release posted to the frame → listener ran, in the GUI's JVM (floor)", clickFloor, "< 1 ms",
                    click.medianMs() < 1, "click");
            double added = click.medianMs() - clicks[1].medianMs();
            out.row("… the same with its receipt vs with `effects: false` (same run, interleaved): the receipt adds "
                    + String.format("%.3f ms", added) + " to the median", click, "`gui.click` `effects: false`", clicks[1],
                    "receipt adds ≤ 0.3 ms and < 1 ms with it", added <= 0.3 && click.medianMs() < 1, null);
            out.row("… `effects: false, settleMillis: 0` (the reply at the input's barrier, as before receipts)", clicks[2],
                    "`gui.click` `effects: false`", clicks[1], "", null, null);
            out.remember("`gui.click`", click);

            // Where the receipt's time goes, measured in the GUI's JVM (no socket), the variants interleaved.
            JsonNode ec = c.call("bench.control", args("action", "effectsCost").put("samples", n(1000)), Duration.ofSeconds(120));
            log("a receipt in the GUI's JVM: " + ec.get("receipt"));
            Stats inWith = nanos(ec, "with");
            Stats inWithout = nanos(ec, "without");
            out.row("… in the GUI's JVM (`bench.control effectsCost`, no socket): the click with its receipt, as gui.click makes it; adds "
                    + String.format("%.3f ms", inWith.medianMs() - inWithout.medianMs()) + " to the median", inWith,
                    "the same, `effects: false` (interleaved)", inWithout, "", null, null);
            out.row("… … `effects: false, settleMillis: 0`", nanos(ec, "unsettled"), "the same, `effects: false` (interleaved)", inWithout,
                    "", null, null);
            out.row("… … of which the first look with the lookup (`Effects.before(identifier)`, on the EDT)", nanos(ec, "before"), "empty EDT hop, in the GUI's JVM",
                    edtHop, "", null, null);
            out.row("… … of which the settling, the last look and the receipt (`Effects.finish`)", nanos(ec, "finish"),
                    "empty EDT hop, in the GUI's JVM", edtHop, "", null, null);
            out.row("… … of which serialising the reply", nanos(ec, "write"), "empty EDT hop, in the GUI's JVM", edtHop, "", null, null);
            out.row("… … one look alone (`ViewRegistry.states()`, on the EDT)", nanos(ec, "states"), "empty EDT hop, in the GUI's JVM",
                    edtHop, "", null, null);
            out.row("… … `ViewRegistry.windows()` alone", nanos(ec, "windows"), "empty EDT hop, in the GUI's JVM", edtHop, "", null, null);
            out.row("… … resolve and verdict of `bench.button.count` alone", nanos(ec, "resolve"), "empty EDT hop, in the GUI's JVM",
                    edtHop, "", null, null);

            log("gui.type");
            Stats typeFloor = nanos(c.call("bench.control", args("action", "typeFloor").put("samples", n(200)),
                    Duration.ofSeconds(60)));
            Stats type = types(c, 10, n(200));
            out.row("`gui.type` 100 characters into `bench.input.text` (`replace`; document holds them before the reply)",
                    type, "100 KEY_TYPED posted to the focused field → document holds them, in the GUI's JVM (floor)", typeFloor,
                    "< 5 ms", type.medianMs() < 5, "type");
            out.remember("`gui.type`", type);

            log("gui.wait value");
            Stats valueWait = valueWaits(c, 10, n(200));
            out.row("`gui.wait {identifier, value}`: `bench.grid.label.3`'s text set on the EDT → the wait's reply read", valueWait,
                    "raw line round trip (echo server)", out.echo, "< 2 ms", valueWait.medianMs() < 2, "wait");

            log("event latency");
            Stats events = eventLatency(c, 5, n(100));
            out.row("event latency: `dialog.bench` visible (setVisible returned) → `dialog.opened` line read by a subscriber",
                    events, "raw line round trip (echo server)", out.echo, "< 1 ms", events.medianMs() < 1, "events");

            log("gui.drag");
            Stats[] drags = drags(c, 10, n(100));
            out.row("`gui.drag` `bench.slider`'s thumb from 20 to 75, 1 move (`steps: 1`; reply with its receipt; the slider's"
                    + " listener saw 75 before it, checked for every sample)", drags[0], "`gui.click` `bench.button.count` (above)", click,
                    "", null, "drag");
            out.row("… 10 moves (the default), each posted once the one before was handled", drags[1], "`gui.drag`, 1 move (interleaved)",
                    drags[0], "", null, null);
            out.remember("`gui.drag`", drags[0]);

            log("hvm-dbg mcp");
            new McpBench(out, root, socket, this::n, java).rows(c);
        }

        log("throughput");
        throughputRows();
    }

    /** Deletes the archives run/hvm-dbg keeps for {@code kind} ({@code hvm-dbg} or {@code hvm-dbg-mcp}), one per Java. */
    static void deleteArchives(Path target, String kind) throws IOException {
        try (java.util.stream.Stream<Path> files = Files.list(target)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                String name = f.getFileName().toString();
                if (name.endsWith(".jsa") && (name.equals(kind + ".jsa") || name.startsWith(kind + "-java"))) {
                    Files.deleteIfExists(f);
                }
            }
        }
    }

    /** The archive run/hvm-dbg made for {@code kind}, or a path that does not exist. */
    static Path archive(Path target, String kind) throws IOException {
        try (java.util.stream.Stream<Path> files = Files.list(target)) {
            return files.filter(f -> {
                String name = f.getFileName().toString();
                return name.endsWith(".jsa") && (name.equals(kind + ".jsa") || name.startsWith(kind + "-java"));
            }).findFirst().orElse(target.resolve(kind + ".jsa"));
        }
    }

    private void cliRows(ProbeClient c) throws Exception {
        Map<String, String> env = Map.of("HVM_GUI_PROBE_SOCKET", socket.toString());
        String cli = root.resolve("run/hvm-dbg").toString();
        Path target = root.resolve("bundles/probe.cli/target");
        Map<String, String> noCds = Map.of("HVM_GUI_PROBE_SOCKET", socket.toString(), "HVM_DBG_CDS", "0");
        List<String> cmd = List.of(cli, "gui", "list");
        int rc = execEnv(noCds, cmd);
        if (rc == 2) {
            cmd = List.of(cli, "call", "gui.list");
            rc = execEnv(noCds, cmd);
        }
        if (rc != 0) {
            throw new IllegalStateException(String.join(" ", cmd) + " exited " + rc);
        }
        List<String> fcmd = cmd;
        // The archive this run uses is made by its own first command (run/hvm-dbg makes it on the
        // first command that succeeds), so it holds what this command loads.
        deleteArchives(target, "hvm-dbg");
        long t0 = System.nanoTime();
        execEnv(env, fcmd);
        double firstMs = (System.nanoTime() - t0) / 1e6;
        // run/hvm-dbg names the archive by the Java that made it (hvm-dbg-java<version>.jsa).
        Path jsa = archive(target, "hvm-dbg");
        Path request = scratch.resolve("list.jsonl");
        Files.writeString(request, "{\"id\":1,\"op\":\"gui.list\"}\n");
        Stats[] s = interleaved(2, n(20), () -> execEnv(env, fcmd), () -> execEnv(noCds, fcmd),
                () -> execIn(request, "socat", "-", "UNIX-CONNECT:" + socket), () -> exec(java, "-version"));
        Stats cliStats = s[0];
        Stats plain = s[1];
        Stats socat = s[2];
        Stats javaVersion = s[3];
        out.cliCommand = "run/hvm-dbg " + String.join(" ", cmd.subList(1, cmd.size()));
        out.appCds = Files.exists(jsa) ? "archive of " + Files.size(jsa) / 1024 + " KiB made by the first command, which took "
                + Stats.ms(firstMs) + " ms" : "no archive was made (the target folder is not writable?)";
        String mode = Files.exists(jsa) ? "AppCDS on" : "AppCDS failed, off";
        out.row("one-shot `" + out.cliCommand + "` wall time (" + mode + ")", cliStats,
                "`socat - UNIX-CONNECT:sock < request` (same request)", socat, "< 250 ms", cliStats.medianMs() < 250, "cli");
        out.row("one-shot `" + out.cliCommand + "` (" + mode + ")", cliStats, "bare `java -version`", javaVersion, "", null, null);
        out.row("one-shot `" + out.cliCommand + "` (AppCDS off: `HVM_DBG_CDS=0`)", plain, "bare `java -version`", javaVersion, "",
                null, null);
    }

    private void throughputRows() throws Exception {
        long millis = Math.max(1000, (long) (5000 * Math.min(1, scale)));
        Throughput one = throughput(1, millis);
        Throughput sixteen = throughput(16, millis);
        Throughput sixtyFour = throughput(64, millis);
        out.throughput(one, sixteen);
        out.throughput(one, sixtyFour);
    }

    /** Mixed ops on {@code clients} connections for {@code millis}: hello, a small list, a click, dialog.current. */
    private Throughput throughput(int clients, long millis) throws Exception {
        List<ProbeClient> cs = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            cs.add(client());
        }
        ObjectNode list = args("scope", "bench.button");
        ObjectNode click = args("identifier", "bench.button.count");
        AtomicBoolean go = new AtomicBoolean(true);
        CountDownLatch start = new CountDownLatch(1);
        List<long[]> lat = new ArrayList<>();
        List<Thread> ts = new ArrayList<>();
        int[] counts = new int[clients];
        for (int i = 0; i < clients; i++) {
            int k = i;
            long[] mine = new long[Math.max(200_000, 2_000_000 / clients)];
            lat.add(mine);
            Thread t = new Thread(() -> {
                ProbeClient c = cs.get(k);
                int j = 0;
                try {
                    start.await();
                    while (go.get() && j < mine.length) {
                        long t0 = System.nanoTime();
                        switch (j % 4) {
                            case 0: c.call("probe.hello"); break;
                            case 1: c.call("gui.list", list); break;
                            case 2: c.call("gui.click", click); break;
                            default: c.call("gui.dialog.current"); break;
                        }
                        mine[j++] = System.nanoTime() - t0;
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                } finally {
                    counts[k] = j;
                }
            }, "bench-client-" + i);
            t.start();
            ts.add(t);
        }
        // Warm-up is the first second of nothing measured: each client first makes 50 calls.
        long t0 = System.nanoTime();
        start.countDown();
        Thread.sleep(millis);
        go.set(false);
        for (Thread t : ts) {
            t.join();
        }
        long elapsed = System.nanoTime() - t0;
        cs.forEach(ProbeClient::close);
        int total = 0;
        List<Long> all = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            total += counts[i];
            for (int j = 0; j < counts[i]; j++) {
                all.add(lat.get(i)[j]);
            }
        }
        return new Throughput(clients, total, elapsed, new Stats(all.stream().mapToLong(Long::longValue).toArray()));
    }

    static final class Throughput {
        final int clients;
        final int ops;
        final long nanos;
        final Stats latency;

        Throughput(int clients, int ops, long nanos, Stats latency) {
            this.clients = clients;
            this.ops = ops;
            this.nanos = nanos;
            this.latency = latency;
        }

        double perSecond() {
            return ops / (nanos / 1e9);
        }
    }

    /**
     * {@code gui.click bench.button.count} with each of {@code variants} of its args in turn (one
     * round clicks once with each, so that the machine's load weighs on all alike), checking for
     * every click that the button's listener ran after the request was sent and before the reply
     * was read. The first variant's clicks make the "listener ran" figures of the notes.
     */
    private Stats[] clicks(ProbeClient c, int warm, int n, ObjectNode... variants) throws Exception {
        int k = variants.length;
        long[][] sent = new long[k][warm + n];
        long[][] replied = new long[k][warm + n];
        int first = c.call("bench.control", args("action", "stats")).get("clicks").asInt() + 1;
        for (int i = 0; i < warm + n; i++) {
            for (int v = 0; v < k; v++) {
                sent[v][i] = System.nanoTime();
                c.call("gui.click", variants[v]);
                replied[v][i] = System.nanoTime();
                // Not a double click of the one before (the AWT multi-click interval).
                Thread.sleep(1);
            }
        }
        JsonNode s = c.call("bench.control", args("action", "stats").put("clicksFrom", first));
        JsonNode at = s.get("clickAt");
        if (at.size() != k * (warm + n)) {
            throw new IllegalStateException("the listener ran " + at.size() + " times for " + k * (warm + n) + " clicks");
        }
        Stats[] out = new Stats[k];
        for (int v = 0; v < k; v++) {
            long[] t = new long[n];
            long[] toListener = new long[n];
            int ok = 0;
            for (int i = 0; i < warm + n; i++) {
                long l = at.get(i * k + v).asLong();
                if (i >= warm) {
                    ok += l >= sent[v][i] && l <= replied[v][i] ? 1 : 0;
                    t[i - warm] = replied[v][i] - sent[v][i];
                    toListener[i - warm] = l - sent[v][i];
                }
            }
            if (v == 0) {
                out0(ok, n, toListener);
            } else if (ok != n) {
                this.out.missing.add("gui.click variant " + variants[v] + ": the listener ran before the reply for only " + ok + " of " + n);
            }
            out[v] = new Stats(t);
        }
        return out;
    }

    /**
     * {@code gui.drag} of the bench slider's thumb from 20 to 75, with 1 move and with 10 in turn
     * (its frame shown for them, hidden after), each from 20 again; for every drag, the slider's
     * listener must have seen its value end at 75 after the request was sent and before the reply
     * was read.
     */
    private Stats[] drags(ProbeClient c, int warm, int n) throws Exception {
        ObjectNode show = args("action", "slider").put("show", true).put("at", 20);
        JsonNode where = c.call("bench.control", show);
        int from = where.get("x").get(20).asInt();
        int to = where.get("x").get(75).asInt();
        int y = where.get("height").asInt() / 2;
        long[][] t = new long[2][n];
        int ok = 0;
        try {
            for (int i = 0; i < warm + n; i++) {
                for (int v = 0; v < 2; v++) {
                    c.call("bench.control", show);
                    int before = c.call("bench.control", args("action", "stats")).get("slides").asInt();
                    ObjectNode drag = args("identifier", BenchWindow.SLIDER).put("x", from).put("y", y).put("dx", to - from).put("dy", 0)
                            .put("steps", v == 0 ? 1 : 10);
                    long t0 = System.nanoTime();
                    c.call("gui.drag", drag);
                    long t1 = System.nanoTime();
                    JsonNode st = c.call("bench.control", args("action", "stats"));
                    long at = st.get("slidAt").asLong();
                    if (i >= warm) {
                        t[v][i - warm] = t1 - t0;
                        ok += st.get("slides").asInt() > before && st.get("slidValue").asInt() == 75 && at >= t0 && at <= t1 ? 1 : 0;
                    }
                }
            }
        } finally {
            c.call("bench.control", args("action", "slider").put("show", false).put("at", 20));
        }
        out.dragChecked = ok + " of " + 2 * n;
        if (ok != 2 * n) {
            out.missing.add("gui.drag: the slider's listener saw 75 before the reply for only " + ok + " of " + 2 * n);
        }
        return new Stats[] {new Stats(t[0]), new Stats(t[1])};
    }

    private void out0(int ok, int n, long[] toListener) {
        out.clickChecked = ok + " of " + n;
        out.clickToListener = new Stats(toListener);
    }

    /**
     * {@code gui.wait {identifier: bench.grid.label.3, value}}: the bench window sets the label's
     * text on the EDT {@code delay} ms after the wait was asked for (a Swing timer of its own); the
     * time from the moment the text was set to the moment the wait's reply was read.
     */
    private Stats valueWaits(ProbeClient c, int warm, int n) throws Exception {
        long[] t = new long[n];
        int late = 0;
        for (int i = -warm; i < n; i++) {
            String v = "value " + i;
            c.call("bench.control", args("action", "setValueLater").put("value", v).put("delayMillis", 10));
            long asked = System.nanoTime();
            c.call("gui.wait", args("identifier", "bench.grid.label.3").put("value", v).put("timeoutMillis", 5000));
            long replied = System.nanoTime();
            long setAt = c.call("bench.control", args("action", "stats")).get("valueSetAt").asLong();
            if (setAt < asked) {
                late++;
            }
            if (i >= 0) {
                t[i] = replied - setAt;
            }
        }
        c.call("bench.control", args("action", "setValueLater").put("value", "l3").put("delayMillis", 0));
        out.valueWaitEarly = late;
        return new Stats(t);
    }

    private Stats types(ProbeClient c, int warm, int n) throws Exception {
        String text = "abcdefghijklmnopqrstuvwxyz".repeat(4).substring(0, 100);
        ObjectNode a = args("identifier", "bench.input.text");
        a.put("text", text);
        a.put("replace", true);
        long[] t = new long[n];
        int ok = 0;
        for (int i = -warm; i < n; i++) {
            int before = c.call("bench.control", args("action", "stats")).get("typedReached").asInt();
            long t0 = System.nanoTime();
            c.call("gui.type", a);
            long t1 = System.nanoTime();
            JsonNode s = c.call("bench.control", args("action", "stats"));
            long at = s.get("typedAt").asLong();
            boolean good = s.get("typedReached").asInt() == before + 1 && at >= t0 && at <= t1;
            if (i >= 0) {
                t[i] = t1 - t0;
                ok += good ? 1 : 0;
            }
        }
        out.typeChecked = ok + " of " + n;
        return new Stats(t);
    }

    private Stats eventLatency(ProbeClient c, int warm, int n) throws Exception {
        BlockingQueue<long[]> seen = new ArrayBlockingQueue<>(16);
        try (ProbeClient sub = client()) {
            sub.subscribe("dialog.*");
            Thread reader = new Thread(() -> {
                try {
                    while (true) {
                        ObjectNode e = sub.nextEvent(Duration.ofDays(1));
                        long t = System.nanoTime();
                        if (e == null) {
                            continue;
                        }
                        String name = e.path("event").asText();
                        if ("bench".equals(e.path("name").asText())) {
                            seen.put(new long[] {"dialog.opened".equals(name) ? 1 : 0, t});
                        }
                    }
                } catch (Exception e) {
                    // Closed.
                }
            }, "bench-subscriber");
            reader.setDaemon(true);
            reader.start();
            long[] t = new long[n];
            for (int i = -warm; i < n; i++) {
                c.call("gui.click", args("identifier", "bench.button.dialog"));
                long[] ev = seen.poll(10, TimeUnit.SECONDS);
                if (ev == null || ev[0] != 1) {
                    throw new IllegalStateException("no dialog.opened for the bench dialog");
                }
                long shown = c.call("bench.control", args("action", "stats")).get("dialogShownAt").asLong();
                if (i >= 0) {
                    t[i] = ev[1] - shown;
                }
                c.call("bench.control", args("action", "closeDialog"));
                long[] closed = seen.poll(10, TimeUnit.SECONDS);
                if (closed == null || closed[0] != 0) {
                    throw new IllegalStateException("no dialog.closed for the bench dialog");
                }
                Thread.sleep(2);
            }
            return new Stats(t);
        }
    }

    // ------------------------------------------------------------------ robots, start-up

    private void robotRows() throws Exception {
        JsonNode r;
        try (Child robots = Child.start(Map.of(), List.of(java, "-cp", classpath, RobotBench.class.getName(), Double.toString(scale)))) {
            robots.awaitLine(l -> l.startsWith("RESULT ") || l.contains("Exception"), 400_000);
            String line = robots.line(l -> l.startsWith("RESULT "));
            if (line == null) {
                out.missing.add("the robot rows failed: " + robots.output().lines().limit(20).reduce("", (a, b) -> a + "\n    " + b));
                return;
            }
            r = JSON.readTree(line.substring(7));
        }
        out.robots(nanos(r, "assertjClickDefault"), nanos(r, "assertjClickFast"), nanos(r, "xdotoolClick"),
                nanos(r, "xdotoolClickDelay0"), nanos(r, "assertjTypeDefault"), nanos(r, "assertjTypeFast"), nanos(r, "xdotoolDrag"));
    }

    private void startRows(Map<String, String> env) throws Exception {
        Path releaseJar = root.resolve("run/target/release.jar");
        Path debugJar = root.resolve("run/target/debug.jar");
        int n = Math.max(3, (int) Math.round(5 * Math.min(1, scale * 2)));
        long[] release = new long[n];
        long[] debugSock = new long[n];
        long[] debugWindow = new long[n];
        for (int i = -1; i < n; i++) {
            Path lib = Files.createTempDirectory(scratch, "lib");
            try (Child c = Child.start(Map.of("HVM_HOME", lib.toString()), List.of(java, "-jar", releaseJar.toString()))) {
                long shown = c.awaitLine(l -> l.contains("HVM main window shown"), 60_000);
                if (i >= 0) {
                    release[i] = shown - c.startedAt;
                }
            }
            Path s = scratch.resolve("run").resolve("start" + i + ".sock");
            try (Child c = Child.start(Map.of("HVM_HOME", lib.toString(), "HVM_GUI_PROBE_SOCKET", s.toString()),
                    List.of(java, "-Dgosh.args=--nointeractive", "-jar", debugJar.toString()))) {
                long answering = awaitProbe(c, s, 60_000);
                long shown = c.awaitLine(l -> l.contains("HVM main window shown"), 60_000);
                if (i >= 0) {
                    debugSock[i] = answering - c.startedAt;
                    debugWindow[i] = shown - c.startedAt;
                }
            }
        }
        out.start(new Stats(debugSock), new Stats(release), new Stats(debugWindow));
    }

    /**
     * {@code run/hvm-dbg attach PID} into a fresh Swing JVM (its exit: the probe answered
     * probe.hello), then {@code run/hvm-dbg detach PID} (its exit: the socket is gone), against
     * {@code jcmd PID VM.version} on the same JVM: the attach API's own round trip, what any attach
     * costs before an agent loads.
     */
    private void attachRows() throws Exception {
        String cli = root.resolve("run/hvm-dbg").toString();
        String jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd").toString();
        if (!Files.isExecutable(Path.of(jcmd))) {
            out.missing.add("the attach rows: this Java has no jcmd (a JRE), and hvm-dbg attach needs a JDK");
            return;
        }
        int n = Math.max(3, (int) Math.round(5 * Math.min(1, scale * 2)));
        long[] attach = new long[n];
        long[] reattach = new long[n];
        long[] detach = new long[n];
        long[] floor = new long[n];
        for (int i = -1; i < n; i++) {
            try (Child app = Child.start(Map.of(), List.of(java, "-cp", classpath, AttachTarget.class.getName()))) {
                app.awaitLine("SHOWN"::equals, 60_000);
                Thread.sleep(300);
                String pid = Long.toString(app.process.pid());
                long t0 = System.nanoTime();
                int rc = exec(jcmd, pid, "VM.version");
                long t1 = System.nanoTime();
                int attached = exec(cli, "attach", pid);
                long t2 = System.nanoTime();
                int detached = exec(cli, "detach", pid);
                long t3 = System.nanoTime();
                int again = exec(cli, "attach", pid);
                long t4 = System.nanoTime();
                int detachedAgain = exec(cli, "detach", pid);
                if (rc != 0 || attached != 0 || detached != 0 || again != 0 || detachedAgain != 0) {
                    out.missing.add("the attach rows: jcmd exited " + rc + ", attach " + attached + ", detach " + detached
                            + ", attach again " + again + ", detach again " + detachedAgain);
                    return;
                }
                if (i >= 0) {
                    floor[i] = t1 - t0;
                    attach[i] = t2 - t1;
                    detach[i] = t3 - t2;
                    reattach[i] = t4 - t3;
                }
            }
        }
        Stats jcmdStats = new Stats(floor);
        Stats attachStats = new Stats(attach);
        Stats reattachStats = new Stats(reattach);
        out.row("`run/hvm-dbg attach PID` into a fresh Swing JVM (one frame) → exit, the probe answering `probe.hello`", attachStats,
                "`jcmd PID VM.version` on the same JVM (the attach API's round trip)", jcmdStats, "≤ 2× jcmd",
                attachStats.medianMs() <= 2 * jcmdStats.medianMs(), "attach");
        out.row("… again, after a detach (re-attach, same JVM)", reattachStats,
                "`jcmd PID VM.version` on the same JVM", jcmdStats, "≤ 2× jcmd", reattachStats.medianMs() <= 2 * jcmdStats.medianMs(), null);
        out.row("`run/hvm-dbg detach PID` → exit, the socket gone", new Stats(detach),
                "`jcmd PID VM.version` on the same JVM", jcmdStats, "", null, null);
        guestRows(cli, jcmd);
    }

    /**
     * What the probe adds to an application it is attached to, on SwingSet2 where run/lib/swingset2.sh
     * finds it (else the one-frame target): threads, resident memory, and what a full GC leaves of the
     * Java heap and of metaspace (the classes), before, attached (after a gui list) and after the detach.
     */
    private void guestRows(String cli, String jcmd) throws Exception {
        String swingSet2 = capture(30, "bash", root.resolve("run/lib/swingset2.sh").toString()).strip();
        boolean ss = !swingSet2.isEmpty() && Files.isRegularFile(Path.of(swingSet2));
        List<String> cmd = ss ? List.of(java, "-jar", swingSet2) : List.of(java, "-cp", classpath, AttachTarget.class.getName());
        try (Child app = Child.start(Map.of(), cmd)) {
            long pid = app.process.pid();
            if (ss) {
                Thread.sleep(8000); // SwingSet2 says nothing when it shows: its demos load in some 3-5 s
            } else {
                app.awaitLine("SHOWN"::equals, 60_000);
            }
            capture(20, jcmd, Long.toString(pid), "VM.version"); // the JVM's Attach Listener, started before the first look
            String[] before = guestLook(jcmd, pid);
            Map<String, Long> cpu0 = threadCpu(pid);
            Map<String, Long> counters0 = counters(jcmd, pid);
            long a0 = System.nanoTime();
            int attached = exec(cli, "attach", Long.toString(pid));
            long attachNanos = System.nanoTime() - a0;
            Map<String, Long> cpu1 = threadCpu(pid);
            Map<String, Long> counters1 = counters(jcmd, pid);
            if (attached != 0 || exec(cli, "--pid", Long.toString(pid), "gui", "list") != 0) {
                out.missing.add("the guest's figures: the attach or its gui list failed");
                return;
            }
            String[] in = guestLook(jcmd, pid);
            exec(cli, "detach", Long.toString(pid));
            Thread.sleep(500);
            String[] after = guestLook(jcmd, pid);
            out.guest = "in " + (ss ? "SwingSet2" : "the one-frame target (SwingSet2 was not found)") + ", each look after two full GCs"
                    + " (`jcmd GC.run`): before / attached (after a `gui list`) / after the detach\n\n"
                    + "| | before | attached | after the detach |\n|---|---|---|---|\n"
                    + "| threads | " + before[0] + " | " + in[0] + " | " + after[0] + " |\n"
                    + "| resident set (MiB) | " + before[1] + " | " + in[1] + " | " + after[1] + " |\n"
                    + "| … of it in the Java heap's range: pages of the heap ever touched (MiB) | " + before[6] + " | " + in[6] + " | " + after[6] + " |\n"
                    + "| … of it outside the heap: classes, compiled code, threads, the C library's heap (MiB) | " + before[7] + " | " + in[7] + " | " + after[7] + " |\n"
                    + "| Java heap used (MiB) | " + before[2] + " | " + in[2] + " | " + after[2] + " |\n"
                    + "| metaspace used (MiB) | " + before[3] + " | " + in[3] + " | " + after[3] + " |\n"
                    + "| Java heap committed (MiB) | " + before[4] + " | " + in[4] + " | " + after[4] + " |\n"
                    + "| the probe's class loaders (`jcmd VM.classloaders`) | " + before[5] + " | " + in[5] + " | " + after[5] + " |\n"
                    + attachCost(attachNanos, cpu0, cpu1, counters0, counters1);
        }
    }

    /**
     * What the attach itself cost the application, from its threads' CPU time (/proc) and the JVM's own
     * counters (`jcmd PerfCounter.print`) just before and just after `hvm-dbg attach`: the thread that ran
     * the agent against the compilers' threads, the classes loaded and the time the JVM counted loading,
     * linking and initialising them, and the methods compiled.
     */
    private static String attachCost(long nanos, Map<String, Long> cpu0, Map<String, Long> cpu1, Map<String, Long> c0, Map<String, Long> c1) {
        Map<String, Long> byKind = new java.util.TreeMap<>();
        for (Map.Entry<String, Long> e : cpu1.entrySet()) {
            long d = e.getValue() - cpu0.getOrDefault(e.getKey(), 0L);
            if (d > 0) {
                String name = e.getKey().substring(e.getKey().indexOf(' ') + 1);
                String kind = name.startsWith("Attach Listener") ? "the attach listener (runs the agent: framework, bundles, components)"
                        : name.startsWith("C1 Compiler") || name.startsWith("C2 Compiler") ? "the JIT compilers (" + name.substring(0, 2) + ")"
                        : name.startsWith("hdp-gui") || name.startsWith("SCR") || name.startsWith("Felix") ? "the probe's own threads"
                        : "the application's other threads (GC, EDT, …)";
                byKind.merge(kind, d, Long::sum);
            }
        }
        StringBuilder b = new StringBuilder("\nWhat the attach cost the application (`hvm-dbg attach` took ")
                .append(nanos / 1_000_000).append(" ms here, on ").append(Runtime.getRuntime().availableProcessors())
                .append(" cores): CPU time of its threads during the attach (threads that ended are not counted), and the JVM's own counters\n\n| | |\n|---|---|\n");
        byKind.forEach((k, v) -> b.append("| CPU, ").append(k).append(" | ").append(v).append(" ms |\n"));
        double freq = c1.getOrDefault("sun.os.hrt.frequency", 1_000_000_000L);
        java.util.function.ToLongFunction<String> d = k -> c1.getOrDefault(k, 0L) - c0.getOrDefault(k, 0L);
        b.append("| classes loaded (`java.cls.loadedClasses`) | ").append(d.applyAsLong("java.cls.loadedClasses")).append(" |\n");
        b.append("| time the JVM counted loading, linking and initialising classes (`sun.cls.time`) | ")
                .append(Math.round(d.applyAsLong("sun.cls.time") / freq * 1000)).append(" ms |\n");
        b.append("| … of it in static initialisers (`sun.cls.classInitTime.self`) | ")
                .append(Math.round(d.applyAsLong("sun.cls.classInitTime.self") / freq * 1000)).append(" ms |\n");
        b.append("| methods compiled (`sun.ci.totalCompiles`) | ").append(d.applyAsLong("sun.ci.totalCompiles")).append(" |\n");
        b.append("| compilers' time (`java.ci.totalTime`) | ").append(Math.round(d.applyAsLong("java.ci.totalTime") / freq * 1000)).append(" ms |\n");
        return b.toString();
    }

    /** {@code pid}'s threads' CPU time in ms, keyed "TID NAME" (/proc/PID/task/TID/stat); empty off Linux. */
    private static Map<String, Long> threadCpu(long pid) {
        Map<String, Long> cpu = new java.util.HashMap<>();
        try (var tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path t : (Iterable<Path>) tasks::iterator) {
                try {
                    String stat = Files.readString(t.resolve("stat"));
                    String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    // utime and stime, fields 14 and 15 of stat (11 and 12 after the name), in clock ticks of 10 ms.
                    cpu.put(t.getFileName() + " " + name, (Long.parseLong(f[11]) + Long.parseLong(f[12])) * 10);
                } catch (IOException | RuntimeException gone) {
                    // the thread ended meanwhile
                }
            }
        } catch (IOException e) {
            // not Linux, or the JVM ended
        }
        return cpu;
    }

    /** The JVM's own counters of {@code pid} that are numbers ({@code jcmd PerfCounter.print}). */
    private static Map<String, Long> counters(String jcmd, long pid) throws Exception {
        Map<String, Long> c = new java.util.HashMap<>();
        for (String l : capture(20, jcmd, Long.toString(pid), "PerfCounter.print").lines().toList()) {
            int eq = l.indexOf('=');
            if (eq > 0) {
                try {
                    c.put(l.substring(0, eq).strip(), Long.parseLong(l.substring(eq + 1).strip()));
                } catch (NumberFormatException text) {
                    // a string counter
                }
            }
        }
        return c;
    }

    /**
     * After two full GCs in {@code pid} (a loader whose last holder is cleaned up by the first goes in the
     * second): its threads, resident set, heap used, metaspace used and heap committed (MiB), and how many
     * class loaders of the probe's framework and bundles it has, as text.
     */
    private static String[] guestLook(String jcmd, long pid) throws Exception {
        for (int i = 0; i < 2; i++) {
            capture(20, jcmd, Long.toString(pid), "GC.run");
            Thread.sleep(300);
        }
        long loaders = capture(20, jcmd, Long.toString(pid), "VM.classloaders", "fold=false").lines()
                .filter(l -> l.contains("\"hdp-gui-felix\"") || l.contains("BundleClassLoader")).count();
        long[] g = guest(pid);
        String info = capture(20, jcmd, Long.toString(pid), "GC.heap_info");
        Matcher heap = Pattern.compile("total (\\d+)K, used (\\d+)K").matcher(info);
        Matcher meta = Pattern.compile("Metaspace\\s+used (\\d+)K").matcher(info);
        boolean h = heap.find();
        boolean m = meta.find();
        long[] split = residentInRange(pid, info);
        return new String[] {Long.toString(g[0]), String.format("%.1f", g[1] / 1024.0),
            h ? String.format("%.1f", Long.parseLong(heap.group(2)) / 1024.0) : "?",
            m ? String.format("%.1f", Long.parseLong(meta.group(1)) / 1024.0) : "?",
            h ? String.format("%.1f", Long.parseLong(heap.group(1)) / 1024.0) : "?", Long.toString(loaders),
            split == null ? "?" : String.format("%.1f", split[0] / 1024.0), split == null ? "?" : String.format("%.1f", split[1] / 1024.0)};
    }

    /**
     * {@code pid}'s resident set (KiB) within the Java heap's reserved range, which {@code heapInfo} ({@code jcmd
     * GC.heap_info}) gives as {@code [0x…, 0x…)}, and outside it, from /proc/PID/smaps; null when either cannot be read.
     */
    private static long[] residentInRange(long pid, String heapInfo) {
        Matcher range = Pattern.compile("\\[(0x[0-9a-f]+), (0x[0-9a-f]+)\\)").matcher(heapInfo);
        if (!range.find()) {
            return null;
        }
        long lo = Long.parseUnsignedLong(range.group(1).substring(2), 16);
        long hi = Long.parseUnsignedLong(range.group(2).substring(2), 16);
        long in = 0;
        long out = 0;
        boolean inHeap = false;
        try {
            for (String l : Files.readAllLines(Path.of("/proc", Long.toString(pid), "smaps"))) {
                int dash = l.indexOf('-');
                int space = l.indexOf(' ');
                if (dash > 0 && space > dash && l.substring(0, dash).chars().allMatch(ch -> Character.digit(ch, 16) >= 0)) {
                    long start = Long.parseUnsignedLong(l.substring(0, dash), 16);
                    inHeap = Long.compareUnsigned(start, lo) >= 0 && Long.compareUnsigned(start, hi) < 0;
                } else if (l.startsWith("Rss:")) {
                    long kib = Long.parseLong(l.replaceAll("[^0-9]", ""));
                    if (inHeap) {
                        in += kib;
                    } else {
                        out += kib;
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return new long[] {in, out};
    }

    /** A command's standard output, waited for at most {@code seconds} (empty when it fails or takes longer). */
    private static String capture(int seconds, String... cmd) throws IOException, InterruptedException {
        Path out = Files.createTempFile("bench", ".out");
        try {
            Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "";
            }
            return p.exitValue() == 0 ? Files.readString(out) : "";
        } finally {
            Files.deleteIfExists(out);
        }
    }

    /** {@code pid}'s threads and resident set (KiB), from /proc; -1 for what cannot be read. */
    private static long[] guest(long pid) {
        long threads = -1;
        long rss = -1;
        try (var tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            threads = tasks.count();
            for (String l : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (l.startsWith("VmRSS:")) {
                    rss = Long.parseLong(l.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | NumberFormatException e) {
            // Not Linux, or the JVM ended.
        }
        return new long[] {threads, rss};
    }

    // ------------------------------------------------------------------ helpers

    private ProbeClient client() throws IOException {
        return ProbeClient.connect(socket, Duration.ofSeconds(30));
    }

    /** Polls every 2 ms until probe.hello answers on {@code s}; the time it first did. */
    private long awaitProbe(Child c, Path s, long timeoutMillis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (System.currentTimeMillis() < deadline) {
            if (Files.exists(s)) {
                try (ProbeClient p = ProbeClient.connect(s, Duration.ofSeconds(5))) {
                    p.call("probe.hello");
                    return System.nanoTime();
                } catch (Exception e) {
                    // Not yet.
                }
            }
            if (!c.process.isAlive()) {
                throw new IllegalStateException("the runtime exited:\n" + c.output());
            }
            Thread.sleep(2);
        }
        throw new IllegalStateException("no probe answered on " + s + ":\n" + c.output());
    }

    private void stopDebug(Child debug) throws InterruptedException {
        try {
            debug.stdin().write("stop 0\n".getBytes(StandardCharsets.UTF_8));
            debug.stdin().flush();
        } catch (IOException e) {
            // Already gone.
        }
        if (!debug.process.waitFor(15, TimeUnit.SECONDS)) {
            debug.close();
        }
    }

    private Path benchBundle() throws IOException {
        try (var s = Files.list(root.resolve("bench/target"))) {
            return s.filter(p -> p.getFileName().toString().matches("bench-.*\\.jar")).findFirst()
                    .orElseThrow(() -> new IOException("bench/target/bench-*.jar is not built"));
        }
    }

    private static ObjectNode args(String k, String v) {
        ObjectNode o = JSON.createObjectNode();
        o.put(k, v);
        return o;
    }

    interface Call {
        Object run() throws Exception;
    }

    private static Stats timed(int warm, int n, Call call) throws Exception {
        long[] t = new long[n];
        for (int i = -warm; i < n; i++) {
            long t0 = System.nanoTime();
            call.run();
            long dt = System.nanoTime() - t0;
            if (i >= 0) {
                t[i] = dt;
            }
        }
        return new Stats(t);
    }

    /** Each round runs every call once, in turn: a slow stretch of a busy machine weighs on all of them alike. */
    private static Stats[] interleaved(int warm, int n, Call... calls) throws Exception {
        long[][] t = new long[calls.length][n];
        for (int i = -warm; i < n; i++) {
            for (int k = 0; k < calls.length; k++) {
                long t0 = System.nanoTime();
                calls[k].run();
                long dt = System.nanoTime() - t0;
                if (i >= 0) {
                    t[k][i] = dt;
                }
            }
        }
        Stats[] s = new Stats[calls.length];
        for (int k = 0; k < calls.length; k++) {
            s[k] = new Stats(t[k]);
        }
        return s;
    }

    private static final byte[] HELLO_LINE = "{\"id\":1,\"op\":\"probe.hello\"}\n".getBytes(StandardCharsets.UTF_8);

    /** Writes the hello line and reads a line back, no parsing: the same code for the probe and the echo floor. */
    private static Call raw(ProbeClient c) {
        return raw(c, HELLO_LINE);
    }

    private static Call raw(ProbeClient c, String line) {
        return raw(c, line.getBytes(StandardCharsets.UTF_8));
    }

    private static Call raw(ProbeClient c, byte[] line) {
        RawConnection raw = RawConnection.of(c);
        return () -> {
            raw.send(line);
            return raw.readLine();
        };
    }

    private static Stats nanos(JsonNode data) {
        return nanos(data, "nanos");
    }

    private static Stats nanos(JsonNode data, String field) {
        JsonNode a = data.get(field);
        long[] t = new long[a.size()];
        for (int i = 0; i < t.length; i++) {
            t[i] = a.get(i).asLong();
        }
        return new Stats(t);
    }

    private static int exec(String... cmd) throws IOException, InterruptedException {
        return execEnv(Map.of(), Arrays.asList(cmd));
    }

    private static int execEnv(Map<String, String> env, List<String> cmd) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().putAll(env);
        return pb.start().waitFor();
    }

    private static int execIn(Path in, String... cmd) throws IOException, InterruptedException {
        return new ProcessBuilder(cmd).redirectInput(in.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start().waitFor();
    }

    private static boolean which(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }

    private void cleanUp() {
        try (var s = Files.walk(scratch)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // Best effort.
        }
    }

    static String now() {
        return ZonedDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm z"));
    }

}
