package probe.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.osgi.annotation.versioning.ProviderType;

/**
 * One client connection, as seen by the ops that push events to it. Provided by the transport.
 * All methods are thread-safe and never block.
 */
@ProviderType
public interface Session {

    /** A short id, unique while the probe runs. */
    String id();

    /** False once the client has gone or the probe is stopping. */
    boolean isOpen();

    /**
     * Queues an event line for this connection. When the connection's bounded event queue is full
     * the event is dropped and counted; the client is sent an {@code events.lost} event with the
     * count as soon as it reads again.
     *
     * @return false when the event was dropped or the session is closed
     */
    boolean offerEvent(ObjectNode event);

    /**
     * Asks the connection to hold the events offered from now on until the reply to the request
     * being answered is out, so that reply (a {@code subscribed} one) comes before them; and marks
     * the connection as one that takes events, which the transport never closes for being quiet.
     * Called by an op while it runs, on the connection it answers.
     *
     * @since 1.5
     */
    void holdEvents();

    /** Runs {@code action} once when the connection closes (at once when it already has). */
    void onClose(Runnable action);
}
