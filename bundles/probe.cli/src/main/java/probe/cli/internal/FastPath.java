package probe.cli.internal;

import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import probe.api.Ops.Verbs;

/**
 * The command lines a script runs most ({@code hello}, {@code call}, and every {@code gui} verb but
 * {@code watch}), parsed without picocli: building picocli's model from the annotations (about 180
 * classes, reflection, an annotation proxy per option) was a good part of every one-shot command's
 * start. Only a line that is plainly well formed is taken here: anything else (help, version, a
 * misspelt or repeated option, an option value that starts with {@code -}, an {@code @file}, a
 * missing required option, a value picocli would refuse) is left to picocli, which parses it again
 * from scratch and says what is wrong exactly as before. The verbs run the same code either way
 * ({@link ProbeCommand#execute}); a {@link UsageException} found while running builds picocli's model
 * then, to print the same usage as picocli would.
 */
final class FastPath {
    /** What {@link #run} returns for a command line it leaves to picocli; nothing was done then. */
    static final int NOT_HANDLED = -1;

    /** The shared options that take a value; {@code --json} is the shared flag. */
    private static final List<String> SHARED_VALUED = List.of("--socket", "--timeout", "--token-file");
    private static final String JSON = "--json";

    /**
     * The verbs of {@code hvm-dbg gui} left to picocli on purpose, with the reason. Every other verb
     * must be taken here (ContractTest checks both against picocli's own command model).
     */
    static final Map<String, String> NOT_FAST = Map.of(Verbs.WATCH,
            "it runs until its events, its timeout or Ctrl-C: the few milliseconds of start-up saved here do not count for it");

    private FastPath() {
    }

    /** Whether this class takes the command {@code first} (with {@code second}, the verb of {@code gui}). */
    static boolean takes(String first, String second) {
        return verb(first, second) != null;
    }

    /** One verb's options: names that take a value, names that are flags, aliases to the main name. */
    private static final class Verb {
        final String[] path;
        final List<String> valued;
        final List<String> flags;
        final int maxPositionals;

        Verb(String[] path, List<String> valued, List<String> flags, int maxPositionals) {
            this.path = path;
            this.valued = valued;
            this.flags = flags;
            this.maxPositionals = maxPositionals;
        }
    }

    private static Verb verb(String first, String second) {
        switch (first) {
            case Verbs.HELLO:
                return new Verb(new String[] {Verbs.HELLO}, List.of(), List.of(), 0);
            case CallCommand.NAME:
                return new Verb(new String[] {CallCommand.NAME}, List.of(), List.of(), 2);
            case GuiCommand.NAME:
                break;
            default:
                return null;
        }
        if (second == null) {
            return null;
        }
        String[] p = {GuiCommand.NAME, second};
        switch (second) {
            case Verbs.LIST:
                return new Verb(p, List.of("--scope"), List.of(), 0);
            case Verbs.DIALOG:
                return new Verb(p, List.of(), List.of(), 0);
            case Verbs.AUDIT:
                return new Verb(p, List.of(), List.of("--strict"), 0);
            case Verbs.CLICK:
                return new Verb(p, List.of("--identifier", "--button", "--settle-ms"), List.of("--double", "--no-effects"), 0);
            case Verbs.TYPE:
                return new Verb(p, List.of("--identifier", "--text", "--settle-ms"), List.of("--text-stdin", "--replace", "--no-effects"), 0);
            case Verbs.KEYPRESS:
                return new Verb(p, List.of("--key", "--modifiers", "--identifier", "--settle-ms"), List.of("--no-effects"), 0);
            case Verbs.WAIT:
                return new Verb(p, List.of("--identifier", "--dialog", "--state", "--timeout-ms", "--value", "--quiet-ms"), List.of(), 0);
            case Verbs.SCREENSHOT:
                return new Verb(p, List.of("--output", "--scope"), List.of("--annotate"), 0);
            case Verbs.SELECT:
                return new Verb(p, List.of("--identifier", "--label", "--row", "--index", "--settle-ms"), List.of("--no-effects"), 0);
            case Verbs.HOVER:
                return new Verb(p, List.of("--identifier", "--settle-ms"), List.of("--no-effects"), 0);
            case Verbs.SCROLL:
                return new Verb(p, List.of("--identifier", "--dy", "--dx", "--settle-ms"), List.of("--no-effects"), 0);
            default:
                return null;
        }
    }

