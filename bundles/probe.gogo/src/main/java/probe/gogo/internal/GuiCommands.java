package probe.gogo.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.Console;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.apache.felix.service.command.Function;
import org.apache.felix.service.command.Parameter;
import org.apache.felix.service.command.annotations.GogoCommand;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import probe.api.ErrorCodes;
import probe.api.Op;
import probe.api.OpDescription;
import probe.api.Ops;
import probe.api.OpTable;
import probe.api.Ops.Verbs;
import probe.api.ProbeException;
import probe.api.ProbeOp;
import probe.api.events.EventBus;
import probe.api.wire.Wire;
import probe.client.format.Phrases;
import probe.client.format.ReplyText;
import probe.client.line.OpOptions;

/**
 * The {@code gui:*} commands of the debug runtime's Gogo shell: one {@code gui:VERB} per op present
 * now, built from the op's description as {@code hvm-dbg gui VERB} is (the same options, parsed by
 * {@link OpOptions}), calling the op service in-process (no socket, no session) with the same
 * readable output ({@link Phrases}). Each returns its text, or with {@code --json} the op's data as
 * a JsonNode (which {@link JsonConverter} shows as JSON); a failed op throws {@link GuiError}, which
 * the shell prints as {@code gui.not_clickable: ...}, and a wrong line the command's usage.
 *
 * <p>Ops are tracked as the transport tracks them: every {@link ProbeOp} service, by its
 * {@value Op#NAME} property, coming and going with its bundle, its description read from that
 * bundle ({@link OpDescription#location}). Each verb present is a Gogo command service of its own
 * ({@value CommandProcessor#COMMAND_SCOPE}={@value #SCOPE}, {@value CommandProcessor#COMMAND_FUNCTION}=the
 * verb), registered when its op comes and unregistered when it goes.
 *
 * <p>What the console adds, by the description, never by the op's name: {@code gui:hello} and
 * {@code gui:watch} are this component's own (watch subscribes to the EventBus in-process, for the
 * socket's subscription); an image's command writes a FILE; {@code -p} asks for a secret argument;
 * a wait's {@code TARGET STATE}; bare words fill the description's {@code positional} arguments; the
 * reply is worded by {@link ReplyText}.
 */
@Component(configurationPolicy = ConfigurationPolicy.IGNORE, service = GuiCommands.class)
@GogoCommand(scope = GuiCommands.SCOPE, function = {Verbs.HELLO, Verbs.WATCH})
public final class GuiCommands {
    static final String SCOPE = "gui";
    /** The verbs of this class itself, which no op takes. */
    static final Set<String> OWN = Set.of(Verbs.HELLO, Verbs.WATCH);
    /**
     * Whether no gui:VERB stands for {@code d}'s op: one about the connection, or the socket's
     * subscription (gui:watch subscribes in-process instead).
     */
    static boolean noCommand(OpDescription d) {
        return d.connection() || d.shows() == OpDescription.Shows.EVENTS;
    }

    /** The Gogo-side spellings of a secret argument's {@code --NAME-stdin} (gui:type's text): ask for it on the console. */
    static Map<String, String> prompt(OpDescription d) {
        for (OpDescription.Arg a : d.args()) {
            if (a.secret()) {
                String stdin = a.optionName() + OpOptions.STDIN;
                return Map.of("-p", stdin, "--prompt", stdin);
            }
        }
        return Map.of();
    }

    private static final String JSON = "print the op's data as JSON instead of text";
    private static final System.Logger LOG = System.getLogger(GuiCommands.class.getName());

    /** Registers a command service for a verb; what it returns unregisters it. */
    interface Registrar {
        Runnable register(String verb, Function command);
    }

    private final OpTable ops = new OpTable();
    private final String version;
    private final Registrar registrar;

    private final Object lock = new Object();
    /** The op each verb present calls. Guarded by {@link #lock}. */
    private final SortedMap<String, String> verbs = new TreeMap<>();
    /** How to unregister each verb's command. Guarded by {@link #lock}. */
    private final Map<String, Runnable> registered = new HashMap<>();
    /** The verbs two ops claimed, said once in the log. Guarded by {@link #lock}. */
    private final Set<String> clashes = new HashSet<>();
    private boolean closed;

    /** probe.events' bus, for gui:watch; absent until that bundle runs. */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    volatile EventBus eventBus;

