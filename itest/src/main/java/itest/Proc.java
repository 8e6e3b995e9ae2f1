package itest;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A child JVM (a runtime or the CLI) whose output the test reads line by line. */
public final class Proc implements AutoCloseable {
    private final Process process;
    private final List<String> lines = new ArrayList<>();
    /** Everything read so far, a line not ended yet (a prompt) included. */
    private final StringBuilder text = new StringBuilder();

    private Proc(Process process) {
        this.process = process;
        Thread pump = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                StringBuilder line = new StringBuilder();
                for (int c = r.read(); c != -1; c = r.read()) {
                    synchronized (lines) {
                        text.append((char) c);
                        if (c == '\n') {
                            int end = line.length() > 0 && line.charAt(line.length() - 1) == '\r' ? line.length() - 1 : line.length();
                            lines.add(line.substring(0, end));
                            line.setLength(0);
                        } else {
                            line.append((char) c);
                        }
                    }
                }
            } catch (IOException e) {
                // The process ended.
            }
        }, "itest-proc-output");
        pump.setDaemon(true);
        pump.start();
    }

    /**
     * Starts {@code java args...} with {@code env} added, stdout and stderr merged. The child's temp
     * folder is this JVM's (run/test's private one), so its framework cache goes with it.
     */
    public static Proc java(Map<String, String> env, String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"));
        cmd.addAll(List.of(args));
        return command(env, cmd.toArray(new String[0]));
    }

    /** Starts {@code command} (a script of run/, say) with {@code env} added, stdout and stderr merged. */
    public static Proc command(Map<String, String> env, String... command) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().remove("HVM_GUI_PROBE_SOCKET");
        pb.environment().putAll(env);
        return new Proc(pb.start());
    }

    public long pid() {
        return process.pid();
    }

    public String output() {
        synchronized (lines) {
            return String.join("\n", lines);
        }
    }

    /** Everything the process printed so far, as it came (a prompt without its line end too). */
    public String text() {
        synchronized (lines) {
            return text.toString();
        }
    }

    /** Waits until the output, from {@code from} (a {@link #text()} length) on, contains {@code wanted}. */
    public void awaitText(int from, String wanted) throws InterruptedException {
        Fixture.await("'" + wanted + "' from pid " + pid(), () -> {
            synchronized (lines) {
                return text.indexOf(wanted, from) >= 0;
            }
        });
    }

    /** Writes {@code keys} to the process's stdin, as typed. */
    public void type(String keys) throws IOException {
        process.getOutputStream().write(keys.getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().flush();
    }

    /** Waits until a line contains {@code text}; fails with the output so far when it does not come. */
    public void awaitLine(String text) throws InterruptedException {
        Fixture.await("a line with '" + text + "' from pid " + pid(), () -> {
            synchronized (lines) {
                return lines.stream().anyMatch(l -> l.contains(text));
            }
        });
    }

    /** Waits for the process to exit and returns its exit code. */
    public int exitCode() throws InterruptedException {
        if (!process.waitFor(Fixture.WAIT.toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("pid " + pid() + " did not exit; output:\n" + output());
        }
        return process.exitValue();
    }

    /** The processes this one started (a script's JVM), while they run. */
    public List<ProcessHandle> children() {
        return process.descendants().collect(java.util.stream.Collectors.toList());
    }

    @Override
    public void close() throws InterruptedException {
        // A script passes SIGTERM on to its JVM; should it not, the JVM is ended here too.
        List<ProcessHandle> children = children();
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
        for (ProcessHandle c : children) {
            c.destroy();
        }
        for (ProcessHandle c : children) {
            try {
                c.onExit().get(10, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                c.destroyForcibly();
            }
        }
    }
}
