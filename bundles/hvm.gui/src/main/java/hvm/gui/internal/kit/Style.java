package hvm.gui.internal.kit;

import java.awt.Color;
import java.awt.Font;
import javax.swing.JLabel;

/** The few colours and font sizes the app uses beyond the look and feel's own. */
public final class Style {
    public static final Color ERROR = new Color(0xB3, 0x26, 0x1E);
    public static final Color SECONDARY = new Color(0x5F, 0x63, 0x68);
    public static final Color RUNNING = new Color(0x1E, 0x8E, 0x3E);
    public static final Color STOPPED = new Color(0x80, 0x86, 0x8B);
    /** The line round a dialog, which shows its edge where no window manager draws a frame. */
    public static final Color FRAME_LINE = new Color(0x9A, 0xA0, 0xA6);

    private Style() {
    }

    /** Makes {@code label}'s font {@code delta} points larger (or smaller) and optionally bold. */
    public static JLabel sized(JLabel label, float delta, boolean bold) {
        Font f = label.getFont();
        label.setFont(f.deriveFont(bold ? Font.BOLD : Font.PLAIN, f.getSize2D() + delta));
        return label;
    }

    public static JLabel secondary(JLabel label) {
        label.setForeground(SECONDARY);
        return label;
    }
}
