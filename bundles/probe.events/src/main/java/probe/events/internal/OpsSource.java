package probe.events.internal;

import java.net.URL;
import java.util.Map;
import org.osgi.framework.Bundle;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import probe.api.Names;
import probe.api.Op;
import probe.api.OpDescription;
import probe.api.OpTable;
import probe.api.ProbeOp;
import probe.api.events.EventBus;
import probe.api.wire.Wire;

/**
 * {@code probe.ops.changed {op, change}}: an op service came ({@code added}) or went
 * ({@code removed}), so that a client that builds itself from {@code probe.describe} (hvm-dbg mcp's
 * tool list) hears at once that the ops present changed, without asking again and again. An
 * optional event ({@link Patterns#isOptional}): only a subscriber that names it gets it. The ops
 * present when this starts are not announced (a client asks probe.describe when it subscribes).
 */
@Component(configurationPolicy = ConfigurationPolicy.IGNORE)
public final class OpsSource {
    /** The event's name. */
    static final String EVENT = "probe.ops.changed";

    private final EventBus bus;
    /** Set once activated: the binds DS makes before then are the ops already present. */
    private volatile boolean active;

    @Activate
    public OpsSource(@Reference(name = "bus") EventBus bus) {
        this.bus = bus;
    }

    @Activate
    void activate() {
        active = true;
    }

    @Deactivate
    void deactivate() {
        active = false;
    }

    @Reference(name = "op", service = ProbeOp.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY, unbind = "removed")
    void added(ServiceReference<ProbeOp> ref, Map<String, Object> props) {
        // An op whose description is malformed is refused by every op table (OpTable#add): announced
        // as unavailable with the reason, read as the tables read it.
        Object op = props.get(Op.NAME);
        if (active && op instanceof String && Names.isOpName((String) op)) {
            Bundle b = ref == null ? null : ref.getBundle();
            URL entry = b == null ? null : b.getEntry(OpDescription.location((String) op));
            String reason = entry == null ? null : malformed(entry, (String) op);
            if (reason != null) {
                bus.publish(EVENT, Wire.object().put("op", (String) op).put("change", "unavailable").put("reason", reason));
                return;
            }
        }
        changed(props, "added");
    }

    /** Why the op table refuses the op {@code op} for its description at {@code entry}; null when it is sound. */
    static String malformed(URL entry, String op) {
        try {
            OpTable.readDeclared(entry, op);
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    void removed(Map<String, Object> props) {
        changed(props, "removed");
    }

    private void changed(Map<String, Object> props, String change) {
        Object op = props.get(Op.NAME);
        if (active && op instanceof String) {
            bus.publish(EVENT, Wire.object().put("op", (String) op).put("change", change));
        }
    }
}
