package probe.key.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.event.KeyEvent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import probe.api.ErrorCodes;
import probe.api.Nearest;
import probe.api.ProbeException;
import probe.input.Keyboard;
import probe.input.Keyboard.Key;
import probe.input.Keyboard.Modifier;

/**
 * The keys of a US keyboard that a person uses in the app, by name, and the modifiers. The
 * keys of the protocol's first key table come first: Return {@code \n}, Tab {@code \t},
 * Backspace {@code \b}, Esc U+001B, Delete U+007F, letters and digits themselves; arrows, Home,
 * End, Page Up/Down and the F-keys type nothing. Then Insert; the punctuation keys by the character
 * they type, the shifted characters ({@code ?}, {@code !}, {@code :} ...) too, each pressed on its
 * own key with shift held, as a US keyboard types it; and the numeric keypad at its own location:
 * with Num Lock on ({@code kp0} ... {@code kp9}, {@code kpdecimal}, {@code kpadd} ...
 * {@code kpenter}), and its arrows as Num Lock off makes them ({@code kpup} ...). Each key also goes
 * by the names xdotool and Playwright give it ({@link #ALIASES}), and a stroke by modifiers joined
 * to its key ({@link #stroke}: {@code ctrl+f}); a misspelt name gets the key meant.
 */
final class KeyTable {
    /** A key to press, and whether shift must be held for the character its name is (as for {@code ?}). */
    record Press(Key key, boolean shift) {
    }

    /** The main block's punctuation keys, as a US keyboard has them: key code, character, shifted character. */
    private static final List<Key> PUNCTUATION = List.of(
            Key.shifting(KeyEvent.VK_BACK_QUOTE, '`', '~'), Key.shifting(KeyEvent.VK_MINUS, '-', '_'),
            Key.shifting(KeyEvent.VK_EQUALS, '=', '+'), Key.shifting(KeyEvent.VK_OPEN_BRACKET, '[', '{'),
            Key.shifting(KeyEvent.VK_CLOSE_BRACKET, ']', '}'), Key.shifting(KeyEvent.VK_BACK_SLASH, '\\', '|'),
            Key.shifting(KeyEvent.VK_SEMICOLON, ';', ':'), Key.shifting(KeyEvent.VK_QUOTE, '\'', '"'),
            Key.shifting(KeyEvent.VK_COMMA, ',', '<'), Key.shifting(KeyEvent.VK_PERIOD, '.', '>'),
            Key.shifting(KeyEvent.VK_SLASH, '/', '?'));

    /** What shift makes of the digits 0..9 on a US keyboard. */
    private static final String SHIFTED_DIGITS = ")!@#$%^&*(";

    private static final Map<String, Press> KEYS = table();

    private KeyTable() {
    }

