package probe.type.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Component;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javax.swing.text.JTextComponent;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Reference;
import probe.api.ErrorCodes;
import probe.api.Op;
import probe.api.Ops;
import probe.api.ProbeException;
import probe.api.ProbeOp;
import probe.api.swing.Shown;
import probe.input.ActingOp;
import probe.input.Cells;
import probe.input.Deadline;
import probe.input.Delivery;
import probe.input.Effects;
import probe.input.Focus;
import probe.input.KeyRun;
import probe.input.Keyboard;
import probe.input.Reach;
import probe.api.swing.Target;
import probe.api.swing.ViewRegistry;
import probe.api.wire.Wire;

/**
 * {@code gui.type {identifier?, text, replace?}}: types text into a text control as a keyboard's
 * input method delivers it, one KEY_TYPED per UTF-16 char (an emoji's two surrogates each as its
 * own), so document filters and listeners see every character as they do for a person, on any
 * keyboard layout. A line break is the Enter key and a tab the Tab key, as on a keyboard. A
 * spinner or an editable combo box is typed into through its editor's text field.
 * The text is never logged and never part of a reply or an error: the reply's receipt ({@link
 * Effects}) gives the length of the field's text, not the text.
 */
// Qualified: Component in this file is java.awt.Component.
@org.osgi.service.component.annotations.Component(configurationPolicy = ConfigurationPolicy.IGNORE, service = ProbeOp.class)
@Op(Ops.TYPE)
public final class TypeOp extends ActingOp {
    @Activate
    public TypeOp(@Reference(name = "registry") ViewRegistry registry) {
        super(registry);
    }

    /** {@code effects.before()} first in its first EDT task. */
    @Override
    protected ObjectNode act(ObjectNode args, Effects effects, Deadline deadline) throws ProbeException {
        // Checked against the description (OSGI-INF/probe/ops/gui.type.json): text required (it may be
        // empty), an identifier not empty, replace a boolean (default false).
        String text = args.get("text").textValue();
        boolean replace = args.get("replace").booleanValue();
        String identifier = args.path("identifier").textValue();
        effects.withhold(identifier);

        // A table cell named: its editor started by a hand's clicks in the first hop, typed into once it has started.
        AtomicReference<Target> cell = new AtomicReference<>();
        // The edited row in the model's order: a table that sorts on updates may move it once the edit commits.
        int[] modelRow = {-1};
        // One EDT hop when the field has the focus already: find, check, type, and wait behind it.
        String typedInto = Focus.keys(deadline, () -> {
            // The first look and the lookup in one walk when a field is named.
            Target named = identifier != null ? effects.before(identifier) : null;
            effects.before();
            if (Cells.isCell(named)) {
                cell.set(named);
                modelRow[0] = ((javax.swing.JTable) named.component()).convertRowIndexToModel(named.index());
                Cells.start(registry, named);
                Component editing = Cells.editor(named);
                return editing == null ? null : cellEditor(named, editing);
            }
            if (identifier == null && Focus.owner() == null) {
                // Nothing has the focus yet (a window has just opened): it is waited for.
                return null;
            }
            return identifier != null ? named(named, identifier) : focusOwner();
        }, () -> cell.get() != null ? cellEditor(cell.get(), Cells.started(cell.get())) : focusOwner(), target -> {
            if (!target.isFocusOwner()) {
                throw Focus.noFocus(target, Focus.owner(), "it lost the keyboard focus");
            }
            return type(target, text, replace, cell.get() != null, effects);
        });

        ObjectNode data = Wire.object();
        data.put("identifier", identifier != null ? identifier : typedInto);
        data.put("typed", text.length());
        if (cell.get() != null) {
            // The Enter that ends the text commits it, as a hand's does; an editor that refused it still holds the cell.
            Target edited = cell.get();
            String shown = deadline.edt(() -> {
                if (!Cells.committed(edited)) {
                    Cells.cancel(edited);
                    return null;
                }
                javax.swing.JTable table = (javax.swing.JTable) edited.component();
                int row = modelRow[0] < table.getModel().getRowCount() ? table.convertRowIndexToView(modelRow[0]) : -1;
                return row < 0 ? "" : Shown.cellText(Shown.cell(table, row, edited.column()));
            });
            if (shown == null) {
                throw Cells.notEditable(identifier, "its editor did not accept the text typed (the cell keeps its value;"
                        + " editing was cancelled as Escape would)");
            }
            data.put("value", shown);
        }
        return data;
    }

