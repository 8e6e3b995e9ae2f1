package probe.key.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.event.KeyEvent;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
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
 * {@code kpenter}), and its arrows as Num Lock off makes them ({@code kpup} ...).
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
     * The key named {@code name}, in any case; {@code gui.unknown_key} with every valid name in
     * {@code details.keys} (and the nearest names in {@code details.nearest}) otherwise.
     */
    static Press key(String name) throws ProbeException {
        Press k = KEYS.get(name.toLowerCase(Locale.ROOT));
        if (k == null) {
            ObjectNode details = ProbeException.newDetails();
            ArrayNode keys = details.putArray("keys");
            KEYS.keySet().forEach(keys::add);
            // A single character is no typo of a word; among single characters any one is as near as any other.
            List<String> nearest = name.length() < 3 ? List.of()
                    : Nearest.of(name.toLowerCase(Locale.ROOT), KEYS.keySet().stream().filter(n -> n.length() > 1).collect(Collectors.toList()), 3);
            ArrayNode near = details.putArray("nearest");
            nearest.forEach(near::add);
            throw new ProbeException(ErrorCodes.UNKNOWN_KEY, "unknown key '" + name + "'"
                    + (nearest.isEmpty() ? ";" : "; did you mean '" + nearest.get(0) + "'?") + " keys are " + SUMMARY
                    + " (see details.keys)", details);
        }
        return k;
    }

    /** The key names in a line, for messages and help texts. */
    static final String SUMMARY = "return, esc, tab, space, backspace, delete, insert, up, down, left, right, home, end, pageup,"
            + " pagedown, f1..f12, a..z, 0..9, the punctuation ` - = [ ] \\ ; ' , . / and its shifted ~ ! @ # $ % ^ & * ( ) _ + { } | : \" < > ?,"
            + " kp0..kp9, kpdecimal, kpadd, kpsubtract, kpmultiply, kpdivide, kpenter, kpup, kpdown, kpleft, kpright";

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