    private static Map<String, Press> table() {
        Map<String, Press> t = new LinkedHashMap<>();
        put(t, "return", Keyboard.ENTER);
        put(t, "esc", new Key(KeyEvent.VK_ESCAPE, '\u001b'));
        put(t, "tab", Keyboard.TAB);
        put(t, "space", new Key(KeyEvent.VK_SPACE, ' '));
        put(t, "backspace", Keyboard.BACKSPACE);
        put(t, "delete", new Key(KeyEvent.VK_DELETE, '\u007f'));
        put(t, "up", Key.silent(KeyEvent.VK_UP));
        put(t, "down", Key.silent(KeyEvent.VK_DOWN));
        put(t, "left", Key.silent(KeyEvent.VK_LEFT));
        put(t, "right", Key.silent(KeyEvent.VK_RIGHT));
        put(t, "home", Key.silent(KeyEvent.VK_HOME));
        put(t, "end", Key.silent(KeyEvent.VK_END));
        put(t, "pageup", Key.silent(KeyEvent.VK_PAGE_UP));
        put(t, "pagedown", Key.silent(KeyEvent.VK_PAGE_DOWN));
        for (int i = 1; i <= 12; i++) {
            put(t, "f" + i, Key.silent(KeyEvent.VK_F1 + i - 1));
        }
        for (char c = 'a'; c <= 'z'; c++) {
            put(t, String.valueOf(c), new Key(KeyEvent.VK_A + (c - 'a'), c));
        }
        for (char c = '0'; c <= '9'; c++) {
            put(t, String.valueOf(c), Key.shifting(KeyEvent.VK_0 + (c - '0'), c, SHIFTED_DIGITS.charAt(c - '0')));
        }
        // Beyond that first table.
        put(t, "insert", Key.silent(KeyEvent.VK_INSERT));
        for (Key k : PUNCTUATION) {
            put(t, String.valueOf(k.ch()), k);
        }
        // The shifted characters, each named by itself and pressed as its key with shift.
        for (char c : "1234567890".toCharArray()) {
            Press digit = t.get(String.valueOf(c));
            t.put(String.valueOf(digit.key().shifted()), new Press(digit.key(), true));
        }
        for (Key k : PUNCTUATION) {
            t.put(String.valueOf(k.shifted()), new Press(k, true));
        }
        for (char c = '0'; c <= '9'; c++) {
            put(t, "kp" + c, Key.numpad(KeyEvent.VK_NUMPAD0 + (c - '0'), c));
        }
        put(t, "kpdecimal", Key.numpad(KeyEvent.VK_DECIMAL, '.'));
        put(t, "kpadd", Key.numpad(KeyEvent.VK_ADD, '+'));
        put(t, "kpsubtract", Key.numpad(KeyEvent.VK_SUBTRACT, '-'));
        put(t, "kpmultiply", Key.numpad(KeyEvent.VK_MULTIPLY, '*'));
        put(t, "kpdivide", Key.numpad(KeyEvent.VK_DIVIDE, '/'));
        put(t, "kpenter", Key.numpad(KeyEvent.VK_ENTER, '\n'));
        // With Num Lock off the keypad's 8, 2, 4, 6 are arrows of their own codes, which Swing binds too.
        put(t, "kpup", Key.numpad(KeyEvent.VK_KP_UP, KeyEvent.CHAR_UNDEFINED));
        put(t, "kpdown", Key.numpad(KeyEvent.VK_KP_DOWN, KeyEvent.CHAR_UNDEFINED));
        put(t, "kpleft", Key.numpad(KeyEvent.VK_KP_LEFT, KeyEvent.CHAR_UNDEFINED));
        put(t, "kpright", Key.numpad(KeyEvent.VK_KP_RIGHT, KeyEvent.CHAR_UNDEFINED));
        return Collections.unmodifiableMap(t);
    }

    private static void put(Map<String, Press> t, String name, Key key) {
        t.put(name, new Press(key, false));
    }

    /** Every key name: the contract's first, in its order, then the rest. */
    static List<String> names() {
        return List.copyOf(KEYS.keySet());
    }

    /**
     * The other names of the keys, as xdotool (X keysyms: {@code Return}, {@code Escape},
     * {@code Page_Up}, {@code KP_Enter}, {@code bracketleft}) and Playwright (the DOM's key names
     * and codes: {@code Enter}, {@code ArrowDown}, {@code PageUp}, {@code KeyA}, {@code Digit1},
     * {@code NumpadEnter}, {@code " "}) spell them, in their own spelling, each with the table's name
     * of its key. A name that is the table's own once case and {@code _} are ignored ({@code BackSpace},
     * {@code KP_Add}, {@code F5}) needs no entry.
     */
    private static final Map<String, String> ALIASES = aliases();

