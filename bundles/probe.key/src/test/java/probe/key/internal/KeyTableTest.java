package probe.key.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.awt.event.KeyEvent;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import java.io.InputStream;
import probe.api.ErrorCodes;
import probe.api.OpDescription;
import probe.api.Ops;
import probe.api.ProbeException;
import probe.api.RequestCheck;
import probe.input.Keyboard.Key;
import probe.input.Keyboard.Modifier;
import probe.api.wire.Wire;

class KeyTableTest {

    @Test
    void tableStartsWithTheContractsKeysInItsOrder() {
        List<String> expected = new ArrayList<>(List.of("return", "esc", "tab", "space", "backspace", "delete", "up", "down", "left",
                "right", "home", "end", "pageup", "pagedown"));
        for (int i = 1; i <= 12; i++) {
            expected.add("f" + i);
        }
        for (char c = 'a'; c <= 'z'; c++) {
            expected.add(String.valueOf(c));
        }
        for (char c = '0'; c <= '9'; c++) {
            expected.add(String.valueOf(c));
        }
        assertEquals(expected, KeyTable.names().subList(0, 62));
    }

    @Test
    void beyondTheContractEveryKeyOfAUsKeyboardThatTheAppUses() {
        List<String> rest = new ArrayList<>(List.of("insert"));
        for (char c : "`-=[]\\;',./".toCharArray()) {
            rest.add(String.valueOf(c));
        }
        for (char c : "!@#$%^&*()~_+{}|:\"<>?".toCharArray()) {
            rest.add(String.valueOf(c));
        }
        for (char c = '0'; c <= '9'; c++) {
            rest.add("kp" + c);
        }
        rest.addAll(List.of("kpdecimal", "kpadd", "kpsubtract", "kpmultiply", "kpdivide", "kpenter", "kpup", "kpdown", "kpleft", "kpright"));
        assertEquals(rest, KeyTable.names().subList(62, KeyTable.names().size()));
    }

    @Test
    void keysMapToTheirCodesAndCharacters() throws ProbeException {
        assertEquals(new Key(KeyEvent.VK_ENTER, '\n'), KeyTable.key("return").key());
        assertEquals(new Key(KeyEvent.VK_ESCAPE, '\u001b'), KeyTable.key("esc").key());
        assertEquals(new Key(KeyEvent.VK_TAB, '\t'), KeyTable.key("tab").key());
        assertEquals(new Key(KeyEvent.VK_SPACE, ' '), KeyTable.key("space").key());
        assertEquals(new Key(KeyEvent.VK_BACK_SPACE, '\b'), KeyTable.key("backspace").key());
        assertEquals(new Key(KeyEvent.VK_DELETE, '\u007f'), KeyTable.key("delete").key());
        assertEquals(Key.silent(KeyEvent.VK_PAGE_DOWN), KeyTable.key("pagedown").key());
        assertEquals(Key.silent(KeyEvent.VK_F12), KeyTable.key("f12").key());
        assertEquals(new Key(KeyEvent.VK_Q, 'q'), KeyTable.key("q").key());
        assertEquals(Key.shifting(KeyEvent.VK_7, '7', '&'), KeyTable.key("7").key());
        assertEquals(Key.silent(KeyEvent.VK_INSERT), KeyTable.key("insert").key());
        for (String name : KeyTable.names()) {
            assertEquals(name.length() == 1 && "~!@#$%^&*()_+{}|:\"<>?".contains(name), KeyTable.key(name).shift(), name);
        }
    }

