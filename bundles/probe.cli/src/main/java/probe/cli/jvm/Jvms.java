package probe.cli.jvm;

import com.sun.tools.attach.VirtualMachine;
import com.sun.tools.attach.VirtualMachineDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import probe.client.ProbeClient;
import probe.paths.ProbePaths;

/**
 * This user's JVMs as a person names them, and a name resolved to exactly one of them: what
 * {@code hvm-dbg ps} shows, what {@code hvm-dbg attach NAME} and {@code --app NAME} take, and what an MCP
 * server that looks for its application asks. A JVM's name is its jar's file name without {@code .jar}
 * ({@code java -jar /opt/SwingSet2.jar} is {@code SwingSet2}), else its main class's simple name
 * ({@code org.acme.Main} is {@code Main}). A name given matches, ignoring case, that name, the jar's
 * file name, or the main class in full; failing those, the title of one of its windows, where a probe
 * answers in it. Needs a JDK (module jdk.attach).
 */
public final class Jvms {
    /** No JVM of this user has that name: hvm-dbg's exit code 4, as for a pid that is no JVM. */
    public static final int NONE = 4;
    /** Several have it: bad usage, exit code 2; the message lists them with their pids. */
    public static final int SEVERAL = 2;

    /** One JVM: its pid, the name a user types, and what the JVM says it runs (a main class, or a jar's path). */
    public record Jvm(long pid, String name, String main) {
    }

    /** Why a name named no single JVM: {@link #code} is {@link #NONE} or {@link #SEVERAL}, {@link #candidates} the matches. */
    public static final class Unresolved extends Exception {
        private static final long serialVersionUID = 1L;
        private final int code;
        private final transient List<Jvm> candidates;

        public Unresolved(int code, String message, List<Jvm> candidates) {
            super(message, null, false, false);
            this.code = code;
            this.candidates = List.copyOf(candidates);
        }

        public int code() {
            return code;
        }

        public List<Jvm> candidates() {
            return candidates;
        }
    }

    private Jvms() {
    }

    /** This user's JVMs that the attach API sees, but this one, in the order it gives them. */
    public static List<Jvm> list() {
        List<Jvm> out = new ArrayList<>();
        long self = ProcessHandle.current().pid();
        for (VirtualMachineDescriptor d : VirtualMachine.list()) {
            long pid;
            try {
                pid = Long.parseLong(d.id());
            } catch (NumberFormatException e) {
                continue;
            }
            if (pid != self) {
                String main = main(d.displayName());
                out.add(new Jvm(pid, nameOf(main), main));
            }
        }
        return out;
    }

    /**
     * The JVM among {@link #list()} that {@code name} names: by its name, jar, main class or pid, else
     * by the title of one of its windows, in the JVMs where a probe answers ({@link #titles}: the
     * windows of a JVM without one are the display server's to tell, which hvm-dbg does not ask).
     */
    public static Jvm resolve(String name) throws Unresolved {
        return resolve(name, list(), Jvms::titles);
    }

    /** How long the title of a JVM's windows is waited for, per JVM whose probe answers. */
    static final Duration TITLES = Duration.ofMillis(500);

    /**
     * The titles of the windows {@code j} shows, as its probe says ({@code probe.hello}'s
     * application windows); empty when no probe answers in it within {@link #TITLES}.
     */
    public static List<String> titles(Jvm j) {
        List<String> titles = windows(ProbePaths.forApplication(j.pid()), TITLES);
        return titles == null ? List.of() : titles;
    }

    /** Window titles as a person reads them in a line: {@code "SwingSet2", "About"}, blank ones left out; empty for none. */
    public static String quoted(List<String> titles) {
        List<String> shown = new ArrayList<>();
        for (String t : titles) {
            if (!t.isBlank()) {
                shown.add('"' + t + '"');
            }
        }
        return String.join(", ", shown);
    }

    /**
     * The titles of the windows of the application whose probe answers on {@code socket}, as its
     * {@code probe.hello} says them within {@code timeout}; null when no probe answers there.
     */
    public static List<String> windows(Path socket, Duration timeout) {
        if (!Files.exists(socket)) {
            return null;
        }
        List<String> titles = new ArrayList<>();
        try (ProbeClient c = ProbeClient.connect(socket, timeout)) {
            c.hello(timeout).path("application").path("windows").forEach(t -> titles.add(t.asText("")));
        } catch (RuntimeException e) {
            return null;
        }
        return List.copyOf(titles);
    }

