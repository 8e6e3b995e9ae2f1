package hvm.gui.internal.events;

import java.util.Map;

/**
 * Hears the app's domain events. The app's DS component collects every service of this type
 * (today only {@link EventAdminBridge}), so the app itself never touches an OSGi event class.
 * Called on the event dispatch thread: an implementation must return quickly.
 */
public interface DomainEventListener {
    String TOPIC_LIST_REFRESHED = "hvm/gui/LIST_REFRESHED";
    String TOPIC_VM_STATE = "hvm/gui/VM_STATE";
    String TOPIC_ERROR = "hvm/gui/ERROR";

    /** {@code properties} hold only plain values (strings, numbers), never a secret. */
    void domainEvent(String topic, Map<String, Object> properties);
}