    /**
     * Runs {@code args} when it is a command line this class takes, printing on {@code out} and
     * {@code err}; the exit code, or {@link #NOT_HANDLED} (having read, sent and printed nothing).
     */
    static int run(String[] args, InputStream stdin, PrintWriter out, PrintWriter err) {
        // Words (commands and positionals) in order; options by their main name.
        List<String> words = new ArrayList<>(4);
        Map<String, String> options = new HashMap<>();
        Verb verb = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.startsWith("@")) {
                return NOT_HANDLED; // picocli reads @files
            }
            if (!a.startsWith("-") || a.equals("-")) {
                if (verb == null) {
                    words.add(a);
                    verb = verb(words.get(0), words.size() > 1 ? words.get(1) : null);
                    if (verb == null && !(words.size() == 1 && a.equals(GuiCommand.NAME))) {
                        return NOT_HANDLED;
                    }
                } else {
                    words.add(a);
                    if (words.size() - verb.path.length > verb.maxPositionals) {
                        return NOT_HANDLED;
                    }
                }
                continue;
            }
            String name = a;
            String value = null;
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 0) {
                name = a.substring(0, eq);
                value = a.substring(eq + 1);
            }
            if (verb != null && verb.path[verb.path.length - 1].equals(Verbs.SCREENSHOT) && name.equals("-o")) {
                name = "--output";
            }
            boolean flag = name.equals(JSON) || verb != null && verb.flags.contains(name);
            boolean valued = SHARED_VALUED.contains(name) || verb != null && verb.valued.contains(name);
            if (!flag && !valued || options.containsKey(name)) {
                return NOT_HANDLED;
            }
            if (flag) {
                if (value != null) {
                    return NOT_HANDLED;
                }
                value = "";
            } else if (value == null) {
                if (i + 1 >= args.length) {
                    return NOT_HANDLED;
                }
                value = args[++i];
                if (value.startsWith("-") || value.startsWith("@")) {
                    return NOT_HANDLED;
                }
            }
            options.put(name, value);
        }
        if (verb == null) {
            return NOT_HANDLED;
        }
        List<String> positionals = words.subList(verb.path.length, words.size());
        ProbeCommand command;
        Shared shared;
        try {
            command = command(verb, positionals, options);
            if (command == null) {
                return NOT_HANDLED;
            }
            String timeout = options.getOrDefault("--timeout", "30");
            if (HvmDbg.SecondsConverter.problem(timeout) != null) {
                return NOT_HANDLED;
            }
            shared = new Shared(path(options.get("--socket")), options.containsKey(JSON), HvmDbg.SecondsConverter.seconds(timeout),
                    options.containsKey("--timeout"), path(options.get("--token-file")), out, err, stdin);
        } catch (InvalidPathException e) {
            return NOT_HANDLED;
        }
        try {
            return command.execute(shared);
        } catch (UsageException e) {
            return usage(verb, e.getMessage(), args, stdin, out, err);
        } catch (Exception e) {
            return Failures.report(e, err, shared.json, shared.tokenFile != null);
        }
    }

    private static Path path(String s) {
        return s == null ? null : Path.of(s);
    }

    /** The verb's command object with the options set as picocli would; null when picocli must say what is wrong. */
    private static ProbeCommand command(Verb verb, List<String> positionals, Map<String, String> o) {
        String name = verb.path[verb.path.length - 1];
        switch (name) {
            case Verbs.HELLO:
                return new HelloCommand();
            case CallCommand.NAME: {
                if (positionals.isEmpty()) {
                    return null;
                }
                CallCommand c = new CallCommand();
                c.op = positionals.get(0);
                c.args = positionals.size() > 1 ? positionals.get(1) : null;
                return c;
            }
            case Verbs.LIST: {
                GuiList c = new GuiList();
                c.scope = o.get("--scope");
                return c;
            }
            case Verbs.DIALOG:
                return new GuiDialog();
            case Verbs.AUDIT: {
                GuiAudit c = new GuiAudit();
                c.strict = o.containsKey("--strict");
                return c;
            }
            case Verbs.CLICK: {
                String button = o.get("--button");
                if (!o.containsKey("--identifier") || button != null && !List.of("left", "right", "middle").contains(button)) {
                    return null;
                }
                GuiClick c = new GuiClick();
                c.identifier = o.get("--identifier");
                c.button = button == null ? null : GuiClick.Button.valueOf(button);
                c.doubleClick = o.containsKey("--double");
                return receipt(c.receipt, o) ? c : null;
            }
            case Verbs.TYPE: {
                if (!o.containsKey("--identifier") || o.containsKey("--text") == o.containsKey("--text-stdin")) {
                    return null;
                }
                GuiType c = new GuiType();
                c.identifier = o.get("--identifier");
                c.source = new GuiType.Source();
                c.source.text = o.get("--text");
                c.source.stdin = o.containsKey("--text-stdin");
                c.replace = o.containsKey("--replace");
                return receipt(c.receipt, o) ? c : null;
            }
            case Verbs.KEYPRESS: {
                String modifiers = o.get("--modifiers");
                if (!o.containsKey("--key") || modifiers != null && !modifiers.matches("[A-Za-z0-9]+(,[A-Za-z0-9]+)*")) {
                    return null;
                }
                GuiKeypress c = new GuiKeypress();
                c.key = o.get("--key");
                c.modifiers = modifiers == null ? null : modifiers.split(",");
                c.identifier = o.get("--identifier");
                return receipt(c.receipt, o) ? c : null;
            }
            case Verbs.WAIT: {
                String ms = o.get("--timeout-ms");
                String quiet = o.get("--quiet-ms");
                boolean subject = o.containsKey("--identifier") || o.containsKey("--dialog");
                String state = o.get("--state");
                boolean plain;
                if (o.containsKey("--value")) {
                    plain = o.containsKey("--identifier") && !o.containsKey("--dialog") && state == null && quiet == null;
                } else if ("idle".equals(state)) {
                    plain = !subject && (quiet == null || quiet.matches("0|[1-9][0-9]{0,17}"));
                } else {
                    plain = state != null && o.containsKey("--identifier") != o.containsKey("--dialog") && quiet == null;
                }
                // Anything but a plain state, value or idle wait is left to picocli, which says what is wrong.
                if (!plain || ms != null && !ms.matches("0|[1-9][0-9]{0,17}")) {
                    return null;
                }
                GuiWait c = new GuiWait();
                if (subject) {
                    c.subject = new GuiWait.Subject();
                    c.subject.identifier = o.get("--identifier");
                    c.subject.dialog = o.get("--dialog");
                }
                c.state = o.get("--state");
                c.value = o.get("--value");
                c.quietMillis = quiet == null ? null : Long.valueOf(quiet);
                c.timeoutMillis = ms == null ? null : Long.valueOf(ms);
                return c;
            }
            case Verbs.SCREENSHOT: {
                if (!o.containsKey("--output")) {
                    return null;
                }
                GuiScreenshot c = new GuiScreenshot();
                c.output = path(o.get("--output"));
                c.scope = o.get("--scope");
                c.annotate = o.containsKey("--annotate");
                return c;
            }
            case Verbs.SELECT: {
                String index = o.get("--index");
                int given = (o.containsKey("--label") ? 1 : 0) + (o.containsKey("--row") ? 1 : 0) + (index != null ? 1 : 0);
                if (!o.containsKey("--identifier") || given != 1 || index != null && !index.matches(SMALL_NUMBER)) {
                    return null;
                }
                GuiSelect c = new GuiSelect();
                c.identifier = o.get("--identifier");
                c.item = new GuiSelect.Item();
                c.item.label = o.get("--label");
                c.item.row = o.get("--row");
                c.item.index = index == null ? null : Integer.valueOf(index);
                return receipt(c.receipt, o) ? c : null;
            }
            case Verbs.HOVER: {
                if (!o.containsKey("--identifier")) {
                    return null;
                }
                GuiHover c = new GuiHover();
                c.identifier = o.get("--identifier");
                return receipt(c.receipt, o) ? c : null;
            }
            case Verbs.SCROLL: {
                // Negative notches start with '-', which this path leaves to picocli anyway.
                String dy = o.get("--dy");
                String dx = o.get("--dx");
                if (!o.containsKey("--identifier") || dy != null && !dy.matches(SMALL_NUMBER) || dx != null && !dx.matches(SMALL_NUMBER)) {
                    return null;
                }
                GuiScroll c = new GuiScroll();
                c.identifier = o.get("--identifier");
                c.dy = dy == null ? null : Integer.valueOf(dy);
                c.dx = dx == null ? null : Integer.valueOf(dx);
                return receipt(c.receipt, o) ? c : null;
            }
            default:
                return null;
        }
    }

    /** A number picocli reads as an int exactly as written (no sign, no leading zero, well inside int's range). */
    private static final String SMALL_NUMBER = "0|[1-9][0-9]{0,8}";

    /** Sets the receipt options of an acting verb; false when picocli must say what is wrong with them. */
    private static boolean receipt(ReceiptOptions r, Map<String, String> o) {
        String settle = o.get("--settle-ms");
        if (settle != null && !settle.matches("0|[1-9][0-9]{0,17}")) {
            return false;
        }
        r.noEffects = o.containsKey("--no-effects");
        r.settleMillis = settle == null ? null : Long.valueOf(settle);
        return true;
    }

    /** Bad usage found while running: the message and the verb's usage, as picocli prints them (exit 2). */
    private static int usage(Verb verb, String message, String[] args, InputStream stdin, PrintWriter out, PrintWriter err) {
        CommandLine cl = Main.commandLine(stdin, out, err);
        for (String name : verb.path) {
            cl = cl.getSubcommands().get(name);
        }
        return new Redacting().handleParseException(new ParameterException(cl, message), args);
    }
}
