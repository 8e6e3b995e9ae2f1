package hvm.gui.internal.events;

import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/** Fans the app's domain events out to the listeners present right now (possibly none). */
public final class DomainEvents {
    private static final System.Logger LOG = System.getLogger(DomainEvents.class.getName());

    private final List<DomainEventListener> listeners = new CopyOnWriteArrayList<>();

    public void add(DomainEventListener listener) {
        listeners.add(listener);
    }

    public void remove(DomainEventListener listener) {
        listeners.remove(listener);
    }

    public void listRefreshed(int vmCount) {
        fire(DomainEventListener.TOPIC_LIST_REFRESHED, Map.of("vmCount", vmCount));
    }

    public void vmState(String vmId, String name, String state) {
        fire(DomainEventListener.TOPIC_VM_STATE, Map.of("vmId", vmId, "name", name, "state", state));
    }

    public void error(String message, String source) {
        fire(DomainEventListener.TOPIC_ERROR, Map.of("message", message, "source", source));
    }

    private void fire(String topic, Map<String, Object> properties) {
        for (DomainEventListener listener : listeners) {
            try {
                listener.domainEvent(topic, properties);
            } catch (RuntimeException e) {
                // A listener going away mid-call (EventAdmin stopping) must not break the GUI.
                LOG.log(Level.WARNING, "A domain event listener failed on " + topic, e);
            }
        }
    }
}
