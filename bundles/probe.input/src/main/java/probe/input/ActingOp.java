package probe.input;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import probe.api.OpContext;
import probe.api.ProbeException;
import probe.api.ProbeOp;
import probe.api.events.EventBus;
import probe.api.swing.ViewRegistry;

/**
 * An op that acts on the GUI and answers with its receipt ({@link Effects}), less what is its
 * own: the receipt the op's args ask for, one {@link Deadline} for all its steps (the op's
 * timeout), and, once it has acted, the settling and the receipt put into its reply. A subclass
 * is the DS component: its own {@code @Component(service = ProbeOp.class)} and {@code @Op}, the
 * registry injected through its constructor; probe.events' bus is referenced here, for all of
 * them (bnd reads a superclass's annotations: the root bnd.bnd's {@code -dsannotations-options:
 * inherit}).
 *
 * @since 1.5
 */
public abstract class ActingOp implements ProbeOp {
    protected final ViewRegistry registry;

    /** probe.events' bus, for the receipt's events; absent until that bundle runs. */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    protected volatile EventBus bus;

    protected ActingOp(ViewRegistry registry) {
        this.registry = registry;
    }

    @Override
    public final JsonNode execute(OpContext ctx, ObjectNode args) throws ProbeException {
        try (Effects effects = Effects.of(args, registry, bus)) {
            Deadline deadline = Deadline.after(ctx.timeoutMillis());
            ObjectNode data = act(args, effects, deadline);
            effects.finish(deadline, data);
            return data;
        }
    }

    /**
     * The op itself: reads its arguments (the transport has checked them against the op's
     * description and filled in its defaults: only what a description cannot say is checked
     * here), calls {@code effects.before(identifier)} (or {@code before()} for an op without a
     * target) first in its first EDT task, acts, and returns its reply's data, which the
     * receipt then goes into. Off the EDT.
     */
    protected abstract ObjectNode act(ObjectNode args, Effects effects, Deadline deadline) throws ProbeException;
}
