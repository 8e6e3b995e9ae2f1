package probe.input;

import java.awt.Component;
import java.awt.event.InputEvent;
import java.awt.event.KeyEvent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * A keyboard: key strokes with their modifier keys, and typed characters. Posted key events go to
 * the focus owner whatever their source (the focus manager retargets them), as a device's do.
 * Call on the EDT.
 */
public final class Keyboard {

    /**
     * A physical key of a US keyboard: its virtual key code, the character it types unmodified (or
     * {@link KeyEvent#CHAR_UNDEFINED}), the character it types with shift held, and where it sits
     * ({@link KeyEvent#KEY_LOCATION_STANDARD} or {@link KeyEvent#KEY_LOCATION_NUMPAD}).
     */
    public record Key(int code, char ch, char shifted, int location) {
        /** A key of the main block: with shift a letter types its upper case, anything else the same character. */
        public Key(int code, char ch) {
            this(code, ch, Character.isLetter(ch) ? Character.toUpperCase(ch) : ch, KeyEvent.KEY_LOCATION_STANDARD);
        }

        /** A key that types nothing (arrows, F-keys, Home...). */
        public static Key silent(int code) {
            return new Key(code, KeyEvent.CHAR_UNDEFINED);
        }

        /** A key of the main block whose character changes with shift, as {@code /} and {@code ?} share a key (since 1.2). */
        public static Key shifting(int code, char ch, char shifted) {
            return new Key(code, ch, shifted, KeyEvent.KEY_LOCATION_STANDARD);
        }

        /** A key of the numeric keypad, typing {@code ch} with or without shift (since 1.2); CHAR_UNDEFINED for one that types nothing. */
        public static Key numpad(int code, char ch) {
            return new Key(code, ch, ch, KeyEvent.KEY_LOCATION_NUMPAD);
        }
    }

    public static final Key ENTER = new Key(KeyEvent.VK_ENTER, '\n');
    public static final Key TAB = new Key(KeyEvent.VK_TAB, '\t');
    public static final Key BACKSPACE = new Key(KeyEvent.VK_BACK_SPACE, '\b');

    /** A modifier key, pressed before the key and released after it, in this order. */
    public enum Modifier {
        SHIFT(KeyEvent.VK_SHIFT, InputEvent.SHIFT_DOWN_MASK),
        CTRL(KeyEvent.VK_CONTROL, InputEvent.CTRL_DOWN_MASK),
        ALT(KeyEvent.VK_ALT, InputEvent.ALT_DOWN_MASK),
        META(KeyEvent.VK_META, InputEvent.META_DOWN_MASK);

        private final int code;
        private final int mask;

        Modifier(int code, int mask) {
            this.code = code;
            this.mask = mask;
        }

        /** The name on the wire: {@code shift}, {@code ctrl}, {@code alt}, {@code meta}. */
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The extended modifier mask ({@code SHIFT_DOWN_MASK}...). */
        public int mask() {
            return mask;
        }
    }

    private Keyboard() {
    }

    /**
     * Posts one stroke of {@code key} to {@code to}: each modifier's press (the mask growing),
     * the key's KEY_PRESSED, its KEY_TYPED when it types a character, its KEY_RELEASED, then the
     * modifiers' releases in reverse order. Bindings (Enter, Esc, Tab, arrows) match the press;
     * default buttons and space on a button fire on the release.
     */
    public static void stroke(Component to, Key key, Collection<Modifier> modifiers) {
        stroke(to, key, modifiers, Input::post);
    }

    /** The events of {@link #stroke(Component, Key, Collection)}, in order, handed to {@code sink}. */
    static void stroke(Component to, Key key, Collection<Modifier> modifiers, Consumer<KeyEvent> sink) {
        List<Modifier> held = new ArrayList<>();
        int mask = 0;
        for (Modifier m : modifiers) {
            mask |= m.mask;
            held.add(0, m);
            sink.accept(new KeyEvent(to, KeyEvent.KEY_PRESSED, Input.when(), mask, m.code, KeyEvent.CHAR_UNDEFINED,
                    KeyEvent.KEY_LOCATION_LEFT));
        }
        char ch = typedChar(key, mask);
        sink.accept(new KeyEvent(to, KeyEvent.KEY_PRESSED, Input.when(), mask, key.code(), ch, key.location()));
        if (ch != KeyEvent.CHAR_UNDEFINED) {
            sink.accept(new KeyEvent(to, KeyEvent.KEY_TYPED, Input.when(), mask, KeyEvent.VK_UNDEFINED, ch,
                    KeyEvent.KEY_LOCATION_UNKNOWN));
        }
        sink.accept(new KeyEvent(to, KeyEvent.KEY_RELEASED, Input.when(), mask, key.code(), ch, key.location()));
        for (Modifier m : held) {
            mask &= ~m.mask;
            sink.accept(new KeyEvent(to, KeyEvent.KEY_RELEASED, Input.when(), mask, m.code, KeyEvent.CHAR_UNDEFINED,
                    KeyEvent.KEY_LOCATION_LEFT));
        }
    }

    /**
     * Posts a KEY_TYPED of {@code c} to {@code to}, as an input method delivers a character: no key
     * code, so it is the same on every keyboard layout. Text components insert only from these.
     */
    public static void typed(Component to, char c) {
        Input.post(typedEvent(to, c));
    }

    /** The event {@link #typed} posts. */
    static KeyEvent typedEvent(Component to, char c) {
        return new KeyEvent(to, KeyEvent.KEY_TYPED, Input.when(), 0, KeyEvent.VK_UNDEFINED, c, KeyEvent.KEY_LOCATION_UNKNOWN);
    }

    /**
     * The character {@code key} types with {@code modifiersEx} held, as AWT reports it on X11: a
     * letter's control character with ctrl (ctrl+a is U+0001); with shift the key's {@link
     * Key#shifted()} character (a letter's upper case, {@code ?} on the {@code /} key); else its
     * own; {@link KeyEvent#CHAR_UNDEFINED} for a key that types nothing.
     */
    public static char typedChar(Key key, int modifiersEx) {
        char c = key.ch();
        if (c == KeyEvent.CHAR_UNDEFINED) {
            return c;
        }
        if (Character.isLetter(c) && (modifiersEx & InputEvent.CTRL_DOWN_MASK) != 0
                && (modifiersEx & (InputEvent.ALT_DOWN_MASK | InputEvent.META_DOWN_MASK)) == 0) {
            return (char) (c & 0x1f);
        }
        return (modifiersEx & InputEvent.SHIFT_DOWN_MASK) != 0 ? key.shifted() : c;
    }
}