    /** The text field editing a cell, as a text control a person could type into. */
    private static JTextComponent cellEditor(Target cell, Component editing) throws ProbeException {
        if (!(editing instanceof JTextComponent)) {
            Cells.cancel(cell);
            throw Cells.notEditable(cell.identifier(), "its editor is a " + editing.getClass().getSimpleName() + ", not a text field"
                    + (editing instanceof javax.swing.JComboBox ? " (choose its value with gui.select)"
                            : editing instanceof javax.swing.AbstractButton ? " (toggle it with gui.click)" : ""));
        }
        return editable(editing, cell.identifier());
    }

    /**
     * The keys of {@code text} for {@code target}, the focus owner, after the select-all and
     * Backspace of {@code replace}, delivered in order right after this task (see {@link KeyRun}:
     * dispatched through the focus manager up to the first Enter or Tab, posted from there). On
     * the EDT.
     *
     * @return the identifier of the field, as the reply names it
     */
    private Delivery.Sent<String> type(JTextComponent target, String text, boolean replace, boolean cell, Effects effects)
            throws ProbeException {
        editable(target, Focus.describe(target));
        // The receipt gives the length of what this field (or the spinner or combo it edits) holds, never the text.
        effects.withhold(registry.identifierOf(target));
        Component edited = javax.swing.SwingUtilities.getAncestorOfClass(javax.swing.JSpinner.class, target);
        edited = edited != null ? edited : javax.swing.SwingUtilities.getAncestorOfClass(javax.swing.JComboBox.class, target);
        if (edited != null) {
            effects.withhold(registry.identifierOf(edited));
        }
        KeyRun keys = new KeyRun(target);
        if (replace) {
            // What ctrl+A (select-all) then Backspace do, without depending on the look and feel's bindings.
            target.selectAll();
            if (target.getDocument().getLength() > 0) {
                keys.stroke(Keyboard.BACKSPACE, List.of());
            }
        } else if (cell) {
            // The double-click that started a cell's editor selected a word: End puts the caret after the text.
            keys.stroke(Keyboard.Key.silent(java.awt.event.KeyEvent.VK_END), List.of());
        }
        send(keys, text);
        if (cell) {
            // Enter commits a cell's edit, as a hand ends it.
            keys.strokeQueued(Keyboard.ENTER, List.of());
        }
        return Delivery.delivering(registry.identifierOf(target), keys::deliver);
    }

    private JTextComponent named(Target t, String identifier) throws ProbeException {
        if (t.kind() != Target.Kind.COMPONENT) {
            throw notEditable(identifier, "it is a " + t.kind().name().toLowerCase(java.util.Locale.ROOT) + ", not a text field");
        }
        JTextComponent c = editable(Focus.keyTarget(t.component()), identifier);
        Reach.check(registry, t);
        return c;
    }

    private static JTextComponent focusOwner() throws ProbeException {
        Component owner = Focus.owner();
        if (owner == null) {
            throw new ProbeException(ErrorCodes.NO_FOCUS, "nothing has had the keyboard focus for " + Focus.SETTLE_MILLIS
                    + " ms; name the field with 'identifier'");
        }
        return editable(owner, Focus.describe(owner));
    }

    /** The component as a text control a person could type into, else {@code gui.not_editable}. */
    static JTextComponent editable(Component c, String identifier) throws ProbeException {
        if (!(c instanceof JTextComponent)) {
            throw notEditable(identifier, "it is a " + c.getClass().getSimpleName() + ", not a text field");
        }
        JTextComponent t = (JTextComponent) c;
        if (!t.isEnabled()) {
            throw notEditable(identifier, "it is disabled");
        }
        if (!t.isEditable()) {
            throw notEditable(identifier, "it is not editable");
        }
        return t;
    }

    static ProbeException notEditable(String identifier, String reason) {
        ObjectNode details = ProbeException.newDetails();
        details.put("identifier", identifier);
        details.put("reason", reason);
        return new ProbeException(ErrorCodes.NOT_EDITABLE, "cannot type into '" + identifier + "': " + reason, details);
    }

    /** One KEY_TYPED per char; CR, LF and CRLF as one Enter key, a tab as the Tab key. */
    private static void send(KeyRun to, String text) {
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (ch == '\r' || ch == '\n') {
                if (ch == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                    i++;
                }
                to.strokeQueued(Keyboard.ENTER, List.of());
            } else if (ch == '\t') {
                to.strokeQueued(Keyboard.TAB, List.of());
            } else {
                to.typed(ch);
            }
        }
    }
}