    /**
     * {@link #resolve(String, List)}, and when nothing has that name, the JVMs one of whose windows
     * has it as its title (ignoring case), as {@code titles} says them: exactly one, or several
     * listed with code {@link #SEVERAL}.
     */
    public static Jvm resolve(String name, List<Jvm> jvms, Function<Jvm, List<String>> titles) throws Unresolved {
        try {
            return resolve(name, jvms);
        } catch (Unresolved e) {
            if (e.code() != NONE || jvms.isEmpty()) {
                throw e;
            }
            String n = name.trim();
            List<Jvm> titled = new ArrayList<>();
            for (Jvm j : jvms) {
                if (!n.isEmpty() && titles.apply(j).stream().anyMatch(t -> t.trim().equalsIgnoreCase(n))) {
                    titled.add(j);
                }
            }
            if (titled.size() == 1) {
                return titled.get(0);
            }
            if (titled.isEmpty()) {
                throw new Unresolved(NONE, e.getMessage() + " (nor is a window of one with a probe so titled)", List.of());
            }
            StringBuilder b = new StringBuilder("'" + n + "' is the title of a window in " + titled.size() + " of your JVMs; give the pid"
                    + " of one: ");
            appendList(b, titled);
            throw new Unresolved(SEVERAL, b.toString(), titled);
        }
    }

    /** The JVM among {@code jvms} that {@code name} names; a name of digits is a pid. */
    public static Jvm resolve(String name, List<Jvm> jvms) throws Unresolved {
        String n = name.trim();
        List<Jvm> found = new ArrayList<>();
        for (Jvm j : jvms) {
            if (matches(n, j)) {
                found.add(j);
            }
        }
        if (found.size() == 1) {
            return found.get(0);
        }
        if (found.isEmpty()) {
            StringBuilder b = new StringBuilder("no JVM of yours is named '" + n + "'");
            b.append(jvms.isEmpty() ? " (none runs)" : "; yours: ");
            appendList(b, jvms);
            throw new Unresolved(NONE, b.toString(), found);
        }
        StringBuilder b = new StringBuilder("'" + n + "' names " + found.size() + " of your JVMs; give the pid of one: ");
        appendList(b, found);
        throw new Unresolved(SEVERAL, b.toString(), found);
    }

    private static void appendList(StringBuilder b, List<Jvm> jvms) {
        for (int i = 0; i < jvms.size(); i++) {
            b.append(i == 0 ? "" : ", ").append(jvms.get(i).name()).append(" (pid ").append(jvms.get(i).pid()).append(')');
        }
    }

    /** Whether {@code name} (trimmed) names {@code j}: its pid, its name, its jar's file name, its main class. */
    static boolean matches(String name, Jvm j) {
        if (name.isEmpty()) {
            return false;
        }
        if (name.chars().allMatch(Character::isDigit)) {
            return Long.toString(j.pid()).equals(name);
        }
        String main = j.main();
        String file = main.substring(Math.max(main.lastIndexOf('/'), main.lastIndexOf('\\')) + 1);
        return name.equalsIgnoreCase(j.name()) || name.equalsIgnoreCase(file) || name.equalsIgnoreCase(main);
    }

    /** What a JVM's display name (main class or jar path, then the arguments) says it runs: its first word. */
    static String main(String displayName) {
        if (displayName == null || displayName.isBlank()) {
            return "?";
        }
        return displayName.trim().split(" ", 2)[0];
    }

    /** The name a user types for a JVM that runs {@code main}: a jar's file name without .jar, else a class's simple name. */
    public static String nameOf(String main) {
        String file = main.substring(Math.max(main.lastIndexOf('/'), main.lastIndexOf('\\')) + 1);
        if (file.toLowerCase(Locale.ROOT).endsWith(".jar")) {
            return file.substring(0, file.length() - 4);
        }
        return file.substring(file.lastIndexOf('.') + 1);
    }
}