    private static Map<String, String> aliases() {
        Map<String, String> a = new LinkedHashMap<>();
        a.put("Enter", "return");
        a.put("Escape", "esc");
        a.put(" ", "space");
        a.put("ArrowUp", "up");
        a.put("ArrowDown", "down");
        a.put("ArrowLeft", "left");
        a.put("ArrowRight", "right");
        a.put("Prior", "pageup");
        a.put("Next", "pagedown");
        for (char c = 'a'; c <= 'z'; c++) {
            a.put("Key" + Character.toUpperCase(c), String.valueOf(c));
        }
        for (char c = '0'; c <= '9'; c++) {
            a.put("Digit" + c, String.valueOf(c));
            a.put("Numpad" + c, "kp" + c);
        }
        for (String op : List.of("Decimal", "Add", "Subtract", "Multiply", "Divide", "Enter")) {
            a.put("Numpad" + op, "kp" + op.toLowerCase(Locale.ROOT));
        }
        // The punctuation by its X keysym and by its DOM code (where they differ), the shifted characters by their keysym.
        String[][] punctuation = {{"`", "grave", "Backquote"}, {"-", "minus", "Minus"}, {"=", "equal", "Equal"},
            {"[", "bracketleft", "BracketLeft"}, {"]", "bracketright", "BracketRight"}, {"\\", "backslash", "Backslash"},
            {";", "semicolon", "Semicolon"}, {"'", "apostrophe", "Quote"}, {",", "comma", "Comma"}, {".", "period", "Period"},
            {"/", "slash", "Slash"}, {"~", "asciitilde"}, {"!", "exclam"}, {"@", "at"}, {"#", "numbersign"}, {"$", "dollar"},
            {"%", "percent"}, {"^", "asciicircum"}, {"&", "ampersand"}, {"*", "asterisk"}, {"(", "parenleft"}, {")", "parenright"},
            {"_", "underscore"}, {"+", "plus"}, {"{", "braceleft"}, {"}", "braceright"}, {"|", "bar"}, {":", "colon"},
            {"\"", "quotedbl"}, {"<", "less"}, {">", "greater"}, {"?", "question"}};
        for (String[] p : punctuation) {
            for (int i = 1; i < p.length; i++) {
                a.putIfAbsent(p[i], p[0]);
            }
        }
        return Collections.unmodifiableMap(a);
    }

    /** The modifiers by name, as the wire, xdotool ({@code ctrl}, {@code Control_L}) and Playwright ({@code Control}, {@code ControlOrMeta}) name them. */
    private static final Map<String, Modifier> MODIFIER_NAMES = modifierNames();

    private static Map<String, Modifier> modifierNames() {
        Map<String, Modifier> m = new LinkedHashMap<>();
        for (Modifier mod : Modifier.values()) {
            m.put(mod.wireName(), mod);
        }
        m.put("control", Modifier.CTRL);
        m.put("cmd", Modifier.META);
        m.put("command", Modifier.META);
        m.put("option", Modifier.ALT);
        // Playwright's: Meta on macOS, Control elsewhere.
        m.put("controlormeta", System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("mac") ? Modifier.META : Modifier.CTRL);
        return Collections.unmodifiableMap(m);
    }

    /** Every name a key goes by (in the spelling shown in a suggestion) with the table's name of it. */
    private static final Map<String, String> SPELLINGS = spellings();

    /** The table's name of every key by its {@link #folded} name. */
    private static final Map<String, String> BY_FOLDED = byFolded();

    private static Map<String, String> spellings() {
        Map<String, String> s = new LinkedHashMap<>();
        KEYS.keySet().forEach(k -> s.put(k, k));
        s.putAll(ALIASES);
        return Collections.unmodifiableMap(s);
    }

    private static Map<String, String> byFolded() {
        Map<String, String> f = new LinkedHashMap<>();
        SPELLINGS.forEach((name, key) -> {
            String old = f.put(folded(name), key);
            if (old != null && !old.equals(key)) {
                throw new IllegalStateException("two keys are named " + name + ": " + old + " and " + key);
            }
        });
        return Collections.unmodifiableMap(f);
    }

    /**
     * A key's or modifier's name as it is looked up: lower case, and a name longer than one
     * character without {@code _} ({@code Page_Up} is {@code pageup}; {@code _} alone is the key).
     */
    static String folded(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return lower.length() > 1 ? lower.replace("_", "") : lower;
    }

