package probe.registry.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The pure rules of derived identifiers (docs/IDENTIFIERS.md, "Derived identifiers"): how a text a
 * person reads becomes a name, which names the toolkit made up, and how duplicates are told apart.
 * No Swing here: {@link Derived} reads the components and hands the strings over.
 */
final class Derivation {
    /** The most words and characters a derived name keeps of a text. */
    static final int MAX_WORDS = 4;
    static final int MAX_CHARS = 32;

    /** AWT's made-up names for components and windows nobody named: {@code frame0}, {@code button3}, {@code win1}, {@code filedlg0}. */
    private static final Pattern AWT_DEFAULT = Pattern.compile(
            "(button|canvas|checkbox|choice|label|list|menu|menubar|menuitem|panel|popup|scrollbar|scrollpane|text|textfield|textarea"
                    + "|win|frame|dialog|filedlg)[0-9]+");
    private static final Pattern TAG = Pattern.compile("<[^>]*>");
    private static final Pattern NON_WORD = Pattern.compile("[^\\p{L}\\p{N}]+");
    /** An action command a person could have read: words, not a code or a class name ({@code comboBoxChanged} is a word too, but no button's). */
    private static final Pattern HUMAN = Pattern.compile("[\\p{L}][\\p{L}\\p{N} _-]{0,39}");

    private Derivation() {
    }

    /**
     * Whether the toolkit made {@code name} up rather than the app: AWT's {@code <base><n>}
     * defaults, Swing's UI delegates' part names ({@code OptionPane.button}, {@code ComboBox.list},
     * {@code Spinner.nextButton}: they begin with a capital), a root pane's {@code null.*} parts and
     * Swing's popup windows' {@code ###...}. Such a name is never used as if stable.
     */
    static boolean madeUp(String name, boolean awtDefaultApplies) {
        if (name == null || name.isEmpty()) {
            return true;
        }
        return Character.isUpperCase(name.charAt(0)) || name.startsWith("null.") || name.startsWith("###")
                || awtDefaultApplies && AWT_DEFAULT.matcher(name).matches();
    }

    /**
     * A lower-camel name from what a person reads: markup dropped, at most {@link #MAX_WORDS}
     * words and {@link #MAX_CHARS} characters; null when no letter or digit is left.
     */
    static String slug(String text) {
        if (text == null) {
            return null;
        }
        String plain = TAG.matcher(text).replaceAll(" ");
        StringBuilder out = new StringBuilder();
        int words = 0;
        for (String w : NON_WORD.split(plain)) {
            if (w.isEmpty()) {
                continue;
            }
            if (words == MAX_WORDS) {
                break;
            }
            // A word in capitals is one word ("OK" gives ok); a camel-cased one keeps its inner capitals ("SwingSet2").
            String body = w.equals(w.toUpperCase(Locale.ROOT)) ? w.toLowerCase(Locale.ROOT) : w;
            String head = body.substring(0, 1);
            String part = (words == 0 ? head.toLowerCase(Locale.ROOT) : head.toUpperCase(Locale.ROOT)) + body.substring(1);
            if (out.length() + part.length() > MAX_CHARS) {
                if (words == 0) {
                    out.append(part, 0, MAX_CHARS);
                }
                break;
            }
            out.append(part);
            words++;
        }
        return out.length() == 0 ? null : out.toString();
    }

    /** An action command that a person could have read, slugged; null for none or a code. */
    static String humanCommand(String command) {
        return command != null && HUMAN.matcher(command.trim()).matches() ? slug(command) : null;
    }

    /** The base of an icon's file name ({@code .../toolbar/JButton.gif} gives {@code jbutton}); null for none. */
    static String iconName(String description) {
        if (description == null || description.isBlank()) {
            return null;
        }
        String s = description;
        int q = s.indexOf('?');
        if (q >= 0) {
            s = s.substring(0, q);
        }
        s = s.substring(Math.max(s.lastIndexOf('/'), s.lastIndexOf('\\')) + 1);
        int dot = s.lastIndexOf('.');
        if (dot > 0) {
            s = s.substring(0, dot);
        }
        return slug(s);
    }

    /** The first source that gives a name, in the order given; null when none does. */
    static String first(String... slugs) {
        for (String s : slugs) {
            if (s != null) {
                return s;
            }
        }
        return null;
    }

    /**
     * One thing to name: its scene (the window's identifier or title), the rest ({@code role.name})
     * and the slug of its nearest titled container (null when none).
     */
    record Wanted(String scene, String rest, String container) {
        String base() {
            return scene + "." + rest;
        }
    }

    /**
     * The identifiers, in the order wanted: a base several share (or one already taken) is told
     * apart by the nearest titled container, placed after the scene ({@code scene.container.rest});
     * what still clashes gets {@code -2}, {@code -3} in tree order (the first keeps the plain one).
     */
    static List<String> distinct(List<Wanted> wanted, Set<String> taken) {
        Map<String, Integer> bases = new HashMap<>();
        for (Wanted w : wanted) {
            bases.merge(w.base(), 1, Integer::sum);
        }
        List<String> firstPass = new ArrayList<>(wanted.size());
        for (Wanted w : wanted) {
            boolean clash = bases.get(w.base()) > 1 || taken.contains(w.base());
            firstPass.add(clash && w.container() != null ? w.scene() + "." + w.container() + "." + w.rest() : w.base());
        }
        Set<String> used = new HashSet<>(taken);
        Map<String, Integer> next = new HashMap<>();
        List<String> out = new ArrayList<>(wanted.size());
        for (String id : firstPass) {
            String unique = id;
            if (!used.add(unique)) {
                int n = next.getOrDefault(id, 2);
                while (!used.add(unique = id + "-" + n)) {
                    n++;
                }
                next.put(id, n + 1);
            }
            out.add(unique);
        }
        return out;
    }
}
