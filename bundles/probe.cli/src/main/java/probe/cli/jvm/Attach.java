package probe.cli.jvm;

import com.sun.tools.attach.AgentInitializationException;
import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import probe.client.ProbeClient;
import probe.paths.ProbePaths;

/**
 * Loading the probe's agent (bundles/probe.agent, hdp-gui-agent.jar) into a running JVM of this user
 * and taking it out again, through the JDK's attach API (module jdk.attach: a JDK, not a JRE). Every
 * refusal is an {@link Refused} with the exit code the README lists and one line that says what to do.
 * hvm-dbg's attach, detach and launch use it, and so does an MCP server that finds its application.
 */
public final class Attach {
    /** Exit codes beyond the contract's 0-3 (HvmDbg's list, the README). */
    public static final int NO_SUCH_JVM = 4;
    public static final int OTHER_USER = 5;
    public static final int REFUSES_AGENTS = 6;
    public static final int TOO_OLD = 7;
    public static final int NO_GUI = 8;

    /** The agent's system properties in the target JVM, as probe.agent.Agent sets them (probe.paths says them once). */
    static final String SOCKET_PROPERTY = ProbePaths.AGENT_SOCKET_PROPERTY;
    static final String ERROR_PROPERTY = ProbePaths.AGENT_ERROR_PROPERTY;
    static final String WINDOWS_PROPERTY = ProbePaths.AGENT_WINDOWS_PROPERTY;
    /** Overrides where the agent jar is found (else beside hvm-dbg.jar, or in its build folder). */
    static final String AGENT_ENV = ProbePaths.AGENT_ENV;

    /** Why the probe could not be loaded, taken out or found: {@link #code} is hvm-dbg's exit code for it. */
    public static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;
        private final int code;

        public Refused(int code, String message) {
            super(message, null, false, false);
            this.code = code;
        }

