package probe.click.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.GraphicsConfiguration;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.Window;
import java.util.ArrayList;
import java.util.List;
import javax.swing.SwingUtilities;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Reference;
import probe.api.Op;
import probe.api.ProbeException;
import probe.api.ProbeOp;
import probe.api.swing.Target;
import probe.api.swing.Verdict;
import probe.api.swing.ViewRegistry;
import probe.api.wire.Wire;
import probe.input.ActingOp;
import probe.input.Deadline;
import probe.input.Delivery;
import probe.input.Effects;
import probe.input.Mouse;
import probe.input.Reach;

/**
 * {@code gui.drag {identifier, x, y, to, dx, dy, button, modifiers, steps, input}}: a hand's
 * drag: the press at a point of the control (its centre by default), moves along a straight path,
 * the release on another control (or the same), at the centre of what shows of it or {@code dx, dy}
 * pixels from there, or {@code dx, dy} pixels from the press, modifiers held meanwhile. Both ends are judged first: the press as gui.click's, the release as
 * the pointer's (gui.hover's). A plain drag (a slider's thumb, a split pane's divider, an internal
 * frame's title bar, a table's column header) is posted input, as clicks are; Swing's drag and drop
 * (a list, table, tree or text with drag enabled, or {@code input: robot}) is made with the real
 * pointer of the application's display, because the toolkit runs the drop natively. The reply says
 * what the press took hold of and where it went ({@code dragged}), beside the receipt.
 */
@Component(configurationPolicy = ConfigurationPolicy.IGNORE, service = ProbeOp.class)
@Op(DragOp.OP)
public final class DragOp extends ActingOp {
    static final String OP = "gui.drag";

    @Activate
    public DragOp(@Reference(name = "registry") ViewRegistry registry) {
        super(registry);
    }

    /** The drag as planned on the EDT: where, how, and what the press takes hold of. */
    private record Plan(Window window, List<Point> path, List<Point> screenPath, boolean robot, Grabbed grabbed) {
    }

    @Override
    protected ObjectNode act(ObjectNode args, Effects effects, Deadline deadline) throws ProbeException {
        // Checked against the description (OSGI-INF/probe/ops/gui.drag.json), its defaults filled in.
        String identifier = args.get("identifier").textValue();
        Point from = Points.of(args, "x", "y");
        String to = args.hasNonNull("to") ? args.get("to").textValue() : null;
        Point offset = args.hasNonNull("dx") || args.hasNonNull("dy")
                ? new Point(args.path("dx").asInt(0), args.path("dy").asInt(0)) : null;
        Mouse.Button button = Mouse.Button.of(args.get("button").textValue());
        List<String> modifierNames = new ArrayList<>();
        args.path("modifiers").forEach(m -> modifierNames.add(m.textValue()));
        int modifiers = Mouse.modifiers(modifierNames);
        int steps = args.get("steps").intValue();
        String input = args.get("input").textValue();
        // What a description cannot say: where the release is, one way.
        if (to == null && offset == null) {
            throw ProbeException.invalidArgs("give 'to' (the control where the drag ends) or 'dx' and 'dy' (pixels from the press)");
        }

        Plan plan = Delivery.run(deadline, () -> {
            Target t = effects.before(identifier);
            if (!t.menuPath().isEmpty()) {
                throw Reach.refusal(identifier, Verdict.refused("it is in a closed menu: open the menu first", null));
            }
            Verdict press = Reach.check(registry, t, from);
            Window w = t.window();
            Point start = press.at();
            Point end;
            if (to != null) {
                Target u = registry.resolve(to);
                if (!u.menuPath().isEmpty()) {
                    throw Reach.refusal(to, Verdict.refused("it is in a closed menu: open the menu first", null));
                }
                Verdict release = Reach.pointer(registry, u, null);
                if (offset != null) {
                    // dx, dy from the centre of what shows of 'to': that point in its own units, checked as one given.
                    Point at = SwingUtilities.convertPoint(u.window(), release.at(), u.component());
                    Rectangle b = u.bounds();
                    release = Reach.pointer(registry, u, new Point(at.x + offset.x - b.x, at.y + offset.y - b.y));
                }
                end = SwingUtilities.convertPoint(u.window(), release.at(), w);
            } else {
                end = new Point(start.x + offset.x, start.y + offset.y);
                Point s = new Point(end);
                SwingUtilities.convertPointToScreen(s, w);
                if (!onAScreen(w, s)) {
                    throw Reach.refusal(identifier, Verdict.refused("the drag would end off the screen, at (" + s.x + ", " + s.y + ")", null));
                }
            }
            List<Point> path = Mouse.path(start, end, steps);
            boolean robot = "robot".equals(input) || "auto".equals(input) && Grabbed.startsTransfer(w, start);
            List<Point> screenPath = new ArrayList<>();
            for (Point p : path) {
                Point s = new Point(p);
                SwingUtilities.convertPointToScreen(s, w);
                screenPath.add(s);
            }
            Plan pl = new Plan(w, path, screenPath, robot, Grabbed.at(w, start));
            if (robot) {
                return Delivery.nothing(pl);
            }
            Mouse.press(w, start, button, modifiers);
            return Delivery.posted(pl);
        }).value();

        if (!plan.robot()) {
            // One hop per move: a drag posted behind one still queued would be coalesced with it.
            List<Point> path = plan.path();
            for (int i = 1; i < path.size(); i++) {
                Point p = path.get(i);
                boolean last = i == path.size() - 1;
                Delivery.run(deadline, () -> {
                    Mouse.dragTo(plan.window(), p, button, modifiers);
                    if (last) {
                        Mouse.release(plan.window(), p, button, modifiers, p.equals(path.get(0)));
                    }
                    return Delivery.posted(null);
                });
            }
        }

        RobotHand.Outcome outcome = null;
        if (plan.robot()) {
            outcome = RobotHand.drag(plan.screenPath(), button, modifiers, deadline);
            // Whatever the real input queued is handled before the receipt looks.
            Delivery.run(deadline, () -> Delivery.posted(null));
        }

        ObjectNode data = Wire.object();
        data.put("identifier", identifier);
        Point start = plan.path().get(0);
        Point end = plan.path().get(plan.path().size() - 1);
        data.putArray("pressed").add(start.x).add(start.y);
        data.putArray("released").add(end.x).add(end.y);
        data.put("moves", plan.path().size() - 1);
        data.put("button", button.wireName());
        modifierNames.forEach(data.putArray("modifiers")::add);
        data.put("input", plan.robot() ? "robot" : "posted");
        if (outcome != null) {
            data.put("transfer", outcome.transfer());
            data.put("dropped", outcome.dropped());
        }
        if (plan.grabbed() != null) {
            JsonNode dragged = deadline.edt(() -> plan.grabbed().after(registry));
            data.set("dragged", dragged);
        }
        return data;
    }

    /** Whether screen point {@code s} lies on one of the screens (the window's, or any other). */
    private static boolean onAScreen(Window w, Point s) {
        for (java.awt.GraphicsDevice d : java.awt.GraphicsEnvironment.getLocalGraphicsEnvironment().getScreenDevices()) {
            GraphicsConfiguration gc = d.getDefaultConfiguration();
            Rectangle b = gc.getBounds();
            if (b.contains(s)) {
                return true;
            }
        }
        return false;
    }
}