    /** A modifier's name folded, xdotool's left or right key ({@code Control_L}, {@code Shift_R}) as the modifier itself. */
    private static Modifier modifier(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        if (lower.length() > 2 && (lower.endsWith("_l") || lower.endsWith("_r"))) {
            lower = lower.substring(0, lower.length() - 2);
        }
        return MODIFIER_NAMES.get(folded(lower));
    }

    /**
     * A stroke as {@code gui.keypress} names it: the table's name of the key, the key, and the
     * modifiers held (a combination's, {@code ctrl+f}; shift for a shifted character).
     */
    record Stroke(String name, Press press, Set<Modifier> modifiers) {
    }

    /**
     * The stroke {@code name} names: a key ({@link #key}), or modifiers and a key joined by
     * {@code +} as xdotool and Playwright write them ({@code ctrl+f}, {@code Control+Shift+Tab},
     * {@code ctrl++} for the plus key), in any case. {@code gui.unknown_key} otherwise, with the
     * stroke meant in {@code details.nearest} when a part of it is misspelt.
     */
    static Stroke stroke(String name) throws ProbeException {
        int plus = name.length() > 1 && name.endsWith("++") ? name.length() - 2 : name.length() > 1 ? name.lastIndexOf('+') : -1;
        if (plus < 0) {
            Set<Modifier> none = EnumSet.noneOf(Modifier.class);
            return new Stroke(canonical(name), key(name), none);
        }
        String keyName = name.substring(plus + 1);
        if (keyName.isEmpty()) {
            throw unknown(name, "it names no key after its modifiers (the plus key is '+': ctrl++)", List.of());
        }
        Set<Modifier> held = EnumSet.noneOf(Modifier.class);
        List<String> parts = List.of(name.substring(0, plus).split("\\+", -1));
        StringBuilder meant = new StringBuilder();
        boolean misspelt = false;
        for (String part : parts) {
            Modifier m = modifier(part);
            if (m == null) {
                List<String> near = part.isEmpty() ? List.of() : Nearest.of(folded(part), MODIFIER_NAMES.keySet(), 1);
                if (near.isEmpty()) {
                    throw unknown(name, "'" + part + "' is no modifier; modifiers are shift, ctrl, alt, meta (also Control, Option,"
                            + " Command, cmd, ControlOrMeta, and xdotool's Control_L ...)", List.of());
                }
                misspelt = true;
                meant.append(near.get(0)).append('+');
            } else {
                held.add(m);
                meant.append(part).append('+');
            }
        }
        Press press = lookup(keyName);
        if (press == null) {
            if (modifier(keyName) != null) {
                throw unknown(name, "'" + keyName + "' is a modifier: name a key after the modifiers", List.of());
            }
            List<String> near = nearest(keyName);
            throw unknown(name, null, near.isEmpty() ? List.of() : List.of(meant + near.get(0)));
        }
        if (misspelt) {
            throw unknown(name, null, List.of(meant + keyName));
        }
        return new Stroke(canonical(keyName), press, held);
    }

    /** The table's name of the key {@code name} names (an alias's key), or {@code name} in lower case when it names none. */
    private static String canonical(String name) {
        String key = BY_FOLDED.get(folded(name));
        return key != null ? key : name.toLowerCase(Locale.ROOT);
    }

    /**
     * The key named {@code name}, in any case, by the table's name or another ({@link #ALIASES}:
     * {@code Enter}, {@code Escape}, {@code ArrowDown}, {@code Page_Up} ...); {@code gui.unknown_key}
     * with every valid name in {@code details.keys} (and the names nearest to the one given in
     * {@code details.nearest}) otherwise.
     */
    static Press key(String name) throws ProbeException {
        Press press = lookup(name);
        if (press != null) {
            return press;
        }
        Modifier m = modifier(name);
        if (m != null) {
            throw unknown(name, "'" + name + "' is a modifier, not a key: hold it around a key, as " + m.wireName() + "+f, or name"
                    + " it in 'modifiers'", List.of());
        }
        throw unknown(name, null, nearest(name));
    }

