package itest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A short command the tests run (xdotool, jcmd, a script), bounded: its input, output and errors go
 * through files, so a command that writes more than a pipe holds (a thread dump) never stalls
 * waiting for the test to read, and the test never waits past the bound.
 */
final class Command {
    private Command() {
    }

    /** A command that ended: its exit status, standard output and standard error. */
    record Ran(int exit, String out, String err) {
    }

    /** Runs {@code cmd} with no input, at most {@code within}; fails the test when it takes longer. */
    static Ran run(List<String> cmd, Duration within) throws Exception {
        return run(new byte[0], cmd, within);
    }

    /** Runs {@code cmd} with {@code stdin} as its input, at most {@code within}; fails the test when it takes longer. */
    static Ran run(byte[] stdin, List<String> cmd, Duration within) throws Exception {
        Path dir = Files.createTempDirectory("itest-command");
        try {
            Path in = Files.write(dir.resolve("in"), stdin);
            Path out = dir.resolve("out");
            Path err = dir.resolve("err");
            Process p = new ProcessBuilder(cmd).redirectInput(in.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(within.toNanos(), TimeUnit.NANOSECONDS)) {
                p.destroyForcibly();
                throw new AssertionError(String.join(" ", cmd) + " did not end within " + within + ": " + read(out) + read(err));
            }
            return new Ran(p.exitValue(), read(out), read(err));
        } finally {
            try (var files = Files.list(dir)) {
                for (Path f : (Iterable<Path>) files::iterator) {
                    Files.deleteIfExists(f);
                }
            }
            Files.deleteIfExists(dir);
        }
    }

    /** Runs {@code cmd}, at most {@code within}, and fails the test unless it exits with 0; its output, then its errors. */
    static String ok(List<String> cmd, Duration within) throws Exception {
        return ok(new byte[0], cmd, within);
    }

    /** {@link #ok(List, Duration)} with {@code stdin} as the command's input. */
    static String ok(byte[] stdin, List<String> cmd, Duration within) throws Exception {
        Ran ran = run(stdin, cmd, within);
        String text = ran.out() + ran.err();
        if (ran.exit() != 0) {
            throw new AssertionError(String.join(" ", cmd) + " failed (exit " + ran.exit() + "): " + text);
        }
        return text;
    }

    private static String read(Path f) throws IOException {
        return Files.exists(f) ? Files.readString(f, StandardCharsets.UTF_8) : "";
    }
}
