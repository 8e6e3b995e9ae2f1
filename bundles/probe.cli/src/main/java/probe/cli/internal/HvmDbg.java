package probe.cli.internal;

import java.io.InputStream;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.Model.UnmatchedArgsBinding;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import probe.api.wire.SocketPaths;

/**
 * The {@code hvm-dbg} command line in picocli's model, built in code rather than from annotations:
 * reading annotations (reflection, a proxy per annotation) took a good part of every start. The root
 * is hvm-dbg with its own options ({@link Globals}), inherited by every command; a line is parsed
 * with the root and the one command it names, and with all of them only when it names none, asks
 * for help, or picocli finds it wrong (so that what picocli says is what it says of the whole tree).
 * The rarer commands ({@code describe}, {@code ps}, {@code attach}, {@code detach}, {@code launch},
 * {@code help}) are annotated classes, read only when one of them is run or the whole tree is built.
 */
final class HvmDbg {
    static final String NAME = "hvm-dbg";
    /** hvm-dbg's commands, in the order its help lists them. */
    static final List<String> COMMANDS = List.of(HelloCommand.NAME, CallCommand.NAME, DescribeCommand.NAME, GuiLine.NAME,
            McpCommand.NAME, "ps", "attach", "detach", "launch", "help", Completion.NAME);

    static {
        // What picocli does at each model it builds and hvm-dbg has no use for: look for Groovy (a
        // class lookup that fails) and register converters for java.sql and java.time by reflection.
        if (System.getProperty("picocli.disable.closures") == null) {
            System.setProperty("picocli.disable.closures", "true");
        }
        if (System.getProperty("picocli.converters.excludes") == null) {
            System.setProperty("picocli.converters.excludes", "java\\.(sql|time)\\..*");
        }
    }

    final Globals globals = new Globals();
    final InputStream stdin;
    private final PrintWriter out;
    private final PrintWriter err;
    /** Whether a command began to run: a usage error after that is its own, not the line's. */
    private boolean started;

    private HvmDbg(InputStream stdin, PrintWriter out, PrintWriter err) {
        this.stdin = stdin;
        this.out = out;
        this.err = err;
    }

    /**
     * Runs one command line and returns its exit code (0 success, 1 probe error, 2 bad usage, 3 no
     * probe, and the attach codes of the help's list).
     */
    static int run(String[] args, InputStream stdin, PrintWriter out, PrintWriter err) {
        // The command the line names, if any; the whole tree for hvm-dbg's own help or version, and
        // for an @file, whose words are not known before picocli reads it.
        String command = null;
        boolean whole = false;
        for (String a : args) {
            whole |= a.startsWith("@");
            if (command == null && COMMANDS.contains(a)) {
                command = a;
            } else if (command == null && (a.equals("-h") || a.equals("--help") || a.equals("-V") || a.equals("--version"))) {
                whole = true;
            }
        }
        boolean one = command != null && !command.equals("help") && !whole;
        HvmDbg root = new HvmDbg(stdin, out, err);
        CommandLine cl = root.commandLine(one ? command : null);
        if (one) {
            cl.setParameterExceptionHandler((e, line) -> root.started ? new Redacting().handleParseException(e, line)
                    : new HvmDbg(stdin, out, err).commandLine(null).execute(line));
        }
        return cl.execute(args);
    }

