package probe.api.swing;

import java.awt.Point;

/**
 * Whether a person's hand could operate a target now, and if not, why: not showing, no part of it
 * in view, disabled, behind a modal dialog, or a press at its point would land on something else
 * (another window, a control above it, or an ancestor because the target takes no mouse input).
 * {@code blockedBy} names what is in the way (the covering window or control, the modal dialog), when
 * something is. {@code at} is where a hand presses, in the coordinates of the target's window: the
 * centre of the part of the target that shows (inside every enclosing viewport, its window and the
 * screen); null when no part of it shows or it is reached through closed menus.
 */
public record Verdict(boolean operable, String reason, String blockedBy, Point at) {

    public static final Verdict OPERABLE = new Verdict(true, null, null, null);

    /** The reason for a control that would receive the press and ignore it. */
    public static final String DISABLED = "it is disabled";
    /** How the reason for a target that takes no mouse input begins (a press there goes past it). */
    public static final String NO_MOUSE_INPUT = "it takes no mouse input";

    /**
     * Whether the pointer can rest on the target although a press would not operate it: it shows
     * at {@link #at()} and nothing above takes the pointer there, but it is disabled or takes no
     * mouse input itself (its tooltip still shows, the wheel still turns over it).
     */
    public boolean pointerRests() {
        return operable || at != null && reason != null && (reason.equals(DISABLED) || reason.startsWith(NO_MOUSE_INPUT));
    }

    public Verdict(boolean operable, String reason, String blockedBy) {
        this(operable, reason, blockedBy, null);
    }

    public static Verdict refused(String reason, String blockedBy) {
        return new Verdict(false, reason, blockedBy, null);
    }

    /** This verdict, saying where a hand presses. */
    public Verdict at(Point point) {
        return new Verdict(operable, reason, blockedBy, point == null ? null : new Point(point));
    }
}
