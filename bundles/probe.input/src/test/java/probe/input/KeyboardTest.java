package probe.input;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.awt.event.InputEvent;
import java.awt.event.KeyEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.swing.JTextField;
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

    @Test
    void shiftTypesTheKeysShiftedCharacter() {
        Keyboard.Key slash = Keyboard.Key.shifting(KeyEvent.VK_SLASH, '/', '?');
        assertEquals('/', Keyboard.typedChar(slash, 0));
        assertEquals('?', Keyboard.typedChar(slash, InputEvent.SHIFT_DOWN_MASK));
        assertEquals('?', Keyboard.typedChar(slash, InputEvent.SHIFT_DOWN_MASK | InputEvent.CTRL_DOWN_MASK));
        assertEquals(new Keyboard.Key(KeyEvent.VK_A, 'a', 'A', KeyEvent.KEY_LOCATION_STANDARD), A);
    }

    /** The events of "?" as a US keyboard makes them: shift down, then the slash key with shift, typing '?'. */
    @Test
    void aShiftedStrokeHoldsShiftAroundTheKey() {
        List<KeyEvent> events = new ArrayList<>();
        Keyboard.stroke(new JTextField(), Keyboard.Key.shifting(KeyEvent.VK_SLASH, '/', '?'), Set.of(Keyboard.Modifier.SHIFT), events::add);
        assertEquals(5, events.size());
        assertEquals(KeyEvent.VK_SHIFT, events.get(0).getKeyCode());
        KeyEvent pressed = events.get(1);
        assertEquals(KeyEvent.KEY_PRESSED, pressed.getID());
        assertEquals(KeyEvent.VK_SLASH, pressed.getKeyCode());
        assertEquals('?', pressed.getKeyChar());
        assertEquals(InputEvent.SHIFT_DOWN_MASK, pressed.getModifiersEx());
        assertEquals(KeyEvent.KEY_TYPED, events.get(2).getID());
        assertEquals('?', events.get(2).getKeyChar());
        assertEquals(KeyEvent.KEY_RELEASED, events.get(3).getID());
        assertEquals(KeyEvent.VK_SLASH, events.get(3).getKeyCode());
        assertEquals(KeyEvent.VK_SHIFT, events.get(4).getKeyCode());
        assertEquals(0, events.get(4).getModifiersEx());
    }

    @Test
    void aKeypadKeySaysWhereItIs() {
        List<KeyEvent> events = new ArrayList<>();
        Keyboard.stroke(new JTextField(), Keyboard.Key.numpad(KeyEvent.VK_ADD, '+'), Set.of(), events::add);
        assertEquals(3, events.size());
        assertEquals(KeyEvent.VK_ADD, events.get(0).getKeyCode());
        assertEquals(KeyEvent.KEY_LOCATION_NUMPAD, events.get(0).getKeyLocation());
        assertEquals('+', events.get(1).getKeyChar());
        assertEquals(KeyEvent.KEY_LOCATION_NUMPAD, events.get(2).getKeyLocation());
    }
}
