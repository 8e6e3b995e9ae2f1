package probe.registry.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Reference;
import probe.api.Op;
import probe.api.OpContext;
import probe.api.ProbeException;
import probe.api.ProbeOp;
import probe.api.swing.Edt;
import probe.api.swing.ViewRegistry;
import probe.api.wire.Wire;

/** {@code gui.audit}: every operable control without an identifier, and every identifier that several showing things share. */
@Component(configurationPolicy = ConfigurationPolicy.IGNORE, service = ProbeOp.class)
@Op(value = "gui.audit", args = Op.NONE)
public final class AuditOp implements ProbeOp {
    private final ViewRegistry registry;

    @Activate
    public AuditOp(@Reference(name = "registry") ViewRegistry registry) {
        this.registry = registry;
    }

    @Override
    public JsonNode execute(OpContext ctx, ObjectNode args) throws ProbeException {
        ObjectNode data = Wire.object();
        data.set("problems", Edt.call(registry::audit, ctx.timeoutMillis()));
        return data;
    }
}
