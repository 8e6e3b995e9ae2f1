package probe.api.swing;

/**
 * Whether a person's hand could operate a target now, and if not, why: not showing, no size,
 * disabled, covered at its centre, or behind a modal dialog. {@code blockedBy} names what is in
 * the way (the covering window or layer, the modal dialog), when something is.
 */
public record Verdict(boolean operable, String reason, String blockedBy) {

    public static final Verdict OPERABLE = new Verdict(true, null, null);

    public static Verdict refused(String reason, String blockedBy) {
        return new Verdict(false, reason, blockedBy);
    }
}
