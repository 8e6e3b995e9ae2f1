package probe.events.internal;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * What a subscriber asked for: event names or patterns in which {@code *} stands for any run of
 * characters, dots included ({@code *}, {@code dialog.*}, {@code *.closed}, {@code error}).
 *
 * <p>The optional events ({@code window.*}, {@code focus.*}: frequent, and noise for most
 * clients) are matched only by a pattern that begins with literal text, which names their family
 * ({@code window.opened}, {@code window.*}, {@code focus.changed}); a pattern that begins with
 * {@code *}, {@code *} itself included, never matches them.
 */
final class Patterns {
    static final int MAX_PATTERNS = 64;
    static final int MAX_LENGTH = 200;

    /** Every event but the optional ones. */
    static final Patterns ALL = of(List.of("*"));

    private final List<String> patterns;

    private Patterns(List<String> patterns) {
        this.patterns = patterns;
    }

    /**
     * The patterns, duplicates dropped, in the order given.
     *
     * @throws IllegalArgumentException naming the first pattern that is null, empty, longer than
     *     {@value #MAX_LENGTH} characters or holds a space or a control character, or when there
     *     are none or more than {@value #MAX_PATTERNS}
     */
    static Patterns of(List<String> given) {
        if (given.isEmpty()) {
            throw new IllegalArgumentException("no event patterns given: name at least one, such as \"*\" or \"dialog.*\"");
        }
        LinkedHashSet<String> unique = new LinkedHashSet<>();
        for (String p : given) {
            unique.add(check(p));
        }
        if (unique.size() > MAX_PATTERNS) {
            throw new IllegalArgumentException("at most " + MAX_PATTERNS + " event patterns, got " + unique.size());
        }
        return new Patterns(List.copyOf(new ArrayList<>(unique)));
    }

    private static String check(String p) {
        if (p == null || p.isEmpty()) {
            throw new IllegalArgumentException("an event pattern is empty: give a name such as \"dialog.opened\" or a pattern such as \"dialog.*\"");
        }
        if (p.length() > MAX_LENGTH) {
            throw new IllegalArgumentException("an event pattern is " + p.length() + " characters long; at most " + MAX_LENGTH);
        }
        for (int i = 0; i < p.length(); i++) {
            char c = p.charAt(i);
            if (Character.isWhitespace(c) || Character.isISOControl(c)) {
                throw new IllegalArgumentException("event pattern '" + p + "' holds a space or a control character; names are like \"dialog.opened\"");
            }
        }
        return p;
    }

    /** True for the events that {@code *} leaves out. */
    static boolean isOptional(String event) {
        return event.startsWith("window.") || event.startsWith("focus.") || event.startsWith("probe.ops.");
    }

    boolean matches(String event) {
        boolean optional = isOptional(event);
        for (String p : patterns) {
            if (optional && p.startsWith("*")) {
                continue;
            }
            if (glob(p, event)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code s} matches {@code p}, where {@code *} is any run of characters. At most length(p) × length(s) steps: no exponential backtracking. */
    static boolean glob(String p, String s) {
        int pi = 0;
        int si = 0;
        int star = -1;
        int resume = 0;
        while (si < s.length()) {
            if (pi < p.length() && p.charAt(pi) == '*') {
                star = pi++;
                resume = si;
            } else if (pi < p.length() && p.charAt(pi) == s.charAt(si)) {
                pi++;
                si++;
            } else if (star >= 0) {
                pi = star + 1;
                si = ++resume;
            } else {
                return false;
            }
        }
        while (pi < p.length() && p.charAt(pi) == '*') {
            pi++;
        }
        return pi == p.length();
    }

    List<String> list() {
        return patterns;
    }

    @Override
    public String toString() {
        return patterns.toString();
    }
}
