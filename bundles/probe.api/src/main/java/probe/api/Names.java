package probe.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Set;

/**
 * The bound on what a client may name, declared once (since 1.3). Every string the probe looks up
 * or searches by name (an op name, an argument name, an identifier, a scope, a dialog, a key name,
 * an event pattern) is at most {@link #MAX_LENGTH} characters: a longer one is refused at once,
 * before any lookup or "did you mean" search, so no request can make the probe (or the event
 * dispatch thread) compare a megabyte against every name it knows. A message quotes at most
 * {@link #QUOTED} characters of what the client sent.
 */
public final class Names {
    /** The longest name, in characters (1 KiB): ten times the longest identifier the app has. */
    public static final int MAX_LENGTH = 1024;
    /** The most characters of a client's string that a message quotes. */
    public static final int QUOTED = 64;
    /**
     * For an op without a description (an older plugin, {@link OpDescription#undeclared}) only: the
     * arguments whose string values (or the strings of an array value) the transport takes to name
     * something, and so bounds by {@link #MAX_LENGTH} before the op runs, since the op did not say.
     * A described op says which of its arguments are names itself ({@code "format": "name"}).
     */
    public static final Set<String> ARGUMENTS = Set.of("identifier", "scope", "dialog", "key", "modifiers", "label", "row",
            "events", "format", "state", "button");

    private Names() {
    }

    /** Whether {@code name} is longer than {@link #MAX_LENGTH}. */
    public static boolean tooLong(String name) {
        return name.length() > MAX_LENGTH;
    }

    /**
     * {@code s} as a message quotes it: whole when it has at most {@link #QUOTED} characters, else
     * its first {@link #QUOTED} (a surrogate pair never cut in two) and an ellipsis.
     */
    public static String quoted(String s) {
        if (s.length() <= QUOTED) {
            return s;
        }
        int end = Character.isHighSurrogate(s.charAt(QUOTED - 1)) ? QUOTED - 1 : QUOTED;
        return s.substring(0, end) + "…";
    }

    /**
     * {@code gui.invalid_args} for a name longer than {@link #MAX_LENGTH}: {@code what} says what it
     * is ("argument 'identifier'"), the message quotes its start; {@code details.length} and
     * {@code details.maxLength}.
     */
    public static ProbeException refusal(String what, String name) {
        ObjectNode details = ProbeException.newDetails().put("length", name.length()).put("maxLength", MAX_LENGTH);
        return new ProbeException(ErrorCodes.INVALID_ARGS, what + " is " + name.length() + " characters long; a name is at most "
                + MAX_LENGTH + " ('" + quoted(name) + "')", details);
    }

    /** Throws {@link #refusal} when {@code name} is longer than {@link #MAX_LENGTH}. */
    public static void check(String what, String name) throws ProbeException {
        if (name != null && tooLong(name)) {
            throw refusal(what, name);
        }
    }
}
