package probe.key.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Component;
import java.util.Locale;
import java.util.Set;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Reference;
import probe.api.Args;
import probe.api.ErrorCodes;
import probe.api.Op;
import probe.api.OpContext;
import probe.api.ProbeException;
import probe.api.ProbeOp;
import probe.api.input.Barrier;
import probe.api.input.Deadline;
import probe.api.input.Focus;
import probe.api.input.Keyboard;
import probe.api.input.Keyboard.Key;
import probe.api.input.Keyboard.Modifier;
import probe.api.input.Reach;
import probe.api.swing.Target;
import probe.api.swing.ViewRegistry;
import probe.api.wire.Wire;

/**
 * {@code gui.keypress {key, modifiers?, identifier?}}: one stroke of a named key with modifier
 * keys held, to the focus owner (or to the named control, focused first), as a keyboard makes it:
 * pressed, typed when the key types a character, released. So Enter fires a dialog's default
 * button, Esc its cancel binding, Tab moves the focus.
 */
@org.osgi.service.component.annotations.Component(configurationPolicy = org.osgi.service.component.annotations.ConfigurationPolicy.IGNORE, service = ProbeOp.class)
@Op("gui.keypress")
public final class KeyOp implements ProbeOp {
    private final ViewRegistry registry;

    @Activate
    public KeyOp(@Reference(name = "registry") ViewRegistry registry) {
        this.registry = registry;
    }

    /** Who received the stroke, and the barrier behind it. */
    private record Sent(String target, Barrier barrier) {
    }

    @Override
    public JsonNode execute(OpContext ctx, ObjectNode args) throws ProbeException {
        Args a = Args.of(args);
        String keyName = a.requiredString("key");
        Key key = KeyTable.key(keyName);
        Set<Modifier> modifiers = KeyTable.modifiers(args.get("modifiers"));
        String identifier = a.string("identifier", null);
        if (identifier != null && identifier.isEmpty()) {
            throw ProbeException.invalidArgs("argument 'identifier' must not be empty; omit it to send the key to the focus owner");
        }
        Deadline deadline = Deadline.after(ctx.timeoutMillis());

        Component wanted = null;
        if (identifier != null) {
            wanted = deadline.edt(() -> {
                Target t = registry.resolve(identifier);
                Reach.check(registry, t);
                return Focus.keyTarget(t.component());
            });
            Focus.focus(wanted, deadline);
        }
        Component expected = wanted;
        Sent sent = deadline.edt(() -> {
            Component owner = Focus.owner();
            if (owner == null) {
                throw new ProbeException(ErrorCodes.NO_FOCUS, "nothing has the keyboard focus, so no control would receive the key; "
                        + "name one with 'identifier'");
            }
            if (expected != null && owner != expected) {
                throw Focus.noFocus(expected, owner, "it lost the keyboard focus");
            }
            Keyboard.stroke(owner, key, modifiers);
            return new Sent(registry.identifierOf(owner), Barrier.behind());
        });
        sent.barrier().await(deadline);

        ObjectNode data = Wire.object();
        data.put("key", keyName.toLowerCase(Locale.ROOT));
        ArrayNode held = data.putArray("modifiers");
        modifiers.forEach(m -> held.add(m.wireName()));
        data.put("target", sent.target());
        return data;
    }
}