    @Test
    void aShiftedCharacterIsItsUsKeyWithShift() throws ProbeException {
        assertEquals(new KeyTable.Press(Key.shifting(KeyEvent.VK_SLASH, '/', '?'), true), KeyTable.key("?"));
        assertEquals(new KeyTable.Press(Key.shifting(KeyEvent.VK_SLASH, '/', '?'), false), KeyTable.key("/"));
        assertEquals(new KeyTable.Press(Key.shifting(KeyEvent.VK_1, '1', '!'), true), KeyTable.key("!"));
        assertEquals(new KeyTable.Press(Key.shifting(KeyEvent.VK_0, '0', ')'), true), KeyTable.key(")"));
        assertEquals(new KeyTable.Press(Key.shifting(KeyEvent.VK_QUOTE, '\'', '"'), true), KeyTable.key("\""));
        assertEquals(new KeyTable.Press(Key.shifting(KeyEvent.VK_BACK_SLASH, '\\', '|'), true), KeyTable.key("|"));
        assertEquals(new KeyTable.Press(Key.shifting(KeyEvent.VK_SEMICOLON, ';', ':'), true), KeyTable.key(":"));
        assertEquals(new KeyTable.Press(Key.shifting(KeyEvent.VK_BACK_QUOTE, '`', '~'), true), KeyTable.key("~"));
    }

    @Test
    void keypadKeysSitOnTheKeypad() throws ProbeException {
        assertEquals(Key.numpad(KeyEvent.VK_NUMPAD0, '0'), KeyTable.key("kp0").key());
        assertEquals(Key.numpad(KeyEvent.VK_NUMPAD9, '9'), KeyTable.key("KP9").key());
        assertEquals(Key.numpad(KeyEvent.VK_ADD, '+'), KeyTable.key("kpadd").key());
        assertEquals(Key.numpad(KeyEvent.VK_SUBTRACT, '-'), KeyTable.key("kpsubtract").key());
        assertEquals(Key.numpad(KeyEvent.VK_MULTIPLY, '*'), KeyTable.key("kpmultiply").key());
        assertEquals(Key.numpad(KeyEvent.VK_DIVIDE, '/'), KeyTable.key("kpdivide").key());
        assertEquals(Key.numpad(KeyEvent.VK_DECIMAL, '.'), KeyTable.key("kpdecimal").key());
        assertEquals(Key.numpad(KeyEvent.VK_ENTER, '\n'), KeyTable.key("kpenter").key());
        assertEquals(Key.numpad(KeyEvent.VK_KP_LEFT, KeyEvent.CHAR_UNDEFINED), KeyTable.key("kpleft").key());
        assertEquals(KeyEvent.KEY_LOCATION_NUMPAD, KeyTable.key("kpup").key().location());
    }

    @Test
    void keyNamesAreCaseInsensitive() throws ProbeException {
        assertEquals(KeyTable.key("return"), KeyTable.key("Return"));
        assertEquals(KeyTable.key("f5"), KeyTable.key("F5"));
        assertEquals(KeyTable.key("a"), KeyTable.key("A"));
        assertEquals(KeyTable.key("pageup"), KeyTable.key("PageUp"));
        assertEquals(KeyTable.key("kpenter"), KeyTable.key("KpEnter"));
    }

    @Test
    void unknownKeyListsEveryValidKey() {
        for (String bad : List.of("hyper", "f13", "ä", "ctrl", "aa", " a", "kp+", "numlock", "ctrl+", "ctrl+f13", "super+a", "Key")) {
            ProbeException e = assertThrows(ProbeException.class, () -> KeyTable.stroke(bad), bad);
            assertEquals(ErrorCodes.UNKNOWN_KEY, e.code());
            JsonNode keys = e.details().get("keys");
            assertEquals(KeyTable.names().size(), keys.size());
            assertEquals("return", keys.get(0).asText());
            assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
        }
    }

