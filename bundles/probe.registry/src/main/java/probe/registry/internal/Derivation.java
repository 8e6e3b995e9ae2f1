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

    /** Where a title's parts meet: an application's name and a document's are joined by one of these. */
    private static final Pattern TITLE_SEPARATOR = Pattern.compile("\\s+[-\u2013\u2014|\u00b7\u2022:]\\s+|:\\s+");
    /** A part in brackets, parentheses, braces or quotes: what a title adds about the document or the mode. */
    private static final Pattern ENCLOSED = Pattern.compile("\\[[^\\]]*]|\\([^)]*\\)|\\{[^}]*}|\u201c[^\u201d]*\u201d|\"[^\"]*\"|\u00ab[^\u00bb]*\u00bb"
            + "|\u2018[^\u2019]*\u2019");
    /** A file's name: a name, a dot and an extension of a few letters or digits with a letter among them ("plan.xml", not "2.0"). */
    private static final Pattern FILE_NAME = Pattern.compile(".*[^\\s.]\\.\\p{N}*\\p{L}[\\p{L}\\p{N}]{0,5}");
    /** What an application shows for a document that has no name yet. */
    private static final Pattern PLACEHOLDER = Pattern.compile("(?i)(untitled|unnamed|unsaved|noname|new document|new file)(\\s*\\d+)?");

    /**
     * A window's scene from its title, with what changes with the document left out
     * (docs/IDENTIFIERS.md, "Scenes"): the title is cut at the separators people put between an
     * application's name and a document's ({@code " - "}, {@code " — "}, {@code " | "}, {@code ": "}, …), and
     * what is in brackets, parentheses or quotes is dropped; of the parts, those that name a
     * document (a path, a file name with its extension, an address, a placeholder such as
     * "Untitled", a number) are dropped, a modified mark ({@code *}) is cut off, and the first part
     * left gives the scene. Null when nothing is left (a title that is only a document's name).
     */
    static String titleScene(String title) {
        if (title == null) {
            return null;
        }
        String plain = ENCLOSED.matcher(title).replaceAll(" ");
        for (String part : TITLE_SEPARATOR.split(plain)) {
            String p = part.strip();
            while (p.startsWith("*") || p.startsWith("\u2022")) {
                p = p.substring(1).strip();
            }
            while (p.endsWith("*")) {
                p = p.substring(0, p.length() - 1).strip();
            }
            if (p.isEmpty() || documentLike(p)) {
                continue;
            }
            String s = slug(p);
            if (s != null) {
                return s;
            }
        }
        return null;
    }

    /** Whether a part of a title names a document rather than the window: a path, a file, an address, a placeholder, a number. */
    static boolean documentLike(String part) {
        return part.indexOf('/') >= 0 || part.indexOf('\\') >= 0 || part.contains("://") || FILE_NAME.matcher(part).matches()
                || PLACEHOLDER.matcher(part).matches() || part.chars().allMatch(ch -> Character.isDigit(ch) || ch == '.' || ch == ',');
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
     * One thing to name: its scene (the window's identifier or title), the rest ({@code role.name}),
     * the slug of its nearest titled container (null when none), and whether only its place names
     * it ({@code rest} is its role alone).
     */
    record Wanted(String scene, String rest, String container, boolean positional) {
        Wanted(String scene, String rest, String container) {
            this(scene, rest, container, false);
        }

        String base() {
            return scene + "." + rest;
        }
    }

    /**
     * The identifiers, in the order wanted: a base several share (or one already taken) is told
     * apart by the nearest titled container, placed after the scene ({@code scene.container.rest});
     * so is every name that only a place gives, so that the first field of one page and of another
     * never share one; what still clashes gets {@code -2}, {@code -3} in tree order (the first keeps
     * the plain one).
     */
    static List<String> distinct(List<Wanted> wanted, Set<String> taken) {
        Map<String, Integer> bases = new HashMap<>();
        for (Wanted w : wanted) {
            bases.merge(w.base(), 1, Integer::sum);
        }
        List<String> firstPass = new ArrayList<>(wanted.size());
        for (Wanted w : wanted) {
            boolean clash = w.positional() || bases.get(w.base()) > 1 || taken.contains(w.base());
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
