package probe.key.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.awt.event.KeyEvent;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import probe.api.ErrorCodes;
import probe.api.ProbeException;
import probe.api.input.Keyboard.Key;
import probe.api.input.Keyboard.Modifier;
import probe.api.wire.Wire;

class KeyTableTest {

    @Test
    void tableHoldsExactlyTheContractsKeys() {
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
        assertEquals(expected, KeyTable.names());
    }

    @Test
    void keysMapToTheirCodesAndCharacters() throws ProbeException {
        assertEquals(new Key(KeyEvent.VK_ENTER, '\n'), KeyTable.key("return"));
        assertEquals(new Key(KeyEvent.VK_ESCAPE, '\u001b'), KeyTable.key("esc"));
        assertEquals(new Key(KeyEvent.VK_TAB, '\t'), KeyTable.key("tab"));
        assertEquals(new Key(KeyEvent.VK_SPACE, ' '), KeyTable.key("space"));
        assertEquals(new Key(KeyEvent.VK_BACK_SPACE, '\b'), KeyTable.key("backspace"));
        assertEquals(new Key(KeyEvent.VK_DELETE, '\u007f'), KeyTable.key("delete"));
        assertEquals(Key.silent(KeyEvent.VK_PAGE_DOWN), KeyTable.key("pagedown"));
        assertEquals(Key.silent(KeyEvent.VK_F12), KeyTable.key("f12"));
        assertEquals(new Key(KeyEvent.VK_Q, 'q'), KeyTable.key("q"));
        assertEquals(new Key(KeyEvent.VK_7, '7'), KeyTable.key("7"));
    }

    @Test
    void keyNamesAreCaseInsensitive() throws ProbeException {
        assertEquals(KeyTable.key("return"), KeyTable.key("Return"));
        assertEquals(KeyTable.key("f5"), KeyTable.key("F5"));
        assertEquals(KeyTable.key("a"), KeyTable.key("A"));
        assertEquals(KeyTable.key("pageup"), KeyTable.key("PageUp"));
    }

    @Test
    void unknownKeyListsEveryValidKey() {
        for (String bad : List.of("enter", "f13", "ä", "ctrl", "aa", " a")) {
            ProbeException e = assertThrows(ProbeException.class, () -> KeyTable.key(bad));
            assertEquals(ErrorCodes.UNKNOWN_KEY, e.code());
            JsonNode keys = e.details().get("keys");
            assertEquals(62, keys.size());
            assertEquals("return", keys.get(0).asText());
            assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
        }
    }

    @Test
    void modifiersAreParsedStrictlyAndHeldInCanonicalOrder() throws ProbeException {
        assertEquals(List.of(), List.copyOf(KeyTable.modifiers(null)));
        assertEquals(List.of(), List.copyOf(KeyTable.modifiers(Wire.mapper().nullNode())));
        ArrayNode some = Wire.mapper().createArrayNode().add("meta").add("Ctrl").add("shift").add("ctrl");
        assertEquals(List.of(Modifier.SHIFT, Modifier.CTRL, Modifier.META), List.copyOf(KeyTable.modifiers(some)));
        for (JsonNode bad : List.<JsonNode>of(Wire.mapper().createArrayNode().add("hyper"), Wire.mapper().createArrayNode().add(1),
                Wire.object().textNode("ctrl"), Wire.mapper().createArrayNode().add("control"))) {
            ProbeException e = assertThrows(ProbeException.class, () -> KeyTable.modifiers(bad));
            assertEquals(ErrorCodes.INVALID_ARGS, e.code());
            assertEquals(4, e.details().get("modifiers").size());
        }
    }
}