    /**
     * The names agents and other tools give the keys: xdotool's (X keysyms) and Playwright's (the
     * DOM's key names and codes), in any case, each the key the table names.
     */
    @Test
    void keysGoByTheNamesOfXdotoolAndPlaywright() throws ProbeException {
        String[][] same = {{"Enter", "return"}, {"enter", "return"}, {"Return", "return"}, {"Escape", "esc"}, {"escape", "esc"},
            {"ESCAPE", "esc"}, {"ArrowDown", "down"}, {"arrowup", "up"}, {"ArrowLeft", "left"}, {"ArrowRight", "right"},
            {"Up", "up"}, {"BackSpace", "backspace"}, {"Backspace", "backspace"}, {"Delete", "delete"}, {"Insert", "insert"},
            {"Page_Up", "pageup"}, {"Prior", "pageup"}, {"PageDown", "pagedown"}, {"Next", "pagedown"}, {"Page_Down", "pagedown"},
            {"Home", "home"}, {"End", "end"}, {"Tab", "tab"}, {"F5", "f5"}, {"space", "space"}, {" ", "space"}, {"Space", "space"},
            {"KeyA", "a"}, {"Digit7", "7"}, {"KP_Enter", "kpenter"}, {"NumpadEnter", "kpenter"}, {"KP_Add", "kpadd"},
            {"Numpad5", "kp5"}, {"KP_5", "kp5"}, {"KP_Up", "kpup"}, {"NumpadDecimal", "kpdecimal"}, {"bracketleft", "["},
            {"BracketRight", "]"}, {"apostrophe", "'"}, {"Quote", "'"}, {"grave", "`"}, {"Backquote", "`"}, {"minus", "-"},
            {"Slash", "/"}, {"backslash", "\\"}, {"question", "?"}, {"exclam", "!"}, {"plus", "+"}, {"underscore", "_"},
            {"quotedbl", "\""}, {"asciitilde", "~"}, {"less", "<"}, {"bar", "|"}};
        for (String[] s : same) {
            assertEquals(KeyTable.key(s[1]), KeyTable.key(s[0]), s[0]);
            assertEquals(s[1], KeyTable.stroke(s[0]).name(), "the reply names the key as the table does: " + s[0]);
        }
    }

    /** Modifiers and a key joined by +, as xdotool and Playwright write a combination. */
    @Test
    void aCombinationHoldsItsModifiers() throws ProbeException {
        assertEquals(new KeyTable.Stroke("f", KeyTable.key("f"), EnumSet.of(Modifier.CTRL)), KeyTable.stroke("ctrl+f"));
        assertEquals(new KeyTable.Stroke("f", KeyTable.key("f"), EnumSet.of(Modifier.CTRL)), KeyTable.stroke("Control+F"));
        assertEquals(new KeyTable.Stroke("tab", KeyTable.key("tab"), EnumSet.of(Modifier.CTRL, Modifier.SHIFT)),
                KeyTable.stroke("Control+Shift+Tab"));
        assertEquals(new KeyTable.Stroke("f4", KeyTable.key("f4"), EnumSet.of(Modifier.ALT)), KeyTable.stroke("alt+F4"));
        assertEquals(new KeyTable.Stroke("down", KeyTable.key("down"), EnumSet.of(Modifier.SHIFT)), KeyTable.stroke("Shift+ArrowDown"));
        assertEquals(EnumSet.of(Modifier.CTRL, Modifier.ALT), KeyTable.stroke("Control_L+Alt_R+Delete").modifiers(), "xdotool's keysyms");
        assertEquals(EnumSet.of(Modifier.META), KeyTable.stroke("Meta+a").modifiers());
        assertEquals(EnumSet.of(Modifier.META), KeyTable.stroke("cmd+a").modifiers());
        assertEquals(new KeyTable.Stroke("+", KeyTable.key("+"), EnumSet.of(Modifier.CTRL)), KeyTable.stroke("ctrl++"), "the plus key");
        assertEquals(new KeyTable.Stroke("+", KeyTable.key("+"), EnumSet.noneOf(Modifier.class)), KeyTable.stroke("+"));
        assertEquals(new KeyTable.Stroke("return", KeyTable.key("return"), EnumSet.noneOf(Modifier.class)), KeyTable.stroke("Enter"));
    }

