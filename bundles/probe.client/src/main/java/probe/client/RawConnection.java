package probe.client;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;
import probe.client.internal.Connection;

/**
 * For tests and measurements that speak the protocol by hand: bytes sent as they are (a partial
 * line, garbage, several lines at once) and lines read as they come, on the connection of a
 * {@link ProbeClient}, whose calls and events go on working beside them. Not for programs that
 * drive the GUI: they call ops with {@link ProbeClient#call}.
 *
 * <p>Replies to raw lines are never taken by a {@link ProbeClient#call} (ids of calls are the
 * client's own 1, 2, 3, …): {@link #readMessage} takes them. {@link #readLine} reads straight off
 * the socket, past the client's queues.
 */
public final class RawConnection {
    private final Connection connection;

    private RawConnection(Connection connection) {
        this.connection = connection;
    }

    /** The raw side of {@code client}'s connection. */
    public static RawConnection of(ProbeClient client) {
        return new RawConnection(Objects.requireNonNull(client, "client").connection());
    }

    /**
     * Writes {@code bytes} to the socket as they are: no newline is added. Ids of
     * {@link ProbeClient#call} are not affected.
     *
     * @throws ProbeTimeoutException when the probe took no input for the read timeout (the connection is then closed: part of the bytes may be on it)
     * @throws ProbeUnavailableException when the probe closed the connection
     */
    public void send(byte[] bytes) {
        connection.send(bytes.clone());
    }

    /**
     * The next line straight off the socket, whatever it is (reply, event, anything), decoded as
     * UTF-8 without its {@code \n} (or {@code \r\n}); null when the probe closed the connection at a
     * line boundary. It does not look at, nor add to, the queues of replies and events.
     *
     * @throws ProbeTimeoutException when no whole line came within the read timeout
     * @throws ProbeUnavailableException when the probe closed the connection in the middle of a line
     */
    public String readLine() {
        return connection.readLine();
    }

    /**
     * The next message that is not an event, parsed: a queued reply that no
     * {@link ProbeClient#call} took (oldest first), else the next one from the socket. Events met on
     * the way are queued for {@link ProbeClient#nextEvent}.
     *
     * @throws ProbeTimeoutException when none came within the read timeout
     * @throws ProbeClientException when the line is not a JSON object
     */
    public ObjectNode readMessage() {
        return connection.readMessage();
    }
}
