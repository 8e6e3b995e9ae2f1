package probe.api.input;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.awt.event.InputEvent;
import java.awt.event.KeyEvent;
import org.junit.jupiter.api.Test;

class KeyboardTest {
    private static final Keyboard.Key A = new Keyboard.Key(KeyEvent.VK_A, 'a');

    @Test
    void lettersFollowShiftAndCtrlAsOnX11() {
        assertEquals('a', Keyboard.typedChar(A, 0));
        assertEquals('A', Keyboard.typedChar(A, InputEvent.SHIFT_DOWN_MASK));
        assertEquals('\u0001', Keyboard.typedChar(A, InputEvent.CTRL_DOWN_MASK));
        assertEquals('\u0001', Keyboard.typedChar(A, InputEvent.CTRL_DOWN_MASK | InputEvent.SHIFT_DOWN_MASK));
        assertEquals('a', Keyboard.typedChar(A, InputEvent.CTRL_DOWN_MASK | InputEvent.ALT_DOWN_MASK));
        assertEquals('a', Keyboard.typedChar(A, InputEvent.ALT_DOWN_MASK));
    }

    @Test
    void otherKeysTypeTheirCharacterOrNothing() {
        assertEquals('\n', Keyboard.typedChar(Keyboard.ENTER, InputEvent.SHIFT_DOWN_MASK));
        assertEquals('7', Keyboard.typedChar(new Keyboard.Key(KeyEvent.VK_7, '7'), InputEvent.CTRL_DOWN_MASK));
        assertEquals(KeyEvent.CHAR_UNDEFINED, Keyboard.typedChar(Keyboard.Key.silent(KeyEvent.VK_F1), InputEvent.SHIFT_DOWN_MASK));
    }
}