    /** A misspelt name gets the key meant, in the spelling of the convention it was written in. */
    @Test
    void theSuggestionIsTheKeyMeant() {
        String[][] meant = {{"retrun", "return"}, {"Escpae", "Escape"}, {"esacpe", "Escape"}, {"ArowDown", "ArrowDown"},
            {"PgeUp", "pageup"}, {"ctrl+retrun", "ctrl+return"}, {"contrl+f", "control+f"}, {"Control+Escpae", "Control+Escape"},
            {"Shfit+Tab", "shift+Tab"}};
        for (String[] m : meant) {
            ProbeException e = assertThrows(ProbeException.class, () -> KeyTable.stroke(m[0]), m[0]);
            assertEquals(ErrorCodes.UNKNOWN_KEY, e.code());
            assertEquals(m[1], e.details().get("nearest").get(0).asText(), m[0] + ": " + e.getMessage());
            assertTrue(e.getMessage().startsWith("unknown key '" + m[0] + "'; did you mean '" + m[1] + "'?"), e.getMessage());
        }
        ProbeException modifier = assertThrows(ProbeException.class, () -> KeyTable.stroke("ctrl"));
        assertTrue(modifier.getMessage().startsWith("unknown key 'ctrl'; 'ctrl' is a modifier, not a key: hold it around a key,"
                + " as ctrl+f, or name it in 'modifiers'"), modifier.getMessage());
        ProbeException noKey = assertThrows(ProbeException.class, () -> KeyTable.stroke("ctrl+shift"));
        assertTrue(noKey.getMessage().contains("'shift' is a modifier: name a key after the modifiers"), noKey.getMessage());
        ProbeException hyper = assertThrows(ProbeException.class, () -> KeyTable.stroke("hyper+x"));
        assertTrue(hyper.getMessage().contains("'hyper' is no modifier; modifiers are shift, ctrl, alt, meta"), hyper.getMessage());
    }

    @Test
    void aMisspeltKeyNamesTheNearest() {
        ProbeException e = assertThrows(ProbeException.class, () -> KeyTable.key("retrun"));
        assertEquals("return", e.details().get("nearest").get(0).asText());
        assertTrue(e.getMessage().startsWith("unknown key 'retrun'; did you mean 'return'?"), e.getMessage());
        ProbeException single = assertThrows(ProbeException.class, () -> KeyTable.key("ä"));
        assertEquals(0, single.details().get("nearest").size(), "one character is no typo of another");
    }

    @Test
    void modifiersAreHeldInCanonicalOrder() throws ProbeException {
        assertEquals(List.of(), List.copyOf(KeyTable.modifiers(null)));
        ArrayNode some = Wire.mapper().createArrayNode().add("meta").add("ctrl").add("shift");
        assertEquals(List.of(Modifier.SHIFT, Modifier.CTRL, Modifier.META), List.copyOf(KeyTable.modifiers(some)));
    }

    /**
     * The modifiers are checked strictly by gui.keypress's description, before the op runs: an
     * array of distinct names of shift, ctrl, alt, meta, in lower case as its schema spells them
     * (an upper-case "Ctrl" is refused, as a repeated one is), the four named in what it accepts.
     */
    @Test
    void modifiersAreCheckedStrictlyByTheDescription() throws Exception {
        OpDescription keypress;
        try (InputStream in = KeyOp.class.getClassLoader().getResourceAsStream(OpDescription.location(Ops.KEYPRESS))) {
            keypress = OpDescription.read(in);
        }
        ArrayNode some = Wire.mapper().createArrayNode().add("meta").add("ctrl").add("shift");
        RequestCheck.check(keypress, Wire.object().put("key", "a").set("modifiers", some));
        for (JsonNode bad : List.<JsonNode>of(Wire.mapper().createArrayNode().add("hyper"), Wire.mapper().createArrayNode().add(1),
                Wire.object().textNode("ctrl"), Wire.mapper().createArrayNode().add("control"), Wire.mapper().createArrayNode().add("Ctrl"),
                Wire.mapper().createArrayNode().add("ctrl").add("ctrl"))) {
            ProbeException e = assertThrows(ProbeException.class, () -> RequestCheck.check(keypress, Wire.object().put("key", "a").set("modifiers", bad)));
            assertEquals(ErrorCodes.INVALID_ARGS, e.code());
            assertEquals("modifiers", e.details().get("argument").asText());
            assertEquals("an array of shift, ctrl, alt, meta", e.details().get("accepts").asText(), bad.toString());
        }
    }
}
