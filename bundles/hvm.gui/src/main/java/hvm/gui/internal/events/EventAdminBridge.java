package hvm.gui.internal.events;

import java.util.Map;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.event.Event;
import org.osgi.service.event.EventAdmin;

/**
 * Posts the app's domain events on OSGi EventAdmin. The only class that touches
 * {@code org.osgi.service.event}: it is satisfied only while an EventAdmin is registered, and
 * without the package (an optional import) SCR never loads it.
 */
@Component(name = "hvm.gui.eventAdmin", service = DomainEventListener.class)
public final class EventAdminBridge implements DomainEventListener {
    private final EventAdmin eventAdmin;

    @Activate
    public EventAdminBridge(@Reference(name = "eventAdmin") EventAdmin eventAdmin) {
        this.eventAdmin = eventAdmin;
    }

    @Override
    public void domainEvent(String topic, Map<String, Object> properties) {
        // postEvent is asynchronous, so the EDT never waits for EventAdmin's handlers.
        eventAdmin.postEvent(new Event(topic, properties));
    }
}
