package bench.harness;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** A child process whose merged output is read line by line, each line stamped with System.nanoTime(). */
final class Child implements AutoCloseable {
    final Process process;
    final long startedAt;
    private final List<String> lines = new ArrayList<>();
    private final List<Long> times = new ArrayList<>();

    private Child(Process process, long startedAt) {
        this.process = process;
        this.startedAt = startedAt;
        Thread pump = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    long t = System.nanoTime();
                    synchronized (lines) {
                        lines.add(line);
                        times.add(t);
                        lines.notifyAll();
                    }
                }
            } catch (IOException e) {
                // The process ended.
            }
        }, "bench-child-output");
        pump.setDaemon(true);
        pump.start();
    }

    static Child start(Map<String, String> env, List<String> cmd) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().putAll(env);
        long t0 = System.nanoTime();
        return new Child(pb.start(), t0);
    }

    OutputStream stdin() {
        return process.getOutputStream();
    }

    /** The time the first line matching {@code p} was read; fails after {@code timeoutMillis}. */
    long awaitLine(Predicate<String> p, long timeoutMillis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        synchronized (lines) {
            while (true) {
                for (int i = 0; i < lines.size(); i++) {
                    if (p.test(lines.get(i))) {
                        return times.get(i);
                    }
                }
                long left = deadline - System.currentTimeMillis();
                if (left <= 0 || !process.isAlive() && lines.isEmpty()) {
                    throw new IllegalStateException("no such line from " + process.info().command().orElse("?")
                            + " within " + timeoutMillis + " ms; output:\n" + output());
                }
                lines.wait(Math.min(left, 200));
            }
        }
    }

    String line(Predicate<String> p) {
        synchronized (lines) {
            return lines.stream().filter(p).findFirst().orElse(null);
        }
    }

    String output() {
        synchronized (lines) {
            return String.join("\n", lines);
        }
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }
}
