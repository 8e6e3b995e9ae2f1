package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The real hvm-dbg jar, run as a user runs it, against the test framework's socket. */
public final class Cli {

    /** What one run printed and how it ended. */
    public record Result(int exit, String out, String err) {
        public Result ok() {
            assertEquals(0, exit, "hvm-dbg failed: " + err + out);
            return this;
        }
    }

    private Cli() {
    }

    public static Path jar() {
        Path p = Fixture.projectRoot().resolve("bundles").resolve("probe.cli").resolve("target").resolve("hvm-dbg.jar");
        if (!Files.isRegularFile(p)) {
            throw new AssertionError(p + " is built before the integration tests");
        }
        return p;
    }

    public static Result run(String... args) throws Exception {
        return runWithInput(null, args);
    }

    /** Runs hvm-dbg with {@code input} on its standard input (for --text-stdin). */
    public static Result runWithInput(String input, String... args) throws Exception {
        return runAt(Fixture.socket(), input, args);
    }

    /** Runs hvm-dbg as a user runs it, with no --socket: the commands find a JVM's socket themselves (attach, --pid). */
    public static Result asUser(String... args) throws Exception {
        return runAt(null, null, args);
    }

    /** Runs hvm-dbg against the socket {@code socket} (null: none), with {@code input} (null for none) on its standard input. */
    public static Result runAt(Path socket, String input, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", jar().toString()));
        if (socket != null) {
            cmd.addAll(List.of("--socket", socket.toString()));
        }
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile("hvm-dbg", ".out");
        Path err = Files.createTempFile("hvm-dbg", ".err");
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
            if (socket == null) {
                pb.environment().remove("HVM_GUI_PROBE_SOCKET");
            }
            Process p = pb.start();
            try (OutputStream in = p.getOutputStream()) {
                if (input != null) {
                    in.write(input.getBytes(StandardCharsets.UTF_8));
                }
            }
            if (!p.waitFor(Fixture.WAIT.toSeconds(), TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("hvm-dbg " + args[0] + " did not exit");
            }
            return new Result(p.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
