package probe.events.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Reference;
import probe.api.Op;
import probe.api.OpContext;
import probe.api.Ops;
import probe.api.ProbeException;
import probe.api.ProbeOp;
import probe.api.Session;
import probe.api.wire.Wire;

/**
 * {@code gui.event.subscribe {events?: [patterns]}}: from now on, the events matching the
 * patterns (default {@code ["*"]}) flow on this connection, interleaved with replies. A second
 * subscribe replaces the patterns; the subscription ends with {@code gui.event.unsubscribe} or when
 * the connection closes.
 */
@Component(configurationPolicy = ConfigurationPolicy.IGNORE, service = ProbeOp.class)
@Op(Ops.EVENT_SUBSCRIBE)
public final class SubscribeOp implements ProbeOp {
    private final SessionEvents subscriptions;

    @Activate
    public SubscribeOp(@Reference(name = "subscriptions") SessionEvents subscriptions) {
        this.subscriptions = subscriptions;
    }

    @Override
    public JsonNode execute(OpContext ctx, ObjectNode args) throws ProbeException {
        Session session = needSession(ctx, Ops.EVENT_SUBSCRIBE);
        Patterns patterns = patterns(args.get("events"));
        // Before subscribing: the first event of the subscription must follow this reply.
        session.holdEvents();
        subscriptions.subscribe(session, patterns);
        ObjectNode data = Wire.object();
        ArrayNode subscribed = data.putArray("subscribed");
        patterns.list().forEach(subscribed::add);
        return data;
    }

    static Session needSession(OpContext ctx, String op) throws ProbeException {
        return ctx.session().orElseThrow(() -> ProbeException.invalidArgs(op + " needs a socket connection: events are pushed"
                + " on the connection that subscribed, and this call has none (in-process, subscribe to the EventBus service instead)"));
    }

    /**
     * The {@code events} argument as the description checked it (OSGI-INF/probe/ops/gui.event.subscribe.json:
     * absent for all, else an array of at most 64 names): what it cannot say is a pattern's syntax, checked here.
     */
    static Patterns patterns(JsonNode events) throws ProbeException {
        if (events == null || events.isNull()) {
            return Patterns.ALL;
        }
        List<String> list = new ArrayList<>();
        events.forEach(p -> list.add(p.textValue()));
        try {
            return Patterns.of(list);
        } catch (IllegalArgumentException e) {
            throw ProbeException.invalidArgs("argument 'events': " + e.getMessage());
        }
    }
}
