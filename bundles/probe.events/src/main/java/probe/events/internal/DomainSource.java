package probe.events.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.event.Event;
import org.osgi.service.event.EventAdmin;
import org.osgi.service.event.EventConstants;
import org.osgi.service.event.EventHandler;
import probe.api.events.EventBus;
import probe.api.wire.Wire;

/**
 * The app's domain events, which the HVM GUI posts on OSGi EventAdmin (so it never depends on the
 * probe), as bus events:
 *
 * <table>
 * <caption>topics and events</caption>
 * <tr><th>EventAdmin topic</th><th>event</th></tr>
 * <tr><td>{@code hvm/gui/LIST_REFRESHED {vmCount}}</td><td>{@code list.refreshed {vmCount}}</td></tr>
 * <tr><td>{@code hvm/gui/VM_STATE {vmId, name, state}}</td><td>{@code vm.state {vmId, name, state}}</td></tr>
 * <tr><td>{@code hvm/gui/ERROR {message, source}}</td><td>{@code error {message, source}}</td></tr>
 * </table>
 *
 * Other {@code hvm/gui/*} topics are not events of the protocol and are ignored. The only class
 * that touches {@code org.osgi.service.event}: it is satisfied only while an EventAdmin is
 * registered (the reference is there for that alone), so without EventAdmin and its package (an
 * optional import) SCR never loads it.
 */
@Component(configurationPolicy = ConfigurationPolicy.IGNORE, service = EventHandler.class,
        property = EventConstants.EVENT_TOPIC + "=hvm/gui/*",
        reference = @Reference(name = "eventAdmin", service = EventAdmin.class))
public final class DomainSource implements EventHandler {
    private final EventBus bus;

    @Activate
    public DomainSource(@Reference(name = "bus") EventBus bus) {
        this.bus = bus;
    }

    @Override
    public void handleEvent(Event event) {
        switch (event.getTopic()) {
            case "hvm/gui/LIST_REFRESHED":
                bus.publish("list.refreshed", copy(event, "vmCount"));
                break;
            case "hvm/gui/VM_STATE":
                bus.publish("vm.state", copy(event, "vmId", "name", "state"));
                break;
            case "hvm/gui/ERROR":
                bus.publish("error", copy(event, "message", "source"));
                break;
            default:
                break;
        }
    }

    /** The named properties: numbers and booleans as they are, anything else as a string, absent ones null. */
    private static ObjectNode copy(Event event, String... keys) {
        ObjectNode f = Wire.object();
        for (String k : keys) {
            Object v = event.getProperty(k);
            if (v == null) {
                f.putNull(k);
            } else if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
                f.put(k, ((Number) v).longValue());
            } else if (v instanceof Number) {
                f.put(k, ((Number) v).doubleValue());
            } else if (v instanceof Boolean) {
                f.put(k, (Boolean) v);
            } else {
                f.put(k, String.valueOf(v));
            }
        }
        return f;
    }
}