    @Activate
    public GuiCommands(BundleContext context) {
        this(context.getBundle().getVersion().toString(), (verb, command) -> {
            Hashtable<String, Object> props = new Hashtable<>();
            props.put(CommandProcessor.COMMAND_SCOPE, SCOPE);
            props.put(CommandProcessor.COMMAND_FUNCTION, verb);
            ServiceRegistration<Function> r = context.registerService(Function.class, command, props);
            return () -> {
                try {
                    r.unregister();
                } catch (IllegalStateException e) {
                    // Gone with the bundle already.
                }
            };
        });
    }

    GuiCommands(String version, Registrar registrar) {
        this.version = version;
        this.registrar = registrar;
    }

    @Reference(name = "ops", service = ProbeOp.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    void addOp(ProbeOp op, Map<String, Object> props) {
        // The description as the transport finds it: the one the op's own bundle declares.
        Bundle provider = FrameworkUtil.getBundle(op.getClass());
        addOp(op, props, provider == null ? null : provider.getSymbolicName(), OpTable.declaredBy(op, props.get(Op.NAME)));
    }

    /** Adds an op with its description ({@link OpTable#add(ProbeOp, Map, String, URL)}). */
    void addOp(ProbeOp op, Map<String, ?> props, String provider, URL description) {
        ops.add(op, props, provider, description); // nameless: OpTable says so in the log; a description it cannot read, too
        sync();
    }

    void removeOp(ProbeOp op, Map<String, Object> props) {
        ops.remove(props);
        sync();
    }

    @Deactivate
    void stop() {
        synchronized (lock) {
            closed = true;
            registered.values().forEach(Runnable::run);
            registered.clear();
            verbs.clear();
        }
    }

    /** Registers a command for each verb now present and unregisters those gone. */
    private void sync() {
        synchronized (lock) {
            if (closed) {
                return;
            }
            SortedMap<String, String> want = new TreeMap<>();
            for (OpDescription d : ops.descriptions()) {
                if (noCommand(d)) {
                    continue;
                }
                String other = OWN.contains(d.verb()) ? "gui:" + d.verb() + " itself" : want.putIfAbsent(d.verb(), d.op());
                if (other != null && !other.equals(d.op()) && clashes.add(d.verb() + " " + d.op())) {
                    LOG.log(System.Logger.Level.WARNING, "gui:" + d.verb() + " is taken by " + other + "; " + d.op()
                            + " has no Gogo command of its own (its verb is the same)");
                }
            }
            for (String gone : new ArrayList<>(registered.keySet())) {
                if (!want.containsKey(gone)) {
                    registered.remove(gone).run();
                }
            }
            verbs.clear();
            verbs.putAll(want);
            for (String verb : want.keySet()) {
                if (!registered.containsKey(verb)) {
                    registered.put(verb, registrar.register(verb, (session, arguments) -> run(session, verb, arguments)));
                }
            }
        }
    }

    /** The op commands present now: each verb with its op's description. */
    SortedMap<String, OpDescription> commands() {
        SortedMap<String, OpDescription> out = new TreeMap<>();
        synchronized (lock) {
            verbs.forEach((verb, op) -> ops.description(op).ifPresent(d -> out.put(verb, d)));
        }
        return out;
    }

    // ---- hello and watch: this component's own ----

    @Descriptor("show the protocol and the ops this shell can call now")
    public Object hello(@Descriptor(JSON) @Parameter(names = {"-j", "--json"}, presentValue = "true", absentValue = "false") boolean json) {
        ObjectNode d = Wire.object();
        d.put("protocol", Wire.PROTOCOL);
        d.putObject("server").put("name", "hdp-gui-gogo").put("version", version);
        ArrayNode names = d.putArray("ops");
        ops.names().forEach(names::add);
        return json ? d : Phrases.hello(d);
    }

    @Descriptor("print the GUI's events as they come, until Enter, --timeout, or an interrupt")
    public Object watch(CommandSession session,
            @Descriptor("print each event as a line of JSON") @Parameter(names = {"-j", "--json"}, presentValue = "true", absentValue = "false") boolean json,
            @Descriptor("event name patterns, comma separated (dialog.*,window.*); default all") @Parameter(names = {"-e", "--events"}, absentValue = "*") String events,
            @Descriptor("stop after this many seconds in all (default: no limit)") @Parameter(names = {"-t", "--timeout"}, absentValue = "0") double timeoutSeconds)
            throws Exception {
        return watch(session, json, events, timeoutSeconds, 0);
    }

    @Descriptor("print the GUI's next COUNT events as they come (or fewer, at Enter, --timeout, or an interrupt)")
    public Object watch(CommandSession session,
            @Descriptor("print each event as a line of JSON") @Parameter(names = {"-j", "--json"}, presentValue = "true", absentValue = "false") boolean json,
            @Descriptor("event name patterns, comma separated (dialog.*,window.*); default all") @Parameter(names = {"-e", "--events"}, absentValue = "*") String events,
            @Descriptor("stop after this many seconds in all (default: no limit)") @Parameter(names = {"-t", "--timeout"}, absentValue = "0") double timeoutSeconds,
            @Descriptor("stop after this many events") int count) throws Exception {
        if (count < 0 || timeoutSeconds < 0) {
            throw new GuiError(ErrorCodes.INVALID_ARGS, ErrorCodes.INVALID_ARGS + ": COUNT and --timeout must not be negative", null, null);
        }
        EventBus bus = eventBus;
        if (bus == null) {
            throw new GuiError(ErrorCodes.OP_UNAVAILABLE, ErrorCodes.OP_UNAVAILABLE
                    + ": no event bus: the probe.events bundle is not installed or not started", null, null);
        }
        List<String> patterns = new ArrayList<>();
        for (String p : events.split(",")) {
            if (!p.isBlank()) {
                patterns.add(p.strip());
            }
        }
        if (patterns.isEmpty()) {
            patterns.add("*");
        }
        InputStream keyboard = session.getKeyboard();
        if (onJlineTerminal(session)) {
            // gogo.jline's system terminal is this JVM's stdin; between two lines its editor reads
            // nothing and the terminal is in line mode, so a line there is Enter pressed.
            keyboard = new FileInputStream(FileDescriptor.in);
        } else if (!isTerminal(keyboard)) {
            keyboard = null;
        }
        return new Watcher(bus, session.getConsole(), keyboard).watch(patterns, json, count, Math.round(timeoutSeconds * 1000));
    }

    // ---- gui:VERB, one per op ----

    /** Runs {@code gui:VERB} with the words after it. */
    Object run(CommandSession session, String verb, List<Object> arguments) throws Exception {
        List<String> words = new ArrayList<>();
        for (Object a : arguments) {
            words.add(String.valueOf(a));
        }
        String op;
        synchronized (lock) {
            op = verbs.get(verb);
        }
        OpDescription d = op == null ? null : ops.description(op).orElse(null);
        if (d == null) {
            throw unavailable(op == null ? verb : op);
        }
        Line line = Line.split(d, words, prompt(d));
        if (line.help) {
            return usage(verb, d);
        }
        try {
            if (d.shows() == OpDescription.Shows.IMAGE) {
                // A console writes the image to a file: the one word besides the options.
                return screenshot(session, d, line, verb);
            }
            OpOptions.Parsed parsed = OpOptions.parse(d, line.words(), "gui:" + verb);
            ObjectNode args = parsed.args();
            if (parsed.fromStdin() != null) {
                askSecret(session, verb, d, args, parsed.fromStdin());
            }
            // Checked once here, in the option's spelling, and once by the op's side (OpTable.call), as the
            // transport does for a socket's client.
            ObjectNode filled = OpOptions.check(d, args);
            JsonNode data = call(op, args);
            return line.json ? data : ReplyText.say(d, data, filled);
        } catch (OpOptions.UsageException e) {
            throw wrongLine(verb, d, e.getMessage());
        }
    }

    /** A wrong line: what is wrong, then the command's usage. */
    private static GuiError wrongLine(String verb, OpDescription d, String what) {
        return new GuiError(ErrorCodes.INVALID_ARGS, ErrorCodes.INVALID_ARGS + ": " + what + "\n" + usage(verb, d), null, null);
    }

    /** The command's usage: OpOptions' help, with the Gogo-side flags and the verb's shorthand. */
    static String usage(String verb, OpDescription d) {
        StringBuilder b = new StringBuilder(OpOptions.help(d, "gui:" + verb + " [--json]"));
        List<String> shorthand = d.positional();
        if (d.shows() == OpDescription.Shows.IMAGE) {
            b.append("FILE: the PNG file to write (relative to the shell's current folder)\n");
        } else if (!shorthand.isEmpty() && !d.open()) {
            StringBuilder s = new StringBuilder("Shorthand: gui:").append(verb);
            for (String n : shorthand) {
                d.arg(n).ifPresent(a -> s.append(' ').append(a.label() != null ? a.label() : n.toUpperCase(java.util.Locale.ROOT)));
            }
            b.append(s).append(" (these words in this order, with the options before or after them)\n");
        }
        if (!prompt(d).isEmpty()) {
            b.append("-p, --prompt: ").append(prompt(d).get("-p")).append(" (ask for it on the console, not shown on a terminal)\n");
        }
        b.append("--json, -j: the op's data as JSON");
        return b.toString();
    }

    /**
     * A secret asked for on the console ({@code --NAME-stdin}, or {@code -p}, {@code --prompt}),
     * never on the command line.
     */
    private void askSecret(CommandSession session, String verb, OpDescription d, ObjectNode args, String secret) throws Exception {
        String what = secret + " for gui:" + verb;
        if (args.hasNonNull("identifier")) {
            // The rest of the line is checked first, then that the control shows (the listing of it
            // alone, which only looks): an unknown or hidden control fails before anyone types a
            // password for nothing.
            OpOptions.check(d, args.deepCopy().put(secret, ""));
            if (ops.description(Ops.LIST).isPresent()) {
                call(Ops.LIST, Wire.object().set("scope", args.get("identifier")));
            }
            what = secret + " for " + args.get("identifier").asText();
        }
        args.put(secret, askText(session, what));
    }

    /** gui:screenshot: the op's options and the FILE the PNG is written to (relative to the shell's current folder). */
    private Object screenshot(CommandSession session, OpDescription d, Line line, String verb) throws Exception {
        if (line.bare.size() != 1) {
            throw wrongLine(verb, d, line.bare.isEmpty() ? "gui:" + verb + " needs the FILE to write"
                    : (line.bare.size() - 1) + " word(s) too many: gui:" + verb + " takes one FILE besides its options");
        }
        String file = line.bare.get(0);
        ObjectNode args;
        try {
            args = OpOptions.parse(d, line.options).args();
            OpOptions.check(d, args);
        } catch (OpOptions.UsageException e) {
            throw wrongLine(verb, d, e.getMessage());
        }
        JsonNode data = call(d.op(), args);
        JsonNode b64 = data == null ? null : data.get("png_base64");
        if (b64 == null || !b64.isTextual()) {
            throw new GuiError(ErrorCodes.INTERNAL, ErrorCodes.INTERNAL + ": gui.screenshot answered without png_base64", null, null);
        }
        Path base = session.currentDir();
        Path out = base == null ? Path.of(file) : base.resolve(file);
        try {
            Files.write(out, Base64.getMimeDecoder().decode(b64.textValue()));
        } catch (IOException | IllegalArgumentException e) {
            throw new GuiError("client.output", "client.output: cannot write " + out + " (" + e.getMessage() + ")", null, e);
        }
        ObjectNode summary = Wire.object().put("output", out.toString());
        summary.set("width", data.get("width"));
        summary.set("height", data.get("height"));
        if (data.has("marks")) {
            summary.set("marks", data.get("marks"));
        }
        if (line.json) {
            return summary;
        }
        String wrote = "wrote " + out + " (" + data.path("width").asText("?") + "x" + data.path("height").asText("?") + ")";
        return data.has("marks") ? wrote + "\n" + ReplyText.head(d, data, args) : wrote;
    }

    // ---- calling ops ----

    /**
     * Runs the op named {@code op} in-process, its args checked against its description first (the
     * defaults filled in), as the transport does; its failure becomes a {@link GuiError}.
     */
    JsonNode call(String op, ObjectNode args) throws GuiError {
        try {
            // As the transport does: the description's check (its defaults filled in), then the op, or
            // why it cannot run, in OpTable's words.
            return ops.call(op, GogoContext.INSTANCE, args);
        } catch (ProbeException e) {
            throw error(op, e);
        } catch (RuntimeException e) {
            // Never the args in a message or a log line: they may hold typed text.
            LOG.log(System.Logger.Level.ERROR, op + " failed in-process (called from gogo)", e);
            throw new GuiError(ErrorCodes.INTERNAL, ErrorCodes.INTERNAL + ": " + op + " failed: " + e, null, e);
        }
    }

    /** The op is not there (a command called as its op went), in OpTable's words. */
    private GuiError unavailable(String op) {
        return error(op, ops.absent(op));
    }

    /** An op's failure as the console shows it; an absent op's with what a console adds: how to start its bundle. */
    private GuiError error(String op, ProbeException e) {
        String bundle = ErrorCodes.OP_UNAVAILABLE.equals(e.code()) ? ops.provider(op) : null;
        String hint = bundle == null ? "" : " (lb " + bundle + " finds it, start ID starts it)";
        return new GuiError(e.code(), Phrases.error(e.code(), e.getMessage() + hint, e.details()), e.details(), e);
    }

    /** The controls showing now, for completing identifiers; none when gui.list cannot say. */
    List<GuiCompletion.Item> completionItems() {
        List<GuiCompletion.Item> out = new ArrayList<>();
        try {
            if (ops.description(Ops.LIST).isEmpty()) {
                return out;
            }
            JsonNode list = call(Ops.LIST, Wire.object().put("scope", "window"));
            for (JsonNode i : list.path("items")) {
                JsonNode id = i.get("identifier");
                out.add(new GuiCompletion.Item(id == null || !id.isTextual() ? null : id.textValue(), i.path("role").asText(null),
                        i.path("label").isTextual() ? i.path("label").textValue() : null, i.path("clickable").asBoolean(false)));
            }
        } catch (GuiError e) {
            // No window, no registry: nothing to offer.
        }
        return out;
    }

    /** Whether the session's console is gogo.jline's, on a real terminal (not its dumb stand-in). */
    private static boolean onJlineTerminal(CommandSession session) {
        if (session.get(Jline.TERMINAL) == null) {
            return false;
        }
        try {
            return Jline.terminal(session) != null;
        } catch (LinkageError e) {
            return false;
        }
    }

    /**
     * Asks for the text to type, without echo where that can be done: on gogo.jline's terminal (its
     * own line reader, whatever stdout is), or on the JVM's terminal when gogo.shell reads from it;
     * else a line from the session's keyboard (telnet, a piped console), which shows as it is typed.
     */
    private static String askText(CommandSession session, String what) throws GuiError {
        String prompt = what + " (not shown): ";
        if (session.get(Jline.TERMINAL) != null) {
            try {
                org.jline.terminal.Terminal terminal = Jline.terminal(session);
                if (terminal != null) {
                    return Jline.readHidden(terminal, prompt);
                }
            } catch (LinkageError e) {
                // Not gogo.jline's after all: the ways below.
            }
        }
        Console console = System.console();
        if (console != null && isTerminal(session.getKeyboard())) {
            char[] typed = console.readPassword("%s (not shown): ", what);
            if (typed == null) {
                throw new GuiError(ErrorCodes.INVALID_ARGS, ErrorCodes.INVALID_ARGS + ": the console's input ended before a line", null, null);
            }
            return new String(typed);
        }
        PrintStream out = session.getConsole();
        out.print(what + " (shown as you type it: this console cannot hide it): ");
        out.flush();
        try {
            return readLine(session.getKeyboard());
        } catch (IOException e) {
            throw new GuiError(ErrorCodes.INVALID_ARGS, ErrorCodes.INVALID_ARGS + ": cannot read the text: " + e.getClass().getSimpleName(), null, e);
        }
    }

    /**
     * Whether {@code keyboard} reads the JVM's own terminal: gogo.shell's console session reads
     * {@code new FileInputStream(FileDescriptor.in)}, and {@link System#console()} says whether
     * that is a terminal. A telnet session or a piped script is not.
     */
    static boolean isTerminal(InputStream keyboard) {
        if (System.console() == null || keyboard == null) {
            return false;
        }
        if (keyboard == System.in) {
            return true;
        }
        try {
            return keyboard instanceof FileInputStream && ((FileInputStream) keyboard).getFD() == FileDescriptor.in;
        } catch (IOException e) {
            return false;
        }
    }

    /** One line of UTF-8, without its {@code \n} or {@code \r\n}. */
    static String readLine(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != -1 && b != '\n'; b = in.read()) {
            line.write(b);
        }
        String s = line.toString(StandardCharsets.UTF_8);
        return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
    }
}
