package probe.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Set;

/**
 * How names are spelt and how long they may be, each declared once.
 *
 * <p>The bound: every string the probe looks up or searches by name (an op name, an
 * argument name, an identifier, a scope, a dialog, a key name, an event pattern) is at most
 * {@link #MAX_LENGTH} characters: a longer one is refused at once, before any lookup or "did you
 * mean" search, so no request can make the probe (or the event dispatch thread) compare a megabyte
 * against every name it knows. A message quotes at most {@link #QUOTED} characters of what the
 * client sent.
 *
 * <p>The spellings, which a description's reader holds its names to and clients check
 * before they ask: an op's name is dotted ({@link #isOpName}), a verb lower case with dashes, an
 * argument's name letters, digits and {@code _}, an option {@code --} and a verb, by default
 * {@code --} and the argument's name in kebab case ({@link OpDescription.Arg#optionName}).
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

    // The spellings, checked by hand rather than with regular expressions, whose set-up (a character
    // class is a lambda) was a good part of what reading one description cost a one-shot hvm-dbg: an
    // op [a-z][a-z0-9]*(.[a-z][a-zA-Z0-9_]*)+, a verb [a-z][a-z0-9-]* (an option: -- and a verb), an
    // argument [a-zA-Z][a-zA-Z0-9_]*.

    /** Whether {@code op} is spelt as an op's name: dotted, such as {@code gui.click} or {@code acme.reset_all}, at most {@link #MAX_LENGTH}. */
    public static boolean isOpName(String op) {
        if (op == null || tooLong(op)) {
            return false;
        }
        int dot = op.indexOf('.');
        if (dot < 0 || !lower(op, 0) || !only(op, 1, dot, false, "")) {
            return false;
        }
        for (int start = dot + 1;;) {
            int next = op.indexOf('.', start);
            int end = next < 0 ? op.length() : next;
            if (!lower(op, start) || !only(op, start + 1, end, true, "_")) {
                return false;
            }
            if (next < 0) {
                return true;
            }
            start = next + 1;
        }
    }

    static boolean isVerb(String verb) {
        return lower(verb, 0) && only(verb, 1, verb.length(), false, "-");
    }

    static boolean isArgName(String name) {
        return !name.isEmpty() && (lower(name, 0) || name.charAt(0) >= 'A' && name.charAt(0) <= 'Z')
                && only(name, 1, name.length(), true, "_");
    }

    /** Whether {@code option} is spelt as an option: {@code --} and a verb, such as {@code --settle-ms}. */
    static boolean isOption(String option) {
        return option.startsWith("--") && isVerb(option.substring(2));
    }

    /** {@code camelCase} as {@code camel-case}: an argument's name as its option spells it by default. */
    static String kebab(String name) {
        StringBuilder b = new StringBuilder();
        for (char c : name.toCharArray()) {
            if (Character.isUpperCase(c)) {
                b.append('-').append(Character.toLowerCase(c));
            } else {
                b.append(c == '_' ? '-' : c);
            }
        }
        return b.toString();
    }

    /** Whether {@code s} has a lower-case ASCII letter at {@code i}. */
    private static boolean lower(String s, int i) {
        return i < s.length() && s.charAt(i) >= 'a' && s.charAt(i) <= 'z';
    }

    /** Whether {@code s[from, to)} holds only ASCII lower-case letters and digits, upper-case letters if {@code upper}, and {@code also}. */
    private static boolean only(String s, int from, int to, boolean upper, String also) {
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || upper && c >= 'A' && c <= 'Z' || also.indexOf(c) >= 0)) {
                return false;
            }
        }
        return true;
    }
}
