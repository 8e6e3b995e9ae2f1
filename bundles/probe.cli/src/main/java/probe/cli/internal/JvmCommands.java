package probe.cli.internal;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import probe.api.wire.SocketPaths;
import probe.cli.jvm.Attach;

/**
 * The commands that put the probe into any Swing application of this user, or find it there:
 * {@code ps}, {@code attach PID}, {@code detach PID}, {@code launch -- java ARGS…} ({@link Attach} does
 * the work). Each prints one line on failure and exits with the code hvm-dbg's help lists ({@link HvmDbg}).
 */
final class JvmCommands {
    private JvmCommands() {
    }

    /** Runs {@code body}, turning a refusal, or a JRE without the attach API, into one line and its code. */
    private static int guarded(CommandSpec spec, Callable<Integer> body) throws Exception {
        try {
            return body.call();
        } catch (Attach.Refused e) {
            spec.commandLine().getErr().println("hvm-dbg: " + e.getMessage());
            return e.code();
        } catch (NoClassDefFoundError e) {
            if (String.valueOf(e.getMessage()).contains("com/sun/tools/attach")) {
                spec.commandLine().getErr().println("hvm-dbg: this Java has no attach API (module jdk.attach): attaching needs a JDK, not a JRE; "
                        + "run hvm-dbg with a JDK's java (JAVA_HOME)");
                return Attach.REFUSES_AGENTS;
            }
            throw e;
        }
    }

    private static Duration timeout(CommandSpec spec) {
        return ((HvmDbg) spec.root().userObject()).globals.timeout;
    }

    @Command(name = "ps", description = {"List your JVMs: pid, whether a probe answers, the name attach NAME and --app NAME take",
        "(a jar's file name without .jar, else the main class's simple name), what it runs, and the probe's socket and",
        "its windows' titles (a title names a JVM too, where a probe answers)."})
    static final class Ps implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            return guarded(spec, () -> {
                var out = spec.commandLine().getOut();
                out.printf("%-8s %-6s %-20s %-40s %s%n", "PID", "PROBE", "NAME", "MAIN", "SOCKET, WINDOWS");
                for (Attach.Jvm j : Attach.list(Duration.ofSeconds(1))) {
                    out.printf("%-8d %-6s %-20s %-40s %s%n", j.pid(), j.answers() ? "yes" : "-", j.name(), j.main(),
                            j.answers() ? j.socket() + titles(j.titles()) : "");
                }
                return 0;
            });
        }
    }

    /** Windows' titles after a socket: {@code   "SwingSet2", "About"}; empty for none. */
    static String titles(List<String> titles) {
        String q = probe.cli.jvm.Jvms.quoted(titles);
        return q.isEmpty() ? "" : "  " + q;
    }

    @Command(name = "attach", description = {"Load the probe into your running JVM PID or NAME (a JDK's hvm-dbg: the attach API),",
        "wait until it answers, and print its socket. Then: hvm-dbg --app NAME gui list (or --pid PID)"})
    static final class AttachCmd implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Parameters(paramLabel = "PID|NAME", description = {"the JVM's process id, or its name as hvm-dbg ps shows it (a jar's file name,",
            "a main class): it must name exactly one of your JVMs; several are listed and exit 2"})
        String target;

        @Override
        public Integer call() throws Exception {
            return guarded(spec, () -> {
                long pid = Attach.pid(target);
                long t0 = System.nanoTime();
                Attach.Loaded l = Attach.attach(pid, timeout(spec));
                long ms = (System.nanoTime() - t0) / 1_000_000;
                if (l.already()) {
                    spec.commandLine().getOut().println("the probe is already in JVM " + pid + ": " + l.socket());
                } else {
                    spec.commandLine().getOut().println(l.socket());
                    spec.commandLine().getErr().println("hvm-dbg: probe ready in JVM " + pid + " after " + ms + " ms; detach with: hvm-dbg detach " + pid);
                }
                if (l.windows() == 0) {
                    spec.commandLine().getErr().println("hvm-dbg: JVM " + pid + " shows no window yet: gui commands find nothing until it shows one");
                }
                return 0;
            });
        }
    }

    @Command(name = "detach", description = "Stop the probe in JVM PID or NAME: its framework stops, its socket goes, the application runs on.")
    static final class DetachCmd implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Parameters(paramLabel = "PID|NAME", description = "the JVM's process id, or its name (as attach takes it)")
        String target;

        @Override
        public Integer call() throws Exception {
            return guarded(spec, () -> {
                long pid = Attach.pid(target);
                Path gone = Attach.detach(pid, timeout(spec));
                spec.commandLine().getOut().println(gone == null ? "no probe in JVM " + pid : "detached from JVM " + pid + "; " + gone + " is gone");
                return 0;
            });
        }
    }

    @Command(name = "launch", description = {"Start a Java application with the probe: hvm-dbg launch [--] java ARGS...",
        "(the same as adding -javaagent:hdp-gui-agent.jar after java). Every word from java on is passed as it is:",
        "JVM options, a class path and a main class, or -jar, and the application's arguments, e.g.",
        "  hvm-dbg launch java --add-opens java.desktop/javax.swing=ALL-UNNAMED -Dapp.mode=test -cp app.jar:lib/* org.acme.Main --big",
        "Prints the socket once the probe answers, then waits for the application and exits with its exit code."})
    static final class LaunchCmd implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Parameters(paramLabel = "COMMAND", arity = "1..*", description = "java (or a path to it) and its arguments, as on a command line")
        List<String> command;

        @Override
        public Integer call() throws Exception {
            return guarded(spec, () -> {
                List<String> cmd = new ArrayList<>(command);
                cmd.add(1, "-javaagent:" + Attach.agentJar());
                Process p;
                try {
                    p = new ProcessBuilder(cmd).inheritIO().start();
                } catch (java.io.IOException e) {
                    throw new Attach.Refused(2, "could not start " + command.get(0) + ": " + e.getMessage());
                }
                Path socket = SocketPaths.forApplication(p.pid());
                try {
                    Attach.awaitHello(socket, timeout(spec));
                } catch (Attach.Refused e) {
                    if (!p.isAlive()) {
                        throw new Attach.Refused(NOT_STARTED, "the application ended (exit " + p.exitValue() + ") before its probe answered");
                    }
                    throw e;
                }
                spec.commandLine().getErr().println("hvm-dbg: pid " + p.pid() + ", probe on " + socket);
                spec.commandLine().getErr().flush();
                Runtime.getRuntime().addShutdownHook(new Thread(p::destroy));
                while (!p.waitFor(1, TimeUnit.DAYS)) {
                    // the application runs on
                }
                return p.exitValue();
            });
        }

        private static final int NOT_STARTED = 1;
    }
}