    /** The key named {@code name} by any of its names, in any case; null when none is. */
    private static Press lookup(String name) {
        String key = BY_FOLDED.get(folded(name));
        return key == null ? null : KEYS.get(key);
    }

    /**
     * The names nearest to {@code name}, at most three, each naming another key, in the spelling of
     * the name it is nearest by ({@code Escpae} → {@code Escape}, {@code retrun} → {@code return}).
     */
    private static List<String> nearest(String name) {
        // A single character is no typo of a word; among single characters any one is as near as any other.
        if (name.length() < 3) {
            return List.of();
        }
        Map<String, String> byFolded = new LinkedHashMap<>();
        SPELLINGS.keySet().stream().filter(n -> n.length() > 1).forEach(n -> byFolded.putIfAbsent(folded(n), n));
        List<String> out = new ArrayList<>();
        Set<String> keys = new HashSet<>();
        for (String f : Nearest.of(folded(name), byFolded.keySet(), byFolded.size())) {
            if (keys.add(BY_FOLDED.get(f))) {
                out.add(byFolded.get(f));
                if (out.size() == 3) {
                    break;
                }
            }
        }
        return out;
    }

    /** {@code gui.unknown_key}: what is wrong with {@code name} ({@code why}, or the first of {@code nearest} as a question), every key, the nearest. */
    private static ProbeException unknown(String name, String why, List<String> nearest) {
        ObjectNode details = ProbeException.newDetails();
        ArrayNode keys = details.putArray("keys");
        KEYS.keySet().forEach(keys::add);
        ArrayNode near = details.putArray("nearest");
        nearest.forEach(near::add);
        String what = why != null ? "; " + why + ";" : nearest.isEmpty() ? ";" : "; did you mean '" + nearest.get(0) + "'?";
        return new ProbeException(ErrorCodes.UNKNOWN_KEY, "unknown key '" + name + "'" + what + " keys are " + SUMMARY
                + " (see details.keys)", details);
    }

    /** The key names in a line, for messages and help texts. */
    static final String SUMMARY = "return, esc, tab, space, backspace, delete, insert, up, down, left, right, home, end, pageup,"
            + " pagedown, f1..f12, a..z, 0..9, the punctuation ` - = [ ] \\ ; ' , . / and its shifted ~ ! @ # $ % ^ & * ( ) _ + { } | : \" < > ?,"
            + " kp0..kp9, kpdecimal, kpadd, kpsubtract, kpmultiply, kpdivide, kpenter, kpup, kpdown, kpleft, kpright;"
            + " also by xdotool's and Playwright's names (Enter, Escape, ArrowDown, Page_Up, KP_Enter, KeyA ...), and with modifiers"
            + " joined by + (ctrl+f, Control+Shift+Tab)";

    /**
     * The {@code modifiers} argument as gui.keypress's description has checked it: absent for none,
     * else an array of distinct names of {@code shift}, {@code ctrl}, {@code alt}, {@code meta}, in
     * lower case (the description's {@code enum}: the wire takes them as its schema spells them).
     * Returned in the order they are held down (shift, ctrl, alt, meta).
     */
    static Set<Modifier> modifiers(JsonNode arg) {
        Set<Modifier> out = EnumSet.noneOf(Modifier.class);
        if (arg == null) {
            return out;
        }
        for (JsonNode m : arg) {
            out.add(byName(m.textValue()));
        }
        return out;
    }

    private static Modifier byName(String name) {
        for (Modifier m : Modifier.values()) {
            if (m.wireName().equals(name)) {
                return m;
            }
        }
        throw new IllegalArgumentException("not a modifier: " + name + " (gui.keypress's description checks the modifiers)");
    }
}
