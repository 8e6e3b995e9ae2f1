package probe.click.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Point;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Reference;
import probe.api.Op;
import probe.api.Ops;
import probe.api.ProbeException;
import probe.api.ProbeOp;
import probe.input.ActingOp;
import probe.input.Deadline;
import probe.input.Effects;
import probe.input.Delivery;
import probe.input.Mouse;
import probe.input.Reach;
import probe.api.swing.Target;
import probe.api.swing.Verdict;
import probe.api.swing.ViewRegistry;
import probe.api.wire.Wire;

/**
 * {@code gui.scroll {identifier, dy, dx}}: turns the mouse wheel over the control, as a hand does:
 * the pointer moves onto its centre and one wheel event per notch is posted to its window there,
 * so Swing hands it to whatever scrolls under the pointer (the scroll pane around a list, a
 * spinner that listens to the wheel). {@code dy} positive scrolls down, {@code dx} positive right
 * (a shift+wheel, as the X11 toolkit reports a sideways wheel and as Swing reads it).
 */
@Component(configurationPolicy = ConfigurationPolicy.IGNORE, service = ProbeOp.class)
@Op(Ops.SCROLL)
public final class ScrollOp extends ActingOp {
    @Activate
    public ScrollOp(@Reference(name = "registry") ViewRegistry registry) {
        super(registry);
    }

    /** {@code effects.before(identifier)} (its first look and the lookup in one walk) first in its EDT task. */
    @Override
    protected ObjectNode act(ObjectNode args, Effects effects, Deadline deadline) throws ProbeException {
        // Checked against the description (OSGI-INF/probe/ops/gui.scroll.json: each at most 100 notches either way), defaults filled in.
        String identifier = args.get("identifier").textValue();
        int dy = args.get("dy").intValue();
        int dx = args.get("dx").intValue();
        Point point = Points.of(args, "x", "y");
        // What a description cannot say: at least one of the two.
        if (dy == 0 && dx == 0) {
            throw ProbeException.invalidArgs("give 'dy' (wheel notches, positive scrolls down) or 'dx' (positive scrolls right),"
                    + " not both zero");
        }

        Point at = Delivery.run(deadline, () -> {
            Target t = effects.before(identifier);
            if (!t.menuPath().isEmpty()) {
                throw Reach.refusal(identifier, Verdict.refused("it is in a closed menu: open the menu first", null));
            }
            // The wheel turns over a disabled control too: only where the pointer rests matters.
            Point p = Reach.pointer(registry, t, point).at();
            if (dy != 0) {
                Mouse.wheel(t.window(), p, dy, false);
            }
            if (dx != 0) {
                Mouse.wheel(t.window(), p, dx, true);
            }
            return Delivery.posted(p);
        }).value();

        ObjectNode data = Wire.object();
        data.put("identifier", identifier);
        data.putArray("at").add(at.x).add(at.y);
        data.put("dy", dy);
        data.put("dx", dx);
        Points.put(data, "point", point);
        return data;
    }
}
