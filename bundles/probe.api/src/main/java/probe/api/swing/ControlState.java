package probe.api.swing;

import java.util.List;
import java.util.Objects;

/**
 * One named thing as an action's receipt compares it before and after: its identifier and the
 * fields a receipt reports a change of ({@link #FIELDS}), read as {@code gui.list} reads them, without building the
 * item's JSON or its verdict. Made on the event dispatch thread by {@link ViewRegistry#states()}.
 *
 * @param identifier the identifier (never null: unnamed things are not compared)
 * @param value what {@code gui.list} reports as {@code value}: a {@code String}, {@code Boolean},
 *     {@code Long} or {@code Double}, or null (none, and always null for a password field)
 * @param label what {@code gui.list} reports as {@code label}, or null
 * @param enabled as Swing says
 * @param selected whether a row or tab is selected; null for anything else
 * @param visible whether a row is scrolled into view (any part of it inside its list's, table's or
 *     tree's visible rectangle), as {@code gui.list} reports it; null for anything else
 * @param showing whether it is on screen now (false for a menu item in a closed menu)
 * @param length a password field's length; null for anything else
 * @param expanded whether a tree row's node shows its children, as {@code gui.list} reports it
 *     ({@code expanded} or {@code collapsed}); null for a leaf and anything else (since 1.7)
 * @since 1.1
 */
public record ControlState(String identifier, Object value, String label, boolean enabled, Boolean selected, Boolean visible,
        boolean showing, Integer length, Boolean expanded) {

    /** The fields a receipt names, in the order it reports them. */
    public static final List<String> FIELDS = List.of("value", "label", "enabled", "selected", "expanded", "visible", "showing", "length");

    /** A state without {@code expanded} (anything but a tree row's), as before 1.7. */
    public ControlState(String identifier, Object value, String label, boolean enabled, Boolean selected, Boolean visible,
            boolean showing, Integer length) {
        this(identifier, value, label, enabled, selected, visible, showing, length, null);
    }

    /** A state without {@code visible} (anything but a row), as before 1.2. */
    public ControlState(String identifier, Object value, String label, boolean enabled, Boolean selected, boolean showing,
            Integer length) {
        this(identifier, value, label, enabled, selected, null, showing, length, null);
    }

    /** The field named {@code field} (one of {@link #FIELDS}), as a receipt reports it. */
    public Object field(String field) {
        switch (field) {
            case "value":
                return value;
            case "label":
                return label;
            case "enabled":
                return enabled;
            case "selected":
                return selected;
            case "expanded":
                return expanded;
            case "visible":
                return visible;
            case "showing":
                return showing;
            case "length":
                return length;
            default:
                throw new IllegalArgumentException("no field " + field);
        }
    }

    /** Whether {@code field} differs between this state and {@code other}. */
    public boolean differs(ControlState other, String field) {
        return !Objects.equals(field(field), other.field(field));
    }
}