        public int code() {
            return code;
        }
    }

    /** What an attach left: the socket, and how many windows showed then. */
    public record Loaded(Path socket, boolean already, int windows) {
    }

    private Attach() {
    }

    /** The agent jar: $HDP_GUI_AGENT, else hdp-gui-agent.jar beside hvm-dbg.jar, else in this repository's build. */
    public static Path agentJar() throws Refused {
        String env = System.getenv(AGENT_ENV);
        if (env != null && !env.isBlank()) {
            Path p = Path.of(env);
            if (!Files.isRegularFile(p)) {
                throw new Refused(2, AGENT_ENV + " names " + p + ", which is no file");
            }
            return p.toAbsolutePath();
        }
        try {
            Path cli = Path.of(Attach.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toAbsolutePath();
            Path dir = cli.getParent();
            for (Path p : List.of(dir.resolve("hdp-gui-agent.jar"),
                    dir.getParent().getParent().resolve("probe.agent").resolve("target").resolve("hdp-gui-agent.jar"))) {
                if (Files.isRegularFile(p)) {
                    return p;
                }
            }
        } catch (Exception e) {
            // fall through to the message below
        }
        throw new Refused(2, "hdp-gui-agent.jar is neither beside hvm-dbg.jar nor built (mvn -DskipTests package); or set " + AGENT_ENV);
    }

    /** Refuses a pid that is no process or another user's, before anything is loaded or attached. */
    public static void checkProcess(long pid) throws Refused {
        if (pid <= 0 || ProcessHandle.of(pid).isEmpty()) {
            throw new Refused(NO_SUCH_JVM, "no process " + pid);
        }
        Path proc = Path.of("/proc", Long.toString(pid));
        try {
            Object owner = Files.getAttribute(proc, "unix:uid");
            Object me = Files.getAttribute(Path.of("/proc/self"), "unix:uid");
            if (!owner.equals(me)) {
                throw new Refused(OTHER_USER, "process " + pid + " belongs to uid " + owner + ", not to you (uid " + me
                        + "): the probe attaches only to your own processes");
            }
        } catch (IOException | UnsupportedOperationException e) {
            // No /proc (macOS): the attach API itself refuses another user's JVM.
            return;
        }
        // The attach API signals (SIGQUIT) a process to open its attach listener: a process that is no
        // JVM could die of it, so one without a JVM library mapped is refused here.
        try (var lines = Files.lines(proc.resolve("maps"))) {
            if (lines.noneMatch(l -> l.endsWith("/libjvm.so"))) {
                throw new Refused(NO_SUCH_JVM, "process " + pid + " is not a JVM");
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            // maps unreadable: leave it to the attach API
        }
    }

    /** Loads the agent into {@code pid} unless it is there already; waits for the probe to answer hello. */
    public static Loaded attach(long pid, Duration timeout) throws Refused {
        checkProcess(pid);
        Path agent = agentJar();
        VirtualMachine vm = open(pid);
        try {
            Properties props = vm.getSystemProperties();
            String spec = props.getProperty("java.specification.version", "0");
            if (feature(spec) < 17) {
                throw new Refused(TOO_OLD, "JVM " + pid + " runs Java " + spec + "; the probe needs Java 17 or later");
            }
            if ("true".equals(props.getProperty("java.awt.headless"))) {
                throw new Refused(NO_GUI, "JVM " + pid + " is headless (java.awt.headless=true): there is no GUI to probe");
            }
            String there = props.getProperty(SOCKET_PROPERTY);
            if (there != null) {
                return new Loaded(Path.of(there), true, windows(props));
            }
            try {
                vm.loadAgent(agent.toString(), "start");
            } catch (AgentLoadException | AgentInitializationException e) {
                throw new Refused(REFUSES_AGENTS, "JVM " + pid + " did not load the agent (" + e.getMessage() + ")"
                        + (feature(spec) >= 21 ? "; it may run with -XX:-EnableDynamicAgentLoading: start it with hvm-dbg launch instead" : ""));
            }
            props = vm.getSystemProperties();
            String error = props.getProperty(ERROR_PROPERTY);
            String socket = props.getProperty(SOCKET_PROPERTY);
            if (socket == null) {
                String why = error == null ? "the agent left no socket" : error;
                throw new Refused(why.contains("headless") ? NO_GUI : 1, "the probe did not start in JVM " + pid + ": " + why);
            }
            Path path = Path.of(socket);
            awaitHello(path, timeout);
            trimNativeHeap(vm);
            return new Loaded(path, false, windows(props));
        } catch (IOException e) {
            throw new Refused(REFUSES_AGENTS, "JVM " + pid + ": " + e.getMessage());
        } finally {
            try {
                vm.detach();
            } catch (IOException e) {
                // the connection is gone either way
            }
        }
    }

    /** Stops the probe in {@code pid}; returns the socket it had, null when none ran. */
    public static Path detach(long pid, Duration timeout) throws Refused {
        checkProcess(pid);
        Path agent = agentJar();
        VirtualMachine vm = open(pid);
        try {
            String socket = vm.getSystemProperties().getProperty(SOCKET_PROPERTY);
            if (socket == null) {
                return null;
            }
            vm.loadAgent(agent.toString(), "stop");
            String error = vm.getSystemProperties().getProperty(ERROR_PROPERTY);
            if (error != null) {
                throw new Refused(1, "the probe in JVM " + pid + " did not stop cleanly: " + error);
            }
            Path path = Path.of(socket);
            long end = System.nanoTime() + timeout.toNanos();
            while (Files.exists(path) && System.nanoTime() < end) {
                Thread.sleep(20);
            }
            trimNativeHeap(vm);
            return path;
        } catch (AgentLoadException | AgentInitializationException | IOException e) {
            throw new Refused(REFUSES_AGENTS, "JVM " + pid + " did not run the agent's stop: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Refused(1, "interrupted");
        } finally {
            try {
                vm.detach();
            } catch (IOException e) {
                // gone either way
            }
        }
    }

    /**
     * Asks the JVM to give the C library's free memory back to the system, as {@code jcmd PID
     * System.trim_native_heap} does: what the probe's start had the JVM allocate and free again
     * (the compilers' arenas, buffers of class files), or what a detach freed, otherwise stays
     * resident in the C library's heap (docs/RELIABILITY.md, "A guest's memory"). Best effort: a
     * JVM without the command (the first updates of Java 17), a C library without the call (not glibc), or this
     * CLI run from a class path rather than {@code java -jar} (the jar's manifest exports the
     * attach API's {@code executeJCmd} to it) is left as it is.
     */
    static void trimNativeHeap(VirtualMachine vm) {
        try {
            Object answer = vm.getClass().getMethod("executeJCmd", String.class).invoke(vm, "System.trim_native_heap");
            try (InputStream in = (InputStream) answer) {
                in.transferTo(OutputStream.nullOutputStream());
            }
        } catch (ReflectiveOperationException | IOException | RuntimeException e) {
            // not there, or not for us: the memory stays where it is
        }
    }

    /** A line of {@code hvm-dbg ps}: one of this user's JVMs that the attach API sees, by the name a user types. */
    public record Jvm(long pid, String name, String main, Path socket, boolean answers, List<String> titles) {
    }

    /** This user's JVMs, each with whether a probe answers in it and, where one does, its windows' titles. */
    public static List<Jvm> list(Duration probeTimeout) {
        List<Jvm> out = new ArrayList<>();
        for (Jvms.Jvm j : Jvms.list()) {
            Path socket = ProbePaths.forApplication(j.pid());
            List<String> titles = Jvms.windows(socket, probeTimeout);
            out.add(new Jvm(j.pid(), j.name(), j.main(), socket, titles != null, titles == null ? List.of() : titles));
        }
        return out;
    }

    /** The pid {@code target} names: itself when it is one, else the one JVM of this user of that name (probe.cli.jvm.Jvms). */
    public static long pid(String target) throws Refused {
        String t = target.trim();
        if (!t.isEmpty() && t.chars().allMatch(Character::isDigit)) {
            try {
                return Long.parseLong(t);
            } catch (NumberFormatException e) {
                throw new Refused(NO_SUCH_JVM, "no process " + t);
            }
        }
        try {
            return Jvms.resolve(t).pid();
        } catch (Jvms.Unresolved e) {
            throw new Refused(e.code(), e.getMessage());
        }
    }

    private static VirtualMachine open(long pid) throws Refused {
        try {
            return VirtualMachine.attach(Long.toString(pid));
        } catch (AttachNotSupportedException e) {
            throw new Refused(REFUSES_AGENTS, "process " + pid + " is not a JVM that accepts attach (" + e.getMessage()
                    + "); a JVM started with -XX:+DisableAttachMechanism refuses it (-XX:+EnableDynamicAgentLoading,"
                    + " on Java 21+, only silences the agent warning and does not help): start it with hvm-dbg launch");
        } catch (IOException e) {
            throw new Refused(NO_SUCH_JVM, "process " + pid + " does not answer as a JVM: " + e.getMessage());
        }
    }

    private static boolean answers(Path socket, Duration timeout) {
        try (ProbeClient c = ProbeClient.connect(socket, timeout)) {
            c.hello();
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** Waits, at most {@code timeout}, until the probe at {@code socket} answers probe.hello. */
    public static void awaitHello(Path socket, Duration timeout) throws Refused {
        long end = System.nanoTime() + timeout.toNanos();
        while (true) {
            if (Files.exists(socket) && answers(socket, Duration.ofSeconds(2))) {
                return;
            }
            if (System.nanoTime() > end) {
                throw new Refused(3, "no probe answered on " + socket + " within " + timeout.toSeconds() + " s");
            }
            try {
                Thread.sleep(25);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new Refused(1, "interrupted");
            }
        }
    }

    private static int windows(Properties props) {
        try {
            return Integer.parseInt(props.getProperty(WINDOWS_PROPERTY, "-1"));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The feature release of a java.specification.version ("1.8" is 8, "17" is 17). */
    static int feature(String spec) {
        try {
            return spec.startsWith("1.") ? Integer.parseInt(spec.substring(2)) : Integer.parseInt(spec.split("\\.")[0]);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
