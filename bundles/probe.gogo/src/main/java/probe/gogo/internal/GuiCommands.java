package probe.gogo.internal;

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
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.apache.felix.service.command.Parameter;
import org.apache.felix.service.command.annotations.GogoCommand;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import probe.api.ErrorCodes;
import probe.api.Op;
import probe.api.OpTable;
import probe.api.Ops;
import probe.api.Ops.Verbs;
import probe.api.ProbeException;
import probe.api.ProbeOp;
import probe.api.events.EventBus;
import probe.api.wire.Wire;
import probe.client.format.Readable;

/**
 * The {@code gui:*} commands of the debug runtime's Gogo shell: the verbs of {@code hvm-dbg gui},
 * calling the same op services in-process (no socket, no session), with the same readable output
 * ({@link Readable}). Each returns its text, or with {@code --json} the op's data as a JsonNode
 * (which {@link JsonConverter} shows as JSON); a failed op throws {@link GuiError}, which the shell
 * prints as {@code gogo: GuiError: gui.not_clickable: ...}.
 *
 * <p>Ops are tracked as the transport tracks them: every {@link ProbeOp} service, by its
 * {@value Op#NAME} property, coming and going with its bundle.
 */
@Component(configurationPolicy = ConfigurationPolicy.IGNORE, service = GuiCommands.class)
@GogoCommand(scope = "gui", function = {Verbs.HELLO, Verbs.LIST, Verbs.DIALOG, Verbs.AUDIT, Verbs.CLICK, Verbs.TYPE, Verbs.KEYPRESS,
    Verbs.WAIT, Verbs.WATCH, Verbs.SCREENSHOT, Verbs.SELECT, Verbs.HOVER, Verbs.SCROLL})
public final class GuiCommands {
    private static final String JSON = "print the op's data as JSON instead of text";
    private static final String NO_EFFECTS = "leave out the receipt (what the action changed in the GUI)";
    private static final String SETTLE = "wait at most N ms for the GUI to settle before the reply (default 100; 0: at once)";
    /** The op's own limit of settleMillis. */
    static final long MAX_SETTLE_MILLIS = 10_000;
    private static final System.Logger LOG = System.getLogger(GuiCommands.class.getName());

    private final OpTable ops = new OpTable();
    /** The symbolic name of the bundle that last provided each op, kept after it goes: what gui.op_unavailable names. */
    private final String version;

    /** probe.events' bus, for gui:watch; absent until that bundle runs. */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    volatile EventBus eventBus;

    @Activate
    public GuiCommands(BundleContext context) {
        this(context.getBundle().getVersion().toString());
    }

    GuiCommands(String version) {
        this.version = version;
    }

