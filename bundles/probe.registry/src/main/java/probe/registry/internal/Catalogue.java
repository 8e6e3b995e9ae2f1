package probe.registry.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The names an application can ever show, as it publishes them (docs/IDENTIFIERS.md, "The
 * catalogue"): exact names, and patterns that end in {@code *} for names with a variable part
 * ({@code sidebar.row.*}). Immutable. {@link #NONE} is "no catalogue loaded": then nothing is
 * known, and callers behave as they did before catalogues existed.
 */
final class Catalogue {
    /** No catalogue loaded. */
    static final Catalogue NONE = new Catalogue(false, Set.of(), Set.of());

    private final boolean loaded;
    private final Set<String> names;
    /** The patterns without their {@code *}: {@code sidebar.row.} for {@code sidebar.row.*}. */
    private final Set<String> prefixes;

    private Catalogue(boolean loaded, Set<String> names, Set<String> prefixes) {
        this.loaded = loaded;
        this.names = names;
        this.prefixes = prefixes;
    }

    /**
     * Reads a catalogue: one name a line, surrounding blanks ignored, blank lines and lines that
     * start with {@code #} skipped; a name may end in {@code *} and hold no other.
     *
     * @throws IllegalArgumentException naming the line of a {@code *} that is not the last character,
     *     or of a lone {@code *}
     */
    static Catalogue parse(String text) {
        Set<String> names = new LinkedHashSet<>();
        Set<String> prefixes = new LinkedHashSet<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String entry = lines[i].strip();
            if (entry.isEmpty() || entry.startsWith("#")) {
                continue;
            }
            int star = entry.indexOf('*');
            if (star >= 0 && (star != entry.length() - 1 || star == 0)) {
                throw new IllegalArgumentException("line " + (i + 1) + ": '" + entry + "': a '*' may only end a name that has"
                        + " something before it, as in sidebar.row.*");
            }
            if (star > 0) {
                prefixes.add(entry.substring(0, star));
            } else {
                names.add(entry);
            }
        }
        return new Catalogue(true, Collections.unmodifiableSet(names), Collections.unmodifiableSet(prefixes));
    }

    /** Every name of all {@code parts}; {@link #NONE} when there are none. */
    static Catalogue union(Collection<Catalogue> parts) {
        if (parts.isEmpty()) {
            return NONE;
        }
        Set<String> names = new LinkedHashSet<>();
        Set<String> prefixes = new LinkedHashSet<>();
        for (Catalogue c : parts) {
            names.addAll(c.names);
            prefixes.addAll(c.prefixes);
        }
        return new Catalogue(true, Collections.unmodifiableSet(names), Collections.unmodifiableSet(prefixes));
    }

    /** Whether a catalogue was loaded at all; when not, nothing is known and nothing is refused. */
    boolean loaded() {
        return loaded;
    }

    /** Whether the app can show {@code identifier}: a name of the catalogue, or matched by one of its patterns. */
    boolean knows(String identifier) {
        if (names.contains(identifier)) {
            return true;
        }
        for (String p : prefixes) {
            if (identifier.length() > p.length() && identifier.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the app has the dialog {@code name} (its window {@code dialog.<name>}). */
    boolean knowsDialog(String name) {
        return knows("dialog." + name);
    }

    /** The names of the dialogs: the X of every name {@code dialog.X} without a further dot. */
    Set<String> dialogs() {
        Set<String> out = new TreeSet<>();
        for (String n : names) {
            if (n.startsWith("dialog.") && n.indexOf('.', "dialog.".length()) < 0 && n.length() > "dialog.".length()) {
                out.add(n.substring("dialog.".length()));
            }
        }
        return out;
    }

    /** Whether some name the app can show starts with {@code scope} (so a listing of it may, at some time, hold something). */
    boolean isPrefix(String scope) {
        for (String n : names) {
            if (n.startsWith(scope)) {
                return true;
            }
        }
        for (String p : prefixes) {
            if (p.startsWith(scope) || scope.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The names to suggest for a misspelt {@code wanted}: every name, and every pattern with its
     * variable part taken from {@code wanted} (after as many dots as the pattern has), so that
     * {@code sidebr.row.Ubuntu} meets {@code sidebar.row.Ubuntu}; a pattern whose variable part is
     * not a whole last segment, or that {@code wanted} has too few parts for, stays as written.
     */
    List<String> candidates(String wanted) {
        List<String> out = new ArrayList<>(names);
        for (String p : prefixes) {
            String rest = p.endsWith(".") ? afterDots(wanted, count(p, '.')) : null;
            out.add(p + (rest == null || rest.isEmpty() ? "*" : rest));
        }
        return out;
    }

    /** Every prefix a scope may be: each name and pattern cut after each of its dots, and whole. */
    Set<String> scopes() {
        Set<String> out = new TreeSet<>();
        for (String n : names) {
            addCuts(n, out);
        }
        for (String p : prefixes) {
            addCuts(p.endsWith(".") ? p.substring(0, p.length() - 1) : p, out);
        }
        return out;
    }

    private static void addCuts(String name, Set<String> out) {
        for (int dot = name.indexOf('.'); dot > 0; dot = name.indexOf('.', dot + 1)) {
            out.add(name.substring(0, dot));
        }
        out.add(name);
    }

    private static int count(String s, char c) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == c) {
                n++;
            }
        }
        return n;
    }

    /** What follows the {@code dots}-th dot of {@code s}, or null when it has fewer. */
    private static String afterDots(String s, int dots) {
        int at = -1;
        for (int i = 0; i < dots; i++) {
            at = s.indexOf('.', at + 1);
            if (at < 0) {
                return null;
            }
        }
        return s.substring(at + 1);
    }
}
