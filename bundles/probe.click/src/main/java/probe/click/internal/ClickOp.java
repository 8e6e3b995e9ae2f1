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
import probe.api.swing.ViewRegistry;
import probe.api.wire.Wire;
import probe.input.ActingOp;
import probe.input.Deadline;
import probe.input.Effects;
import probe.input.Mouse;
import probe.input.Reach;

/**
 * {@code gui.click {identifier, button, count, x, y}}: a hand's click at the centre of the part of the
 * control, row, tab or menu item that shows (or at the point x, y inside it, from its top-left corner), posted to its window so hit-testing and the modality filter apply. A menu item
 * in a closed menu is reached by clicking each menu of its chain open first. The reply comes as
 * soon as the click's own handlers have run, also when one of them opened a modal dialog, and
 * the GUI has settled; it says what the click changed ({@link Effects}).
 */
@Component(configurationPolicy = ConfigurationPolicy.IGNORE, service = ProbeOp.class)
@Op(Ops.CLICK)
public final class ClickOp extends ActingOp {
    @Activate
    public ClickOp(@Reference(name = "registry") ViewRegistry registry) {
        super(registry);
    }

    @Override
    protected ObjectNode act(ObjectNode args, Effects effects, Deadline deadline) throws ProbeException {
        // Checked against the description (OSGI-INF/probe/ops/gui.click.json), its defaults filled in.
        String identifier = args.get("identifier").textValue();
        Mouse.Button button = Mouse.Button.of(args.get("button").textValue());
        int count = args.get("count").intValue();
        Point point = Points.of(args, "x", "y");

        // One EDT hop in the common case: resolve, check, post the click, and wait behind it.
        Point at = Reaching.reach(registry, effects, identifier, deadline, (r, t) -> Reach.check(r, t, point), (t, v) -> {
            // Where the verdict says a hand presses: the point asked for, else the centre of the part that shows.
            Mouse.click(t.window(), v.at(), button, count);
            return v.at();
        }, "the item could be clicked");

        ObjectNode data = Wire.object();
        data.put("identifier", identifier);
        data.putArray("clicked").add(at.x).add(at.y);
        data.put("button", button.wireName());
        data.put("count", count);
        Points.put(data, "point", point);
        return data;
    }
}
