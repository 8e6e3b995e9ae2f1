package probe.events.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Reference;
import probe.api.Op;
import probe.api.OpContext;
import probe.api.Ops;
import probe.api.ProbeException;
import probe.api.ProbeOp;
import probe.api.wire.Wire;

/**
 * {@code gui.event.unsubscribe}: no more events are queued for this connection. {@code unsubscribed}
 * is false when it had no subscription. Events queued before the call may still follow the reply.
 */
@Component(configurationPolicy = ConfigurationPolicy.IGNORE, service = ProbeOp.class)
@Op(Ops.EVENT_UNSUBSCRIBE)
public final class UnsubscribeOp implements ProbeOp {
    private final SessionEvents subscriptions;

    @Activate
    public UnsubscribeOp(@Reference(name = "subscriptions") SessionEvents subscriptions) {
        this.subscriptions = subscriptions;
    }

    @Override
    public JsonNode execute(OpContext ctx, ObjectNode args) throws ProbeException {
        boolean ended = subscriptions.unsubscribe(SubscribeOp.needSession(ctx, Ops.EVENT_UNSUBSCRIBE));
        return Wire.object().put("unsubscribed", ended);
    }
}