    /** The root with {@code only} of its commands, or with all of them when null. */
    private CommandLine commandLine(String only) {
        // Inherited by the commands: hvm-dbg's options, and the help's footer and exit codes.
        CommandSpec spec = CommandSpec.wrapWithoutInspection(this).name(NAME).scopeType(CommandLine.ScopeType.INHERIT);
        Globals.options().forEach(spec::addOption);
        spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true).scopeType(CommandLine.ScopeType.INHERIT)
                .description("Show this help message and exit.").build());
        spec.addOption(OptionSpec.builder("-V", "--version").versionHelp(true).scopeType(CommandLine.ScopeType.INHERIT)
                .description("Print version information and exit.").build());
        spec.versionProvider(() -> {
            String v = HvmDbg.class.getPackage().getImplementationVersion();
            return new String[] {NAME + " " + (v == null ? "(development build)" : v) + ", HDP-GUI protocol 1"};
        });
        usage(spec);
        CommandLine cl = new CommandLine(spec);
        for (String name : COMMANDS) {
            if (only == null || only.equals(name)) {
                add(cl, name);
            }
        }
        cl.setOut(out);
        cl.setErr(err);
        cl.setExecutionExceptionHandler(new Failures());
        cl.setParameterExceptionHandler(new Redacting());
        cl.setExecutionStrategy(parsed -> {
            started = true;
            try {
                globals.parsed(parsed);
            } catch (Globals.AppUnresolved e) {
                err.println("hvm-dbg: " + e.getMessage());
                err.flush();
                return e.code;
            }
            return new CommandLine.RunLast().execute(parsed);
        });
        return cl;
    }

    private void add(CommandLine cl, String name) {
        switch (name) {
            case HelloCommand.NAME:
                cl.addSubcommand(name, command(name, new String[] {"Show the probe's protocol version, server and the ops available now."},
                        () -> execute(cl, name, new HelloCommand())));
                break;
            case CallCommand.NAME: {
                CommandSpec call = command(name, new String[] {"Call any op with raw JSON args and print its data as JSON."}, () -> {
                    CallCommand c = new CallCommand();
                    ParseResult p = cl.getSubcommands().get(name).getParseResult();
                    c.op = p.matchedPositionalValue(0, null);
                    c.args = p.matchedPositionalValue(1, null);
                    return execute(cl, name, c);
                });
                call.addPositional(PositionalParamSpec.builder().index("0").arity("1").required(true).paramLabel("OP").type(String.class)
                        .description("the op, such as gui.list").build());
                call.addPositional(PositionalParamSpec.builder().index("1").arity("0..1").paramLabel("ARGS_JSON").type(String.class)
                        .description("the op's args as a JSON object; - reads them from standard input"
                                + " (keeps text for gui.type out of shell history and the process list)").build());
                cl.addSubcommand(name, call);
                break;
            }
            case GuiLine.NAME: {
                CommandSpec gui = command(name, new String[] {"Look at and operate the GUI: hvm-dbg gui VERB [OPTIONS], one verb per op the GUI"
                        + " describes (hvm-dbg gui lists them; hvm-dbg gui VERB --help)."},
                        () -> GuiLine.run(globals, List.of(rest(cl, name)), stdin, out, err));
                cl.addSubcommand(name, words(gui));
                // The verbs' help is their descriptions': hvm-dbg gui [VERB] --help goes to GuiLine.
                gui.remove(gui.findOption("--help"));
                gui.remove(gui.findOption("--version"));
                break;
            }
            case McpCommand.NAME:
                cl.addSubcommand(name, command(name, McpCommand.DESCRIPTION, () -> {
                    try {
                        return McpCommand.serve(globals.shared(out, err, stdin));
                    } catch (UsageException e) {
                        throw new ParameterException(cl.getSubcommands().get(name), e.getMessage());
                    }
                }));
                break;
            case Completion.NAME: {
                CommandSpec c = command(name, new String[] {Completion.DESCRIPTION}, () -> Completion.complete(globals, List.of(rest(cl, name)), out));
                cl.addSubcommand(name, words(c));
                // What follows is the words being typed, hvm-dbg's own options among them: Completion's to read.
                for (OptionSpec o : List.copyOf(c.options())) {
                    c.remove(o);
                }
                break;
            }
            case DescribeCommand.NAME:
                cl.addSubcommand(name, new DescribeCommand());
                break;
            case "ps":
                cl.addSubcommand(name, new JvmCommands.Ps());
                break;
            case "attach":
                cl.addSubcommand(name, new JvmCommands.AttachCmd());
                break;
            case "detach":
                cl.addSubcommand(name, new JvmCommands.DetachCmd());
                break;
            case "launch": {
                // Everything from the java command on is the application's, options included (-D..., --add-opens):
                // hvm-dbg's own options go before it.
                CommandLine launch = new CommandLine(new JvmCommands.LaunchCmd());
                launch.setStopAtPositional(true);
                cl.addSubcommand(name, launch);
                break;
            }
            default:
                cl.addSubcommand(name, new HelpCommand());
                break;
        }
    }

    private static CommandSpec command(String name, String[] description, Callable<Integer> body) {
        CommandSpec c = CommandSpec.wrapWithoutInspection(body).name(name);
        c.usageMessage().description(description);
        return c;
    }

    /** {@code c}, which takes every word from the first it does not know on as they are. */
    private static CommandSpec words(CommandSpec c) {
        c.parser().stopAtUnmatched(true);
        c.addUnmatchedArgsBinding(UnmatchedArgsBinding.forStringArrayConsumer(new CommandLine.Model.ISetter() {
            @Override
            public <T> T set(T value) {
                return null;
            }
        }));
        return c;
    }

    /** The words command {@code name} left to itself. */
    private static String[] rest(CommandLine cl, String name) {
        return cl.getSubcommands().get(name).getUnmatchedArguments().toArray(new String[0]);
    }

    /** Runs {@code command} with the options parsed; a usage error it finds is said as picocli says its own. */
    private int execute(CommandLine cl, String name, ProbeCommand command) throws Exception {
        try {
            return command.execute(globals.shared(out, err, stdin));
        } catch (UsageException e) {
            throw new ParameterException(cl.getSubcommands().get(name), e.getMessage());
        }
    }

    private static void usage(CommandSpec spec) {
        spec.usageMessage()
                .description("Drives the HVM GUI, or any Swing application it attached to, through its debug probe (HDP-GUI)",
                        "over a Unix socket.")
                .footerHeading("%nSocket, the first that applies:%n")
                .footer("  --socket PATH",
                        "  --pid PID: the probe attached to or launched in that JVM,",
                        "    $XDG_RUNTIME_DIR/hdp-gui/PID.sock (~/.local/state/hdp-gui/run/PID.sock without it)",
                        "  --app NAME: the same, for the one JVM of yours that NAME names (hvm-dbg ps)",
                        "  $" + SocketPaths.ENV,
                        "  $XDG_RUNTIME_DIR/hvm/" + SocketPaths.FILE_NAME,
                        "    (~/.local/state/hvm/run/" + SocketPaths.FILE_NAME + " without XDG_RUNTIME_DIR;",
                        "    ~/Library/Application Support/HVM/run/" + SocketPaths.FILE_NAME + " on macOS)",
                        "The debug GUI (run/hvm-debug) listens there.")
                .exitCodeListHeading("%nExit codes:%n");
        Map<String, String> codes = new LinkedHashMap<>();
        codes.put("0", "success");
        codes.put("1", "the probe refused or failed the op (\"error CODE: message\" on stderr), or no reply in time;"
                + " describe --check: a description the probe would refuse");
        codes.put("2", "bad usage; --app, attach, detach: a NAME that names several of your JVMs (they are listed)");
        codes.put("3", "no probe answers on the socket");
        codes.put("4", "attach, detach, --app: no such process or name, or it does not answer as a JVM");
        codes.put("5", "attach, detach: another user's process (refused before anything is loaded)");
        codes.put("6", "attach, detach: the JVM refuses agents (-XX:+DisableAttachMechanism), or hvm-dbg runs on a JRE");
        codes.put("7", "attach: the JVM is older than Java 17");
        codes.put("8", "attach: the JVM is headless");
        spec.usageMessage().exitCodeList(codes);
    }
}
