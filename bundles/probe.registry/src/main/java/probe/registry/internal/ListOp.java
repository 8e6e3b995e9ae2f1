package probe.registry.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Reference;
import probe.api.Args;
import probe.api.Op;
import probe.api.OpContext;
import probe.api.ProbeException;
import probe.api.ProbeOp;
import probe.api.swing.Edt;
import probe.api.swing.ViewRegistry;
import probe.api.wire.Wire;

/** {@code gui.list {scope}}: the controls a person sees, as the registry describes them. */
@Component(configurationPolicy = ConfigurationPolicy.IGNORE, service = ProbeOp.class)
@Op(value = "gui.list", args = {"scope"})
public final class ListOp implements ProbeOp {
    private final ViewRegistry registry;

    @Activate
    public ListOp(@Reference(name = "registry") ViewRegistry registry) {
        this.registry = registry;
    }

    @Override
    public JsonNode execute(OpContext ctx, ObjectNode args) throws ProbeException {
        String scope = Args.of(args).string("scope", "window");
        if (scope.isBlank()) {
            throw ProbeException.invalidArgs("argument 'scope' must be window, dialog, sidebar or an identifier prefix");
        }
        ObjectNode data = Wire.object();
        data.put("scope", scope);
        data.set("items", Edt.call(() -> registry.list(scope), ctx.timeoutMillis()));
        return data;
    }
}
