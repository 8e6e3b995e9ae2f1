package probe.events.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.event.Event;
import org.osgi.service.event.EventAdmin;
import org.osgi.service.event.EventConstants;
import org.osgi.service.event.EventHandler;
import org.osgi.util.tracker.BundleTracker;
import org.osgi.util.tracker.BundleTrackerCustomizer;
import probe.api.events.EventBus;
import probe.api.wire.Wire;

/**
 * An app's domain events, which it posts on OSGi EventAdmin (so it never depends on the probe), as
 * bus events. The probe knows no app's topics: a bundle declares which of its topics are events,
 * and what they carry, in its manifest header {@value DomainTopics#HEADER} (OSGi's extender
 * pattern, read with a bundle tracker; a stopped bundle's topics are forgotten). HVM's
 * ({@code bundles/hvm.gui/bnd.bnd}):
 *
 * <table>
 * <caption>HVM's topics and events</caption>
 * <tr><th>EventAdmin topic</th><th>event</th></tr>
 * <tr><td>{@code hvm/gui/LIST_REFRESHED {vmCount}}</td><td>{@code list.refreshed {vmCount}}</td></tr>
 * <tr><td>{@code hvm/gui/VM_STATE {vmId, name, state}}</td><td>{@code vm.state {vmId, name, state}}</td></tr>
 * <tr><td>{@code hvm/gui/ERROR {message, source}}</td><td>{@code error {message, source}}</td></tr>
 * </table>
 *
 * The handler is registered for exactly the declared topics, and again when they change. The only
 * class that touches {@code org.osgi.service.event}: it is satisfied only while an EventAdmin is
 * registered (the reference is there for that alone), so without EventAdmin and its package (an
 * optional import) SCR never loads it.
 */
@Component(configurationPolicy = ConfigurationPolicy.IGNORE, service = {},
        reference = @Reference(name = "eventAdmin", service = EventAdmin.class))
public final class DomainSource implements EventHandler {
    private static final System.Logger LOG = System.getLogger(DomainSource.class.getName());

    private final EventBus bus;
    /** By bundle id, so that the merge does not depend on the order bundles came in. */
    private final Map<Long, List<DomainTopics.Mapping>> byBundle = new TreeMap<>();
    private volatile Map<String, DomainTopics.Mapping> byTopic = Map.of();
    private BundleTracker<Long> tracker;
    private ServiceRegistration<EventHandler> registration;
    private BundleContext context;

    @Activate
    public DomainSource(@Reference(name = "bus") EventBus bus) {
        this.bus = bus;
    }

    @Activate
    void activate(BundleContext ctx) {
        this.context = ctx;
        tracker = new BundleTracker<>(ctx, Bundle.STARTING | Bundle.ACTIVE, new BundleTrackerCustomizer<Long>() {
            @Override
            public Long addingBundle(Bundle bundle, BundleEvent event) {
                String header = bundle.getHeaders("").get(DomainTopics.HEADER);
                if (header == null || header.isBlank()) {
                    return null;
                }
                try {
                    declare(bundle.getBundleId(), DomainTopics.parse(header));
                } catch (IllegalArgumentException e) {
                    LOG.log(System.Logger.Level.WARNING, "bundle " + bundle.getSymbolicName() + ": its " + DomainTopics.HEADER
                            + " header is malformed (" + e.getMessage() + "); its topics are no events of the probe");
                    return null;
                }
                return bundle.getBundleId();
            }

            @Override
            public void modifiedBundle(Bundle bundle, BundleEvent event, Long id) {
                // Starting to active: the same declaration.
            }

            @Override
            public void removedBundle(Bundle bundle, BundleEvent event, Long id) {
                declare(id, null);
            }
        });
        tracker.open();
    }

    @Deactivate
    void deactivate() {
        tracker.close();
        synchronized (this) {
            if (registration != null) {
                registration.unregister();
                registration = null;
            }
            context = null;
        }
    }

    /** Sets (or, with null, forgets) a bundle's declared topics, and registers the handler for the topics declared now. */
    synchronized void declare(long bundle, List<DomainTopics.Mapping> mappings) {
        if (mappings == null) {
            byBundle.remove(bundle);
        } else {
            byBundle.put(bundle, mappings);
        }
        Map<String, DomainTopics.Mapping> merged = new TreeMap<>();
        byBundle.values().forEach(l -> l.forEach(m -> merged.putIfAbsent(m.topic(), m)));
        byTopic = Map.copyOf(merged);
        if (context == null) {
            return;
        }
        if (merged.isEmpty()) {
            if (registration != null) {
                registration.unregister();
                registration = null;
            }
            return;
        }
        Dictionary<String, Object> props = new Hashtable<>();
        props.put(EventConstants.EVENT_TOPIC, merged.keySet().toArray(new String[0]));
        if (registration == null) {
            registration = context.registerService(EventHandler.class, this, props);
        } else {
            registration.setProperties(props);
        }
    }

    @Override
    public void handleEvent(Event event) {
        DomainTopics.Mapping m = byTopic.get(event.getTopic());
        if (m != null) {
            bus.publish(m.event(), copy(event, m.fields().toArray(new String[0])));
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
