package probe.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;
import probe.api.ErrorCodes;
import probe.api.OpDescription;
import probe.api.ProbeException;
import probe.api.RequestCheck;
import probe.api.wire.Wire;
import probe.api.wire.Json;

/**
 * A tool's arguments (a JSON object the model wrote, as the SDK hands it over: a {@code Map} of
 * strings, numbers, booleans, lists) as the op's {@code args}, checked against what the tool takes
 * ({@link ToolSpecs.Spec#takes}: the op's description with the server's own arguments) before
 * anything is sent, so the model hears what an argument accepts in the description's words and a
 * wrong call never reaches the GUI. What a description cannot say is the probe's to check (which of
 * gui.wait's arguments go together, gui.select's one of label, row, index) and its refusal is the
 * tool's error. Two things a model writes loosely are taken as meant: a whole number as
 * {@code 3.0}, a list of strings as {@code "ctrl,shift"}. Pure, so that it is tested without a
 * probe. Never puts typed text into a message.
 */
public final class ToolArgs {
    private ToolArgs() {
    }

    /** The prefix a {@code secretEnv} variable has (see {@link #secret}), whatever application answers. */
    public static final String SECRET_PREFIX = "HDP_GUI_SECRET_";
    /** HVM's own prefix, taken too: the MCP configurations written for HVM before any application could answer name it. */
    public static final String HVM_SECRET_PREFIX = "HVM_SECRET_";
    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /** Arguments the tool cannot take, said to the model as an error result. Never holds typed text. */
    public static final class Problem extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final ProbeException refusal;

        Problem(ProbeException refusal) {
            super(refusal.getMessage(), null, false, false);
            this.refusal = refusal;
        }

        public Problem(String message) {
            this(new ProbeException(ErrorCodes.INVALID_ARGS, message));
        }

        /** The code (gui.invalid_args) and details, as the probe would refuse them. */
        ProbeException refusal() {
            return refusal;
        }
    }

    /**
     * {@code given} as args for the tool {@code tool} that takes {@code takes}: checked (unknown names,
     * types, ranges, choices, required), nothing filled in (the probe fills in its defaults).
     *
     * @throws Problem what is wrong, in the description's words, naming the tool
     */
    public static ObjectNode of(String tool, OpDescription takes, Map<String, Object> given) {
        ObjectNode args = Json.object();
        if (given != null) {
            for (Map.Entry<String, Object> e : given.entrySet()) {
                if (e.getValue() == null) {
                    continue;
                }
                JsonNode v = Wire.mapper().valueToTree(e.getValue());
                Optional<OpDescription.Arg> arg = takes.arg(e.getKey());
                args.set(e.getKey(), arg.isPresent() ? loose(arg.get(), v) : v);
            }
        }
        try {
            RequestCheck.check(takes, args);
        } catch (ProbeException x) {
            // The description names the op; the model knows the tool.
            throw new Problem(new ProbeException(x.code(), x.getMessage().replace(" for " + takes.op(), " for " + tool), x.details()));
        }
        return args;
    }

    /** {@code args}' integer {@code name}, or its default in {@code takes}. */
    static long integer(ObjectNode args, OpDescription takes, String name) {
        JsonNode v = args.get(name);
        if (v == null) {
            v = takes.arg(name).map(OpDescription.Arg::defaultValue).orElse(null);
        }
        return v == null ? 0 : v.asLong();
    }

    /** What a model writes loosely, as meant: a whole number as 3.0, a list of strings as "ctrl,shift". */
    private static JsonNode loose(OpDescription.Arg a, JsonNode v) {
        if (a.type() == OpDescription.Type.INTEGER && v.isFloatingPointNumber() && v.doubleValue() == Math.rint(v.doubleValue())
                && Math.abs(v.doubleValue()) < 1e15) {
            return LongNode.valueOf(v.longValue());
        }
        if (a.type() == OpDescription.Type.ARRAY && v.isTextual()) {
            ArrayNode list = Wire.mapper().createArrayNode();
            for (String s : v.textValue().split(",")) {
                if (!s.isBlank()) {
                    list.add(s.strip());
                }
            }
            return list;
        }
        return v;
    }

    /**
     * A secret argument {@code arg} of the tool {@code tool} (gui_type's {@code text}): as given, or the
     * value of the server's environment variable {@code secretEnv} (which must start with
     * {@link #SECRET_PREFIX} or {@link #HVM_SECRET_PREFIX}), read through {@code env}, put into
     * {@code args} as {@code arg} ({@code secretEnv} taken out). A value holding a control
     * character (a Tab, a line break, Escape…) is refused: typed, it would move the focus and type
     * the rest elsewhere. Messages name the variable, never its value.
     *
     * @return whether the text is a secret
     */
    public static boolean secret(String tool, String arg, ObjectNode args, Function<String, String> env) {
        boolean hasText = args.hasNonNull(arg);
        boolean hasSecret = args.hasNonNull("secretEnv");
        if (hasText == hasSecret) {
            throw new Problem(tool + " takes exactly one of '" + arg + "' (the text itself) and 'secretEnv' (the name of an"
                    + " environment variable of the MCP server that holds a password)");
        }
        if (hasText) {
            return false;
        }
        String name = args.remove("secretEnv").textValue();
        if (!ENV_NAME.matcher(name).matches()) {
            throw new Problem("argument 'secretEnv' must be the name of an environment variable, such as " + SECRET_PREFIX + "PASSWORD");
        }
        if (!name.startsWith(SECRET_PREFIX) && !name.startsWith(HVM_SECRET_PREFIX)) {
            throw new Problem("secretEnv '" + name + "' is refused: only variables whose names start with " + SECRET_PREFIX
                    + " (or HVM's " + HVM_SECRET_PREFIX + ")"
                    + " may be typed, so that no other secret of the server's environment can be; set "
                    + SECRET_PREFIX + "… in the server's env (the MCP client's configuration)");
        }
        if (!args.hasNonNull("identifier")) {
            throw new Problem(tool + " with secretEnv needs 'identifier': the password field to type into");
        }
        String value = env.apply(name);
        if (value == null) {
            throw new Problem("the environment variable " + name + " is not set in the MCP server's environment;"
                    + " set it in the server's env (the MCP client's configuration) and restart the server");
        }
        int control = firstControl(value);
        if (control >= 0) {
            throw new Problem("the environment variable " + name + " holds a control character (" + controlName(control)
                    + "), so it is not typed: a Tab or a line break moves the focus or presses the dialog's default"
                    + " button, and the rest of the secret would be typed wherever the focus went. Set the variable to the"
                    + " password alone (no trailing newline) in the server's env and restart the server");
        }
        args.put(arg, value);
        return true;
    }

    /** The first control character of {@code s} (C0, DEL, C1), or -1 when it has none. */
    private static int firstControl(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (Character.isISOControl(s.charAt(i))) {
                return s.charAt(i);
            }
        }
        return -1;
    }

    /** A control character for a person: {@code U+0009 Tab}. */
    private static String controlName(int c) {
        String name = c == '\t' ? " Tab" : c == '\n' ? " line feed" : c == '\r' ? " carriage return" : c == 0x1b ? " Escape" : "";
        return String.format("U+%04X", c) + name;
    }
}
