package probe.cli.internal;

import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.TypeConversionException;
import probe.api.wire.SocketPaths;

/** The root command: the options every command shares. */
@Command(name = "hvm-dbg",
        scope = ScopeType.INHERIT,
        mixinStandardHelpOptions = true,
        versionProvider = HvmDbg.Version.class,
        description = {"Drives the HVM GUI, or any Swing application it attached to, through its debug probe (HDP-GUI)",
            "over a Unix socket."},
        subcommands = {HelloCommand.class, CallCommand.class, DescribeCommand.class, GuiCommand.class, McpCommand.class,
            JvmCommands.Ps.class, JvmCommands.AttachCmd.class, JvmCommands.DetachCmd.class, JvmCommands.LaunchCmd.class},
        footerHeading = "%nSocket, the first that applies:%n",
        footer = {
            "  --socket PATH",
            "  --pid PID: the probe attached to or launched in that JVM,",
            "    $XDG_RUNTIME_DIR/hdp-gui/PID.sock (~/.local/state/hdp-gui/run/PID.sock without it)",
            "  $" + SocketPaths.ENV,
            "  $XDG_RUNTIME_DIR/hvm/" + SocketPaths.FILE_NAME,
            "    (~/.local/state/hvm/run/" + SocketPaths.FILE_NAME + " without XDG_RUNTIME_DIR;",
            "    ~/Library/Application Support/HVM/run/" + SocketPaths.FILE_NAME + " on macOS)",
            "The debug GUI (run/hvm-debug) listens there."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:success",
            "1:the probe refused or failed the op (\"error CODE: message\" on stderr), or no reply in time;"
                + " describe --check: a description the probe would refuse",
            "2:bad usage",
            "3:no probe answers on the socket",
            "4:attach, detach: no such process, or it does not answer as a JVM",
            "5:attach, detach: another user's process (refused before anything is loaded)",
            "6:attach, detach: the JVM refuses agents (-XX:+DisableAttachMechanism), or hvm-dbg runs on a JRE",
            "7:attach: the JVM is older than Java 17",
            "8:attach: the JVM is headless"})
final class HvmDbg {
    final InputStream stdin;

    @Option(names = "--socket", paramLabel = "PATH", scope = ScopeType.INHERIT,
            description = "the probe's socket (default: see Socket below)")
    Path socket;

    @Option(names = "--pid", paramLabel = "PID", scope = ScopeType.INHERIT,
            description = "talk to the probe in that JVM (hvm-dbg attach or launch): its own socket")
    void pid(long pid) {
        socket = SocketPaths.forApplication(pid);
    }

    @Option(names = "--json", scope = ScopeType.INHERIT,
            description = "print the reply's raw data as JSON (and an error's details)")
    boolean json;

    @Option(names = "--timeout", paramLabel = "SECONDS", scope = ScopeType.INHERIT, defaultValue = "30",
            converter = SecondsConverter.class, description = "how long to wait for a reply (default: ${DEFAULT-VALUE})")
    Duration timeout;

    @Option(names = "--token-file", paramLabel = "FILE", scope = ScopeType.INHERIT,
            description = "for a probe that wants a token: the file whose first line is it")
    Path tokenFile;

    HvmDbg(InputStream stdin) {
        this.stdin = stdin;
    }

    /** The socket to connect to: {@code --socket}, else the environment's, else the default. */
    static Path socketPath(Path socket) {
        return SocketPaths.forClient(socket == null ? null : socket.toString());
    }

    /** A positive number of seconds, fractions allowed. */
    static final class SecondsConverter implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            String problem = problem(value);
            if (problem != null) {
                throw new TypeConversionException(problem);
            }
            return seconds(value);
        }

        /** What is wrong with {@code value} as {@code --timeout}; null when nothing. */
        static String problem(String value) {
            BigDecimal s;
            try {
                s = new BigDecimal(value.trim());
            } catch (NumberFormatException e) {
                return "'" + value + "' is not a number of seconds";
            }
            if (s.signum() <= 0 || s.compareTo(BigDecimal.valueOf(86_400L * 100)) > 0) {
                return "'" + value + "' must be more than 0 and at most 8640000 seconds";
            }
            return null;
        }

        /** {@code value}, which has no {@link #problem}, as a duration. */
        static Duration seconds(String value) {
            return Duration.ofNanos(new BigDecimal(value.trim()).movePointRight(9).longValue());
        }
    }

    static final class Version implements IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = HvmDbg.class.getPackage().getImplementationVersion();
            return new String[] {"hvm-dbg " + (v == null ? "(development build)" : v) + ", HDP-GUI protocol 1"};
        }
    }
}
