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
import java.util.stream.Stream;
import probe.api.ErrorCodes;
import probe.api.ProbeException;
import probe.api.input.Keyboard;
import probe.api.input.Keyboard.Key;
import probe.api.input.Keyboard.Modifier;

/**
 * The contract's keys and modifiers (PROTOCOL.md section 5), by name: each key with the character
 * it types as AWT reports it (Return {@code \n}, Tab {@code \t}, Backspace {@code \b}, Esc
 * U+001B, Delete U+007F, letters and digits themselves; arrows, Home, End, Page Up/Down and the
 * F-keys type nothing).
 */
final class KeyTable {
    private static final Map<String, Key> KEYS = table();

    private KeyTable() {
    }

    private static Map<String, Key> table() {
        Map<String, Key> t = new LinkedHashMap<>();
        t.put("return", Keyboard.ENTER);
        t.put("esc", new Key(KeyEvent.VK_ESCAPE, '\u001b'));
        t.put("tab", Keyboard.TAB);
        t.put("space", new Key(KeyEvent.VK_SPACE, ' '));
        t.put("backspace", Keyboard.BACKSPACE);
        t.put("delete", new Key(KeyEvent.VK_DELETE, '\u007f'));
        t.put("up", Key.silent(KeyEvent.VK_UP));
        t.put("down", Key.silent(KeyEvent.VK_DOWN));
        t.put("left", Key.silent(KeyEvent.VK_LEFT));
        t.put("right", Key.silent(KeyEvent.VK_RIGHT));
        t.put("home", Key.silent(KeyEvent.VK_HOME));
        t.put("end", Key.silent(KeyEvent.VK_END));
        t.put("pageup", Key.silent(KeyEvent.VK_PAGE_UP));
        t.put("pagedown", Key.silent(KeyEvent.VK_PAGE_DOWN));
        for (int i = 1; i <= 12; i++) {
            t.put("f" + i, Key.silent(KeyEvent.VK_F1 + i - 1));
        }
        for (char c = 'a'; c <= 'z'; c++) {
            t.put(String.valueOf(c), new Key(KeyEvent.VK_A + (c - 'a'), c));
        }
        for (char c = '0'; c <= '9'; c++) {
            t.put(String.valueOf(c), new Key(KeyEvent.VK_0 + (c - '0'), c));
        }
        return Collections.unmodifiableMap(t);
    }

    /** Every key name, in the contract's order. */
    static List<String> names() {
        return List.copyOf(KEYS.keySet());
    }

    /** The key named {@code name}, in any case; {@code gui.unknown_key} with every valid name in {@code details.keys} otherwise. */
    static Key key(String name) throws ProbeException {
        Key k = KEYS.get(name.toLowerCase(Locale.ROOT));
        if (k == null) {
            ObjectNode details = ProbeException.newDetails();
            ArrayNode keys = details.putArray("keys");
            KEYS.keySet().forEach(keys::add);
            throw new ProbeException(ErrorCodes.UNKNOWN_KEY, "unknown key '" + name + "'; keys are return, esc, tab, space, backspace, "
                    + "delete, up, down, left, right, home, end, pageup, pagedown, f1..f12, a..z, 0..9 (see details.keys)", details);
        }
        return k;
    }

    /**
     * The {@code modifiers} argument: absent or null for none, else an array of {@code shift},
     * {@code ctrl}, {@code alt}, {@code meta} in any case. Returned in the order they are held
     * down (shift, ctrl, alt, meta); a repeated one counts once.
     */
    static Set<Modifier> modifiers(JsonNode arg) throws ProbeException {
        Set<Modifier> out = EnumSet.noneOf(Modifier.class);
        if (arg == null || arg.isNull()) {
            return out;
        }
        if (!arg.isArray()) {
            throw invalidModifiers("argument 'modifiers' must be an array such as [\"ctrl\", \"shift\"], got "
                    + arg.getNodeType().name().toLowerCase(Locale.ROOT));
        }
        for (JsonNode m : arg) {
            Modifier found = m.isTextual() ? byName(m.textValue()) : null;
            if (found == null) {
                throw invalidModifiers("unknown modifier " + m + "; modifiers are " + modifierNames());
            }
            out.add(found);
        }
        return out;
    }

    private static Modifier byName(String name) {
        for (Modifier m : Modifier.values()) {
            if (m.wireName().equalsIgnoreCase(name)) {
                return m;
            }
        }
        return null;
    }

    private static String modifierNames() {
        return Stream.of(Modifier.values()).map(Modifier::wireName).collect(Collectors.joining(", "));
    }

    private static ProbeException invalidModifiers(String message) {
        ObjectNode details = ProbeException.newDetails();
        ArrayNode valid = details.putArray("modifiers");
        Stream.of(Modifier.values()).map(Modifier::wireName).forEach(valid::add);
        return new ProbeException(ErrorCodes.INVALID_ARGS, message, details);
    }
}
