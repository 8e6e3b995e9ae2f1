package bench.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The rows of one run, as a Markdown table and as docs/BENCHMARKS.md. */
final class Report {
    /** The order of the groups in the table; rows of a group in the order they were measured. */
    private static final List<String> GROUPS = List.of("hello", "list", "click", "robots", "drag", "type", "wait", "screenshot", "events", "cli",
            "start", "attach", "throughput", "");
    private final List<String[]> rows = new ArrayList<>();
    private final List<String> groups = new ArrayList<>();
    private String lastGroup = "";
    final List<String> missing = new ArrayList<>();
    private String machine = "";
    double elapsed;
    Stats echo;
    String loadAtEnd = "?";
    int listMainItems;
    String shotSize = "";
    String cliCommand = "";
    String appCds = "";
    String clickChecked = "";
    Stats clickToListener;
    String typeChecked = "";
    /** Drags whose slider listener saw the end value before the reply, of all timed. */
    String dragChecked = "";
    /** Value waits whose value was set before the wait was asked for (they answered at once). */
    int valueWaitEarly;
    /** What an attach adds to the attached JVM (threads, RSS), in words; empty when not measured. */
    String guest = "";

    void machine(Path root) throws IOException, InterruptedException {
        String cpu = "?";
        for (String l : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
            if (l.startsWith("model name")) {
                cpu = l.substring(l.indexOf(':') + 1).trim();
                break;
            }
        }
        // BENCH_COMMIT: the commit a copy of the tree (git archive) was taken from.
        String commit = System.getenv().getOrDefault("BENCH_COMMIT", run(root, "git", "rev-parse", "--short", "HEAD"));
        machine = "- nproc: " + Runtime.getRuntime().availableProcessors() + "\n"
                + "- CPU: " + cpu + "\n"
                + "- JDK: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version") + "\n"
                + "- OS: " + System.getProperty("os.name") + " " + System.getProperty("os.version") + "\n"
                + "- display: Xvfb " + System.getenv().getOrDefault("HVM_XVFB_SCREEN", "?") + " (private, started by run/bench), no window manager\n"
                + "- load average when the run began (1, 5, 15 min): " + load() + "\n"
                + "- date: " + Main.now() + "\n"
                + "- commit: " + (commit.isEmpty() ? "?" : commit) + "\n";
    }

    static String load() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + ", " + f[1] + ", " + f[2];
        } catch (IOException e) {
            return "?";
        }
    }

    private static String run(Path dir, String... cmd) throws InterruptedException {
        try {
            Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
            String s = new String(p.getInputStream().readAllBytes()).trim();
            return p.waitFor() == 0 ? s : "";
        } catch (IOException e) {
            return "";
        }
    }

    /** A row: what, ours, compared with, theirs, target, met (null: no target), and the note it refers to. */
    void row(String what, Stats ours, String vs, Stats theirs, String target, Boolean met, String note) {
        row(note == null ? lastGroup : note, what, ours, vs, theirs, target, met, note);
    }

    private void row(String group, String what, Stats ours, String vs, Stats theirs, String target, Boolean met, String note) {
        double ratio = ours.medianMs() / theirs.medianMs();
        String verdict = met == null ? "" : met ? "met" : "**missed**";
        add(group, new String[] {what, ours.cell(), vs, theirs.cell(), ratio(ratio),
            target + (target.isEmpty() ? "" : " — ") + verdict, note == null ? "" : "[" + note + "](#" + note + ")"});
    }

    private static String ratio(double r) {
        if (r >= 10) {
            return String.format("%.0f×", r);
        }
        if (r >= 0.1) {
            return String.format("%.2f×", r);
        }
        return String.format("1/%.0f", 1 / r);
    }

    void robots(Stats clickDefault, Stats clickFast, Stats xdo, Stats xdo0, Stats typeDefault, Stats typeFast, Stats xdoDrag) {
        Stats drag = find("`gui.drag`");
        if (drag != null) {
            row("drag", "`gui.drag` 1 move (same)", drag, "`xdotool mousemove X1 Y mousedown 1 mousemove X2 Y mouseup 1` on the same slider"
                    + " (its frame in the robots' JVM) → exited and listener saw the release", xdoDrag, "", null, "drag");
        }
        Stats click = find("`gui.click`");
        Stats type = find("`gui.type`");
        if (click != null) {
            boolean tenX = click.medianMs() * 10 <= Math.min(clickFast.medianMs(), Math.min(xdo.medianMs(), xdo0.medianMs()));
            String t = "< 1 ms and ≥ 10× faster than the fastest robot";
            rowAgainst("`gui.click` (same)", click, "AssertJ Swing `click()`, default settings → listener ran", clickDefault, t,
                    click.medianMs() < 1 && tenX);
            rowAgainst("`gui.click` (same)", click, "AssertJ Swing `click()`, delays 0 → listener ran", clickFast, t,
                    click.medianMs() < 1 && tenX);
            rowAgainst("`gui.click` (same)", click, "`xdotool mousemove X Y click 1` → exited and listener ran", xdo, t,
                    click.medianMs() < 1 && tenX);
            rowAgainst("`gui.click` (same)", click, "`xdotool mousemove X Y click --delay 0 1` → exited and listener ran", xdo0, t,
                    click.medianMs() < 1 && tenX);
        }
        if (type != null) {
            rowAgainst("`gui.type` 100 characters (same)", type, "AssertJ Swing `enterText`, default settings → document holds them",
                    typeDefault, "< 5 ms", type.medianMs() < 5);
            rowAgainst("`gui.type` 100 characters (same)", type, "AssertJ Swing `enterText`, delays 0 → document holds them",
                    typeFast, "< 5 ms", type.medianMs() < 5);
        }
    }

    private void rowAgainst(String what, Stats ours, String vs, Stats theirs, String target, boolean met) {
        row(what.startsWith("`gui.type`") ? "type" : "robots", what, ours, vs, theirs, target, met, "robots");
    }

    private final java.util.Map<String, Stats> byName = new java.util.HashMap<>();

    private Stats find(String prefix) {
        return byName.get(prefix);
    }

    void remember(String prefix, Stats s) {
        byName.put(prefix, s);
    }

    void start(Stats debugSocket, Stats release, Stats debugWindow) {
        double gap = debugSocket.medianMs() - release.medianMs();
        add("start", new String[] {"debug runtime (`java -jar run/target/debug.jar`) start → socket answers `probe.hello`", debugSocket.cell(),
            "release runtime (`java -jar run/target/release.jar`) start → \"HVM main window shown\"", release.cell(),
            ratio(debugSocket.medianMs() / release.medianMs()) + String.format(" (+%.0f ms)", gap),
            "within 1.5 s of release — " + (gap <= 1500 ? "met" : "**missed**"), "[start](#start)"});
        add("start", new String[] {"debug runtime start → \"HVM main window shown\"", debugWindow.cell(), "release (same)", release.cell(),
            ratio(debugWindow.medianMs() / release.medianMs()), "", "[start](#start)"});
    }

    void throughput(Main.Throughput one, Main.Throughput sixteen) {
        add("throughput", new String[] {sixteen.clients + " clients, mixed ops (hello, list `bench.button`, click, dialog.current), " + sixteen.ops + " ops in "
                + String.format("%.1f s", sixteen.nanos / 1e9) + ": **" + String.format("%.0f ops/s", sixteen.perSecond())
                + "**; per-op latency", sixteen.latency.cell(), "1 client, same mix, " + one.ops + " ops: **"
                + String.format("%.0f ops/s", one.perSecond()) + "**; per-op latency", one.latency.cell(),
            String.format("%.2f× the throughput", sixteen.perSecond() / one.perSecond()), "", "[throughput](#throughput)"});
    }

    private void add(String group, String[] row) {
        lastGroup = group;
        int at = rows.size();
        int rank = GROUPS.indexOf(group) < 0 ? GROUPS.size() : GROUPS.indexOf(group);
        for (int i = 0; i < rows.size(); i++) {
            int other = GROUPS.indexOf(groups.get(i)) < 0 ? GROUPS.size() : GROUPS.indexOf(groups.get(i));
            if (other > rank) {
                at = i;
                break;
            }
        }
        rows.add(at, row);
        groups.add(at, group);
    }

    String table() {
        StringBuilder b = new StringBuilder();
        b.append("| what is measured | median / p99 / n (ms) | compared with | median / p99 / n (ms) | ratio (median ÷ median) | target | note |\n");
        b.append("|---|---|---|---|---|---|---|\n");
        for (String[] r : rows) {
            b.append("| ").append(String.join(" | ", r)).append(" |\n");
        }
        return b.toString();
    }

    String markdown() throws IOException {
        String notes = notes();
        return "# Benchmarks\n\n"
                + "Written by `run/bench` (" + String.format("%.0f", elapsed) + " s for this run, load average " + loadAtEnd
                + " when it ended); every figure below comes from this one run.\n"
                + "Re-run it to refresh this file; it is not part of `run/test`.\n\n"
                + "## The machine\n\n" + machine + "\n"
                + "## Results\n\n"
                + "Times in milliseconds: median / 99th percentile (nearest rank) / number of samples, after a warm-up that is not counted. "
                + "The ratio is our median divided by the median it is compared with: above 1 we are slower, below 1 faster.\n\n"
                + table() + "\n"
                + (guest.isEmpty() ? "" : "A light guest: what the probe adds to an application, " + guest + "\n")
                + (missing.isEmpty() ? "" : "Missing from this run:\n\n- " + String.join("\n- ", missing) + "\n\n")
                + notes;
    }

    private String notes() throws IOException {
        try (var in = Report.class.getResourceAsStream("notes.md")) {
            String s = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            return s.replace("${shotSize}", shotSize).replace("${cliCommand}", cliCommand).replace("${appCds}", appCds)
                    .replace("${clickChecked}", clickChecked).replace("${typeChecked}", typeChecked).replace("${dragChecked}", dragChecked)
                    .replace("${clickToListener}", clickToListener == null ? "–" : clickToListener.cell())
                    .replace("${listMainItems}", Integer.toString(listMainItems))
                    .replace("${valueWaitEarly}", Integer.toString(valueWaitEarly));
        }
    }
}
