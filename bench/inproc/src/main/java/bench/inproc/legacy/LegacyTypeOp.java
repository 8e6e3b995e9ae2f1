package bench.inproc.legacy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Component;
import java.util.List;
import javax.swing.text.JTextComponent;
import probe.api.Args;
import probe.api.ErrorCodes;
import probe.api.OpContext;
import probe.api.ProbeException;
import probe.api.ProbeOp;
import probe.input.Barrier;
import probe.input.Deadline;
import probe.input.Focus;
import probe.input.Keyboard;
import probe.input.Reach;
import probe.api.swing.Target;
import probe.api.swing.ViewRegistry;
import probe.api.wire.Wire;

/**
 * The op as it was before the one-hop {@code Delivery} (one EDT hop to check, one to post, then
 * the barrier), kept only so that TypeTiming compares old and new in the same JVM. Built on what
 * the product exports alone (probe.api, probe.input): the checks it shared with {@code TypeOp},
 * package-private there, are copied below as they are there.
 * <p>
 * {@code gui.type {identifier?, text, replace?}}: types text into a text control as a keyboard's
 * input method delivers it, one KEY_TYPED per UTF-16 char (an emoji's two surrogates each as its
 * own), so document filters and listeners see every character as they do for a person, on any
 * keyboard layout. A line break is the Enter key and a tab the Tab key, as on a keyboard. A
 * spinner or an editable combo box is typed into through its editor's text field.
 * The text is never logged and never part of a reply or an error.
 */
public final class LegacyTypeOp implements ProbeOp {
    private final ViewRegistry registry;

    public LegacyTypeOp(ViewRegistry registry) {
        this.registry = registry;
    }

    @Override
    public JsonNode execute(OpContext ctx, ObjectNode args) throws ProbeException {
        Args a = Args.of(args);
        String text = a.string("text", null);
        if (text == null) {
            throw ProbeException.invalidArgs("argument 'text' is required (it may be empty, with replace, to clear)");
        }
        boolean replace = a.bool("replace", false);
        String identifier = a.string("identifier", null);
        if (identifier != null && identifier.isEmpty()) {
            throw ProbeException.invalidArgs("argument 'identifier' must not be empty; omit it to type into the focus owner");
        }
        Deadline deadline = Deadline.after(ctx.timeoutMillis());

        JTextComponent target = deadline.edt(() -> identifier != null ? named(identifier) : focusOwner());
        Focus.focus(target, deadline);
        Barrier barrier = deadline.edt(() -> {
            if (!target.isFocusOwner()) {
                throw Focus.noFocus(target, Focus.owner(), "it lost the keyboard focus");
            }
            editable(target, Focus.describe(target));
            if (replace) {
                // What ctrl+A (select-all) then Backspace do, without depending on the look and feel's bindings.
                target.selectAll();
                if (target.getDocument().getLength() > 0) {
                    Keyboard.stroke(target, Keyboard.BACKSPACE, List.of());
                }
            }
            send(target, text);
            return Barrier.behind();
        });
        barrier.await(deadline);

        ObjectNode data = Wire.object();
        data.put("identifier", identifier != null ? identifier : registry.identifierOf(target));
        data.put("typed", text.length());
        return data;
    }

    private JTextComponent named(String identifier) throws ProbeException {
        Target t = registry.resolve(identifier);
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
            throw new ProbeException(ErrorCodes.NO_FOCUS, "nothing has the keyboard focus; name the field with 'identifier'");
        }
        return editable(owner, Focus.describe(owner));
    }

    /** One KEY_TYPED per char; CR, LF and CRLF as one Enter key, a tab as the Tab key. */
    private static void send(Component to, String text) {
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (ch == '\r' || ch == '\n') {
                if (ch == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                    i++;
                }
                Keyboard.stroke(to, Keyboard.ENTER, List.of());
            } else if (ch == '\t') {
                Keyboard.stroke(to, Keyboard.TAB, List.of());
            } else {
                Keyboard.typed(to, ch);
            }
        }
    }

    /** {@code TypeOp.editable}: {@code c} as a text control that takes typing, else the error that says why not. */
    private static JTextComponent editable(Component c, String identifier) throws ProbeException {
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

    /** {@code TypeOp.notEditable}. */
    private static ProbeException notEditable(String identifier, String reason) {
        ObjectNode details = ProbeException.newDetails();
        details.put("identifier", identifier);
        details.put("reason", reason);
        return new ProbeException(ErrorCodes.NOT_EDITABLE, "cannot type into '" + identifier + "': " + reason, details);
    }
}
