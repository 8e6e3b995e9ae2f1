package probe.key.internal;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Component;
import java.util.Set;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Reference;
import probe.api.ErrorCodes;
import probe.api.Op;
import probe.api.Ops;
import probe.api.ProbeException;
import probe.api.ProbeOp;
import probe.input.ActingOp;
import probe.input.Deadline;
import probe.input.Delivery;
import probe.input.Effects;
import probe.input.Focus;
import probe.input.Keyboard;
import probe.input.Keyboard.Key;
import probe.input.Keyboard.Modifier;
import probe.input.Reach;
import probe.api.swing.Target;
import probe.api.swing.ViewRegistry;
import probe.api.wire.Wire;

/**
 * {@code gui.keypress {key, modifiers?, identifier?}}: one stroke of a named key with modifier
 * keys held (given apart, or in the key's name as xdotool and Playwright write it: {@code ctrl+f}), to
 * the focus owner (or to the named control, focused first), as a keyboard makes it:
 * pressed, typed when the key types a character, released. So Enter fires a dialog's default
 * button, Esc its cancel binding, Tab moves the focus. A shifted character ({@code ?}) is pressed
 * as a US keyboard types it: shift held around its own key ({@code /}).
 */
// Qualified: Component in this file is java.awt.Component.
@org.osgi.service.component.annotations.Component(configurationPolicy = ConfigurationPolicy.IGNORE, service = ProbeOp.class)
@Op(Ops.KEYPRESS)
public final class KeyOp extends ActingOp {
    @Activate
    public KeyOp(@Reference(name = "registry") ViewRegistry registry) {
        super(registry);
    }

    /** {@code effects.before(identifier)} (its first look and the lookup in one walk) first in its first EDT task. */
    @Override
    protected ObjectNode act(ObjectNode args, Effects effects, Deadline deadline) throws ProbeException {
        // Checked against the description (OSGI-INF/probe/ops/gui.keypress.json): a key name given, modifiers
        // distinct ones of shift, ctrl, alt, meta, an identifier not empty. What it cannot say is the key table's.
        KeyTable.Stroke stroke = KeyTable.stroke(args.get("key").textValue());
        KeyTable.Press press = stroke.press();
        Key key = press.key();
        Set<Modifier> modifiers = KeyTable.modifiers(args.get("modifiers"));
        // Those the key's name holds (ctrl+f) with those given apart.
        modifiers.addAll(stroke.modifiers());
        if (press.shift()) {
            // "?" is shift and the "/" key, as on a US keyboard: the reply says shift was held.
            modifiers.add(Modifier.SHIFT);
        }
        String identifier = args.path("identifier").textValue();

        // One EDT hop when the target has the focus already (or none is named): check, send, wait behind it.
        String target = Focus.keys(deadline, () -> {
            if (identifier == null) {
                effects.before();
                // Null when nothing has the focus yet (a window has just opened): it is waited for.
                return Focus.owner();
            }
            Target t = effects.before(identifier);
            Reach.check(registry, t);
            return Focus.keyTarget(t.component());
        }, KeyOp::owner, c -> Delivery.posted(send(key, modifiers, identifier != null ? c : null)));

        ObjectNode data = Wire.object();
        data.put("key", stroke.name());
        ArrayNode held = data.putArray("modifiers");
        modifiers.forEach(m -> held.add(m.wireName()));
        data.put("target", target);
        return data;
    }

    /** The focus owner, which gets the keys; {@code gui.no_focus} when nothing has it. On the EDT. */
    private static Component owner() throws ProbeException {
        Component owner = Focus.owner();
        if (owner == null) {
            throw new ProbeException(ErrorCodes.NO_FOCUS, "nothing has had the keyboard focus for " + Focus.SETTLE_MILLIS
                    + " ms, so no control would receive the key; name one with 'identifier'");
        }
        return owner;
    }

    /**
     * Sends the stroke to the focus owner, which must be {@code expected} when one is named. On
     * the EDT.
     *
     * @return the identifier of the control that received it
     */
    private String send(Key key, Set<Modifier> modifiers, Component expected) throws ProbeException {
        Component owner = owner();
        if (expected != null && owner != expected) {
            throw Focus.noFocus(expected, owner, "it lost the keyboard focus");
        }
        Keyboard.stroke(owner, key, modifiers);
        return registry.identifierOf(owner);
    }
}
