package probe.api.events;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.function.Consumer;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Carries events ({@code dialog.opened}, {@code list.refreshed}, ...) to subscribers. Provided by
 * the probe.events bundle; any probe bundle may publish. Publishing never blocks.
 */
@ProviderType
public interface EventBus {

    /**
     * Publishes an event named {@code name} with {@code fields}; the bus adds {@code event},
     * {@code seq} and {@code ts}. Never put a secret in the fields.
     */
    void publish(String name, ObjectNode fields);

    /**
     * Delivers every event whose name matches one of {@code patterns} ({@code dialog.*}, or
     * {@code *} for all) to {@code sink}, until the returned handle is closed. The sink must not block.
     */
    AutoCloseable subscribe(List<String> patterns, Consumer<ObjectNode> sink);

    /**
     * {@link #subscribe}, but {@code sink} is called on the publisher's thread as each event is
     * published, in {@code seq} order, before {@link #publish} returns; so once a publish has
     * returned, its event is in the sink's hands (an action's receipt relies on that). The sink
     * must only store the event and return at once: it runs inside the bus's publishing, on the
     * event dispatch thread for the GUI's events.
     * <p>
     * The default hands over to {@link #subscribe}, whose sink may be called later: a provider
     * that can call sinks directly overrides it (probe.events does).
     *
     * @since 1.1
     */
    default AutoCloseable subscribeDirect(List<String> patterns, Consumer<ObjectNode> sink) {
        return subscribe(patterns, sink);
    }
}