    @Reference(name = "ops", service = ProbeOp.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    void addOp(ProbeOp op, Map<String, Object> props) {
        org.osgi.framework.Bundle bundle = org.osgi.framework.FrameworkUtil.getBundle(op.getClass());
        ops.add(op, props, bundle == null ? null : bundle.getSymbolicName()); // nameless: OpTable says so in the log
    }

    void removeOp(ProbeOp op, Map<String, Object> props) {
        ops.remove(props);
    }

    // ---- the commands ----

    @Descriptor("show the protocol and the ops this shell can call now")
    public Object hello(@Descriptor(JSON) @Parameter(names = {"-j", "--json"}, presentValue = "true", absentValue = "false") boolean json) {
        ObjectNode d = Wire.object();
        d.put("protocol", Wire.PROTOCOL);
        d.putObject("server").put("name", "hdp-gui-gogo").put("version", version);
        ArrayNode names = d.putArray("ops");
        ops.names().forEach(names::add);
        return json ? d : Readable.hello(d);
    }

    @Descriptor("list the controls a person sees in the main window and every window over it, as a tree")
    public Object list(@Descriptor(JSON) @Parameter(names = {"-j", "--json"}, presentValue = "true", absentValue = "false") boolean json)
            throws GuiError {
        return list(json, "window");
    }

    @Descriptor("list the controls a person sees in a scope, as a tree (role, identifier, label, frame, markers)")
    public Object list(@Descriptor(JSON) @Parameter(names = {"-j", "--json"}, presentValue = "true", absentValue = "false") boolean json,
            @Descriptor("window, dialog (the topmost), sidebar, or an identifier prefix") String scope) throws GuiError {
        JsonNode data = call(Ops.LIST, Wire.object().put("scope", scope));
        return json ? data : Readable.list(data);
    }

    @Descriptor("show the topmost open dialog and its controls, or 'no dialog open'")
    public Object dialog(@Descriptor(JSON) @Parameter(names = {"-j", "--json"}, presentValue = "true", absentValue = "false") boolean json)
            throws GuiError {
        JsonNode data = call(Ops.DIALOG_CURRENT, null);
        return json ? data : Readable.dialog(data);
    }

    @Descriptor("list the operable controls without an identifier and the identifiers several controls share")
    public Object audit(@Descriptor(JSON) @Parameter(names = {"-j", "--json"}, presentValue = "true", absentValue = "false") boolean json)
            throws GuiError {
        JsonNode data = call(Ops.AUDIT, null);
        if (json) {
            return data;
        }
        JsonNode problems = data == null ? null : data.get("problems");
        boolean clean = problems == null || !problems.isArray() || problems.isEmpty();
        return Readable.audit(data, clean ? checked() : -1);
    }

    @Descriptor("click a control the way a person would: press and release at its centre")
    public Object click(@Descriptor(JSON) @Parameter(names = {"-j", "--json"}, presentValue = "true", absentValue = "false") boolean json,
            @Descriptor(NO_EFFECTS) @Parameter(names = {"-n", "--no-effects"}, presentValue = "true", absentValue = "false") boolean noEffects,
            @Descriptor(SETTLE) @Parameter(names = {"--settle-ms"}, absentValue = "-1") long settleMillis,
            @Descriptor("the mouse button: left (default), right or middle") @Parameter(names = {"-b", "--button"}, absentValue = "left") String button,
            @Descriptor("a double click") @Parameter(names = {"-d", "--double"}, presentValue = "true", absentValue = "false") boolean twice,
            @Descriptor("the control, such as detail.button.start") String identifier) throws GuiError {
        ObjectNode args = receipt(Wire.object().put("identifier", identifier).put("button", button).put("count", twice ? 2 : 1),
                noEffects, settleMillis);
        JsonNode data = call(Ops.CLICK, args);
        return json ? data : Readable.clickedReceipt(filled(data, args));
    }

    @Descriptor("choose an item of a combo box, list, table, tree or tabbed pane as a hand does (a combo is clicked open,"
            + " the item clicked in its popup)")
    public Object select(@Descriptor(JSON) @Parameter(names = {"-j", "--json"}, presentValue = "true", absentValue = "false") boolean json,
            @Descriptor(NO_EFFECTS) @Parameter(names = {"-n", "--no-effects"}, presentValue = "true", absentValue = "false") boolean noEffects,
            @Descriptor(SETTLE) @Parameter(names = {"--settle-ms"}, absentValue = "-1") long settleMillis,
            @Descriptor("ITEM is the item's identifier or its end after a dot (fedora)") @Parameter(names = {"-r", "--row"}, presentValue = "true", absentValue = "false") boolean byRow,
            @Descriptor("ITEM is the item's place, from 0") @Parameter(names = {"-i", "--index"}, presentValue = "true", absentValue = "false") boolean byIndex,
            @Descriptor("the combo box, list, table, tree or tabbed pane, such as dialog.createVM.combo.os") String identifier,
            @Descriptor("the text the item shows (exact, else ignoring case), such as \"Fedora Linux\"; with -r or -i as they say") String item)
            throws GuiError {
        ObjectNode args = Wire.object().put("identifier", identifier);
        if (byRow && byIndex) {
            throw new GuiError(ErrorCodes.INVALID_ARGS, ErrorCodes.INVALID_ARGS + ": give -r (a row) or -i (an index), not both", null, null);
        }
        if (byIndex) {
            try {
                args.put("index", Integer.parseInt(item));
            } catch (NumberFormatException e) {
                throw new GuiError(ErrorCodes.INVALID_ARGS, ErrorCodes.INVALID_ARGS + ": -i takes the item's place, a number from 0, not '"
                        + item + "'", null, e);
            }
        } else {
            args.put(byRow ? "row" : "label", item);
        }
        receipt(args, noEffects, settleMillis);
        JsonNode data = call(Ops.SELECT, args);
        return json ? data : Readable.selected(filled(data, args)) + Readable.receipt(data);
    }

    @Descriptor("rest the pointer on a control as a hand does: enter events, rollover, and its tooltip shows (printed)")
    public Object hover(@Descriptor(JSON) @Parameter(names = {"-j", "--json"}, presentValue = "true", absentValue = "false") boolean json,
            @Descriptor(NO_EFFECTS) @Parameter(names = {"-n", "--no-effects"}, presentValue = "true", absentValue = "false") boolean noEffects,
            @Descriptor(SETTLE) @Parameter(names = {"--settle-ms"}, absentValue = "-1") long settleMillis,
            @Descriptor("the control, such as toolbar.button.start") String identifier) throws GuiError {
        ObjectNode args = receipt(Wire.object().put("identifier", identifier), noEffects, settleMillis);
        JsonNode data = call(Ops.HOVER, args);
        return json ? data : Readable.hoveredReceipt(filled(data, args));
    }

    @Descriptor("turn the mouse wheel over a control: DY notches down (negative: up), -x notches right (negative: left)")
    public Object scroll(@Descriptor(JSON) @Parameter(names = {"-j", "--json"}, presentValue = "true", absentValue = "false") boolean json,
            @Descriptor(NO_EFFECTS) @Parameter(names = {"-n", "--no-effects"}, presentValue = "true", absentValue = "false") boolean noEffects,
            @Descriptor(SETTLE) @Parameter(names = {"--settle-ms"}, absentValue = "-1") long settleMillis,
            @Descriptor("wheel notches right (a shift+wheel); negative scrolls left") @Parameter(names = {"-x", "--dx"}, absentValue = "0") int dx,
            @Descriptor("the control, such as sidebar.list") String identifier,
            @Descriptor("wheel notches down; negative scrolls up") int dy) throws GuiError {
        ObjectNode args = receipt(Wire.object().put("identifier", identifier).put("dy", dy).put("dx", dx), noEffects, settleMillis);
        JsonNode data = call(Ops.SCROLL, args);
        return json ? data : Readable.scrolledReceipt(filled(data, args));
    }

    @Descriptor("type text into a control as a person's keys would (the text stays in the shell's history: see --prompt)")
    public Object type(@Descriptor(JSON) @Parameter(names = {"-j", "--json"}, presentValue = "true", absentValue = "false") boolean json,
            @Descriptor(NO_EFFECTS) @Parameter(names = {"-n", "--no-effects"}, presentValue = "true", absentValue = "false") boolean noEffects,
            @Descriptor(SETTLE) @Parameter(names = {"--settle-ms"}, absentValue = "-1") long settleMillis,
            @Descriptor("clear the control's text first") @Parameter(names = {"-r", "--replace"}, presentValue = "true", absentValue = "false") boolean replace,
            @Descriptor("ask for the text instead (not shown on a terminal, never in the history)") @Parameter(names = {"-p", "--prompt"}, presentValue = "true", absentValue = "false") boolean prompt,
            @Descriptor("the control, such as dialog.createVM.input.name") String identifier,
            @Descriptor("the text") String text) throws GuiError {
        if (prompt) {
            throw new GuiError(ErrorCodes.INVALID_ARGS, ErrorCodes.INVALID_ARGS + ": give the text or --prompt, not both", null, null);
        }
        return type(json, receipt(Wire.object(), noEffects, settleMillis), replace, identifier, text);
    }

    @Descriptor("type text asked for on the console into a control (with --prompt)")
    public Object type(CommandSession session,
            @Descriptor(JSON) @Parameter(names = {"-j", "--json"}, presentValue = "true", absentValue = "false") boolean json,
            @Descriptor(NO_EFFECTS) @Parameter(names = {"-n", "--no-effects"}, presentValue = "true", absentValue = "false") boolean noEffects,
            @Descriptor(SETTLE) @Parameter(names = {"--settle-ms"}, absentValue = "-1") long settleMillis,
            @Descriptor("clear the control's text first") @Parameter(names = {"-r", "--replace"}, presentValue = "true", absentValue = "false") boolean replace,
            @Descriptor("ask for the text (not shown on a terminal, never in the history)") @Parameter(names = {"-p", "--prompt"}, presentValue = "true", absentValue = "false") boolean prompt,
            @Descriptor("the control, such as dialog.createVM.input.password") String identifier) throws GuiError {
        if (!prompt) {
            throw new GuiError(ErrorCodes.INVALID_ARGS, ErrorCodes.INVALID_ARGS + ": give the text, or --prompt to be asked for it", null, null);
        }
        // Asked for only once the control can take it: an unknown, hidden or read-only target fails
        // here, before anyone types a password for nothing. Typing nothing focuses it, as a click
        // into the field would before typing.
        call(Ops.TYPE, Wire.object().put("identifier", identifier).put("text", ""));
        ObjectNode receipt = receipt(Wire.object(), noEffects, settleMillis);
        return type(json, receipt, replace, identifier, askText(session, identifier));
    }

    private Object type(boolean json, ObjectNode receipt, boolean replace, String identifier, String text) throws GuiError {
        ObjectNode args = receipt.put("identifier", identifier).put("text", text);
        if (replace) {
            args.put("replace", true);
        }
        JsonNode data = call(Ops.TYPE, args);
        return json ? data : Readable.typed(filled(data, Wire.object().put("identifier", identifier).put("typed", text.length())))
                + Readable.receipt(data);
    }

    @Descriptor("press and release a key on whatever has focus (keys: return esc tab space backspace delete insert up down left"
            + " right home end pageup pagedown f1..f12 a..z 0..9, punctuation ` - = [ ] \\ ; ' , . / and with shift"
            + " ~ ! @ # $ % ^ & * ( ) _ + { } | : \" < > ?, keypad kp0..kp9 kpdecimal kpadd kpsubtract kpmultiply kpdivide"
            + " kpenter kpup kpdown kpleft kpright)")
    public Object keypress(@Descriptor(JSON) @Parameter(names = {"-j", "--json"}, presentValue = "true", absentValue = "false") boolean json,
            @Descriptor(NO_EFFECTS) @Parameter(names = {"-n", "--no-effects"}, presentValue = "true", absentValue = "false") boolean noEffects,
            @Descriptor(SETTLE) @Parameter(names = {"--settle-ms"}, absentValue = "-1") long settleMillis,
            @Descriptor("held down meanwhile: shift, ctrl, alt, meta, comma separated") @Parameter(names = {"-m", "--modifiers"}, absentValue = "") String modifiers,
            @Descriptor("the key") String key) throws GuiError {
        return keypress(json, noEffects, settleMillis, modifiers, key, null);
    }

    @Descriptor("press and release a key on a control, focused first")
    public Object keypress(@Descriptor(JSON) @Parameter(names = {"-j", "--json"}, presentValue = "true", absentValue = "false") boolean json,
            @Descriptor(NO_EFFECTS) @Parameter(names = {"-n", "--no-effects"}, presentValue = "true", absentValue = "false") boolean noEffects,
            @Descriptor(SETTLE) @Parameter(names = {"--settle-ms"}, absentValue = "-1") long settleMillis,
            @Descriptor("held down meanwhile: shift, ctrl, alt, meta, comma separated") @Parameter(names = {"-m", "--modifiers"}, absentValue = "") String modifiers,
            @Descriptor("the key") String key,
            @Descriptor("the control to focus first") String identifier) throws GuiError {
        ObjectNode args = receipt(Wire.object().put("key", key), noEffects, settleMillis);
        if (!modifiers.isBlank()) {
            ArrayNode m = args.putArray("modifiers");
            for (String s : modifiers.split(",")) {
                if (!s.isBlank()) {
                    m.add(s.strip());
                }
            }
        }
        if (identifier != null) {
            args.put("identifier", identifier);
        }
        JsonNode data = call(Ops.KEYPRESS, args);
        ObjectNode asked = args.deepCopy();
        if (identifier != null) {
            asked.put("target", identifier);
        }
        return json ? data : Readable.pressed(filled(data, asked)) + Readable.receipt(data);
    }

    @Descriptor("wait until a control is showing, hidden, enabled or disabled, or a dialog is open or closed")
    public Object wait(@Descriptor(JSON) @Parameter(names = {"-j", "--json"}, presentValue = "true", absentValue = "false") boolean json,
            @Descriptor("how long to wait, in ms (default 5000)") @Parameter(names = {"-t", "--timeout-ms"}, absentValue = "5000") long timeoutMillis,
            @Descriptor("a control's identifier; or, with open or closed, a dialog's name (createVM)") String target,
            @Descriptor("showing, hidden, enabled or disabled; open or closed for a dialog") String state) throws GuiError {
        boolean dialog = state.equals("open") || state.equals("closed");
        String name = dialog && target.startsWith("dialog.") ? target.substring("dialog.".length()) : target;
        ObjectNode args = Wire.object().put(dialog ? "dialog" : "identifier", name).put("state", state).put("timeoutMillis", timeoutMillis);
        JsonNode data = call(Ops.WAIT, args);
        return json ? data : Readable.waited(filled(data, Wire.object().put("state", state)), dialog ? "dialog " + name : name);
    }

    /**
     * Only to say what is missing, for {@code gui:wait} alone or with numbers only: every object
     * also has {@code Object.wait()}, {@code wait(long)} and {@code wait(long, int)}, which the
     * shell would otherwise call (and fail with IllegalMonitorStateException). These take the
     * session, so they match as well as those do, and come first among the class's methods.
     */
    @Descriptor("(says what gui:wait needs)")
    public Object wait(CommandSession session) throws GuiError {
        throw waitNeeds();
    }

    @Descriptor("(says what gui:wait needs)")
    public Object wait(CommandSession session, long number) throws GuiError {
        throw waitNeeds();
    }

    @Descriptor("(says what gui:wait needs)")
    public Object wait(CommandSession session, long number, int another) throws GuiError {
        throw waitNeeds();
    }

    private static GuiError waitNeeds() {
        return new GuiError(ErrorCodes.INVALID_ARGS, ErrorCodes.INVALID_ARGS + ": gui:wait needs a TARGET and a STATE: an identifier and"
                + " showing|hidden|enabled|disabled (gui:wait detail.button.stop enabled), or a dialog's name and open|closed"
                + " (gui:wait createVM open), --value V and an identifier (gui:wait --value Running detail.label.state), or idle;"
                + " -t MS sets how long (default 5000)", null, null);
    }

    /**
     * A value ({@code gui:wait --value Running detail.label.state}) or the whole GUI idle ({@code
     * gui:wait idle}); anything else says the state is missing. Also there because every object has
     * {@code Object.wait}, which the shell would otherwise try (and fail with
     * IllegalMonitorStateException) for one numeric argument.
     */
    @Descriptor("wait until a control has a value (--value V ID), or until the GUI is idle (idle)")
    public Object wait(@Descriptor(JSON) @Parameter(names = {"-j", "--json"}, presentValue = "true", absentValue = "false") boolean json,
            @Descriptor("how long to wait, in ms (default 5000)") @Parameter(names = {"-t", "--timeout-ms"}, absentValue = "5000") long timeoutMillis,
            @Descriptor("the value to wait for: a label's or field's text, true/false for a toggle, a combo's item") @Parameter(names = {"-v", "--value"}, absentValue = NO_VALUE) String value,
            @Descriptor("with idle: how long nothing must happen, in ms (default 50)") @Parameter(names = {"-q", "--quiet-ms"}, absentValue = "50") long quietMillis,
            @Descriptor("a control's identifier (with --value), or idle") String target) throws GuiError {
        if (!NO_VALUE.equals(value)) {
            ObjectNode args = Wire.object().put("identifier", target).put("value", value).put("timeoutMillis", timeoutMillis);
            JsonNode data = call(Ops.WAIT, args);
            return json ? data : Readable.waitedValue(filled(data, Wire.object().put("value", value)), target);
        }
        if ("idle".equals(target)) {
            ObjectNode args = Wire.object().put("state", "idle").put("quietMillis", quietMillis).put("timeoutMillis", timeoutMillis);
            JsonNode data = call(Ops.WAIT, args);
            return json ? data : Readable.waited(filled(data, Wire.object().put("state", "idle")), "the GUI");
        }
        throw new GuiError(ErrorCodes.INVALID_ARGS, ErrorCodes.INVALID_ARGS + ": the state is missing: gui:wait " + target
                + " showing|hidden|enabled|disabled, gui:wait DIALOG open|closed, gui:wait --value V " + target + ", or gui:wait idle",
                null, null);
    }

    /** What {@code --value} is when it is not given (a value a control's text is not). */
    private static final String NO_VALUE = "\u0000";

    @Descriptor("print the GUI's events as they come, until Enter, --timeout, or an interrupt")
    public Object watch(CommandSession session,
            @Descriptor("print each event as a line of JSON") @Parameter(names = {"-j", "--json"}, presentValue = "true", absentValue = "false") boolean json,
            @Descriptor("event name patterns, comma separated (dialog.*,vm.state); default all") @Parameter(names = {"-e", "--events"}, absentValue = "*") String events,
            @Descriptor("stop after this many seconds in all (default: no limit)") @Parameter(names = {"-t", "--timeout"}, absentValue = "0") double timeoutSeconds)
            throws Exception {
        return watch(session, json, events, timeoutSeconds, 0);
    }

    @Descriptor("print the GUI's next COUNT events as they come (or fewer, at Enter, --timeout, or an interrupt)")
    public Object watch(CommandSession session,
            @Descriptor("print each event as a line of JSON") @Parameter(names = {"-j", "--json"}, presentValue = "true", absentValue = "false") boolean json,
            @Descriptor("event name patterns, comma separated (dialog.*,vm.state); default all") @Parameter(names = {"-e", "--events"}, absentValue = "*") String events,
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

    @Descriptor("save a PNG of the main window with its open dialogs (or of --scope)")
    public Object screenshot(CommandSession session,
            @Descriptor("print {output, width, height} as JSON") @Parameter(names = {"-j", "--json"}, presentValue = "true", absentValue = "false") boolean json,
            @Descriptor("window (default), dialog, or an identifier") @Parameter(names = {"-s", "--scope"}, absentValue = "window") String scope,
            @Descriptor("the PNG file to write (relative to the shell's current folder)") String file) throws GuiError {
        JsonNode data = call(Ops.SCREENSHOT, Wire.object().put("format", "png").put("scope", scope));
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
        return json ? summary : "wrote " + out + " (" + data.path("width").asText("?") + "x" + data.path("height").asText("?") + ")";
    }

    // ---- calling ops ----

    /** Runs the op named {@code op} in-process; its failure becomes a {@link GuiError}. */
    JsonNode call(String op, ObjectNode args) throws GuiError {
        ProbeOp p = ops.get(op);
        if (p == null) {
            ObjectNode details = Wire.object();
            ArrayNode present = details.putArray("ops");
            ops.names().forEach(present::add);
            String bundle = ops.provider(op);
            throw new GuiError(ErrorCodes.OP_UNAVAILABLE, ErrorCodes.OP_UNAVAILABLE + ": " + op
                    + " is not available: its bundle " + (bundle == null ? "" : bundle + " ") + "is not installed or not started ("
                    + (bundle == null ? "" : "lb " + bundle + " finds it, start ID starts it; ") + "available now: "
                    + (present.isEmpty() ? "none" : String.join(", ", ops.names())) + ")", details, null);
        }
        try {
            return p.execute(GogoContext.INSTANCE, args == null ? Wire.object() : args);
        } catch (ProbeException e) {
            throw new GuiError(e.code(), Readable.error(e.code(), e.getMessage(), e.details()), e.details(), e);
        } catch (RuntimeException e) {
            // Never the args in a message or a log line: they may hold typed text.
            LOG.log(System.Logger.Level.ERROR, op + " failed in-process (called from gogo)", e);
            throw new GuiError(ErrorCodes.INTERNAL, ErrorCodes.INTERNAL + ": " + op + " failed: " + e, null, e);
        }
    }

    /** How many controls gui.audit looked at: what gui.list shows of the same windows; -1 when unknown. */
    private int checked() {
        try {
            JsonNode list = call(Ops.LIST, null);
            JsonNode items = list == null ? null : list.get("items");
            return items != null && items.isArray() ? items.size() : -1;
        } catch (GuiError e) {
            return ErrorCodes.NO_WINDOW.equals(e.code()) ? 0 : -1;
        }
    }

    /** {@code data} with what it lacks taken from {@code asked} (never typed text), for the readable line. */
    private static JsonNode filled(JsonNode data, ObjectNode asked) {
        ObjectNode d = asked.deepCopy();
        if (data != null && data.isObject()) {
            d.setAll((ObjectNode) data);
        }
        return d;
    }

    /** The controls showing now, for completing identifiers; none when gui.list cannot say. */
    List<GuiCompletion.Item> completionItems() {
        List<GuiCompletion.Item> out = new ArrayList<>();
        try {
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
    private static String askText(CommandSession session, String identifier) throws GuiError {
        String prompt = "text for " + identifier + " (not shown): ";
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
            char[] typed = console.readPassword("text for %s (not shown): ", identifier);
            if (typed == null) {
                throw new GuiError(ErrorCodes.INVALID_ARGS, ErrorCodes.INVALID_ARGS + ": the console's input ended before a line", null, null);
            }
            return new String(typed);
        }
        PrintStream out = session.getConsole();
        out.print("text for " + identifier + " (shown as you type it: this console cannot hide it): ");
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

    /**
     * Puts an acting command's receipt options into the op's args: {@code effects: false} for
     * {@code -n}, {@code settleMillis} when {@code --settle-ms} was given (-1: not given, the op's
     * default applies). Out of range is the op's own error, said before anything is sent.
     */
    static ObjectNode receipt(ObjectNode args, boolean noEffects, long settleMillis) throws GuiError {
        if (settleMillis != -1 && (settleMillis < 0 || settleMillis > MAX_SETTLE_MILLIS)) {
            throw new GuiError(ErrorCodes.INVALID_ARGS, ErrorCodes.INVALID_ARGS + ": --settle-ms must be from 0 to " + MAX_SETTLE_MILLIS
                    + ", not " + settleMillis, null, null);
        }
        if (noEffects) {
            args.put("effects", false);
        }
        if (settleMillis != -1) {
            args.put("settleMillis", settleMillis);
        }
        return args;
    }
}
