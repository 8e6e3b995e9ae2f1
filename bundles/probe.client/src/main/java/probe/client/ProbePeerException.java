package probe.client;

import java.nio.file.Path;

/**
 * The client refused the process listening on the socket before sending it anything: it runs as
 * another user than this process. A probe runs as the user of its GUI and only ever serves that
 * user, so a listener of another uid is not a probe of yours, and it would be handed the token
 * ({@code probe.auth}) and whatever is typed ({@code gui.type}, passwords included). Nothing was
 * written to the socket; the connection is closed. The CLI exits 1 with {@code client.foreign_peer}.
 *
 * <p>The listener's user comes from the kernel: the peer credentials of the connection
 * ({@code SO_PEERCRED}, read through {@code jdk.net.ExtendedSocketOptions}; Linux and macOS).
 * Where the platform has none, the owner of the socket file stands in for it
 * ({@link #fromFileOwner}).
 *
 * @since 1.2
 */
public final class ProbePeerException extends ProbeClientException {
    private static final long serialVersionUID = 1L;

    private final Path socket;
    private final String peerUser;
    private final String ownUser;
    private final boolean fromFileOwner;

    public ProbePeerException(Path socket, String peerUser, String ownUser, boolean fromFileOwner) {
        super(message(socket, peerUser, ownUser, fromFileOwner), null);
        this.socket = socket;
        this.peerUser = peerUser;
        this.ownUser = ownUser;
        this.fromFileOwner = fromFileOwner;
    }

    private static String message(Path socket, String peerUser, String ownUser, boolean fromFileOwner) {
        return "refused the listener on " + socket + ": " + (fromFileOwner ? "the socket file belongs to" : "it runs as")
                + " user '" + peerUser + "', not '" + ownUser + "' (this process), so it is not your GUI's probe;"
                + " nothing was sent to it (no token, no text). Check --socket or HVM_GUI_PROBE_SOCKET, and who made that socket";
    }

    /** The socket path that was refused. */
    public Path socket() {
        return socket;
    }

    /** The user the listener runs as (a name, or the uid when it has none). */
    public String peerUser() {
        return peerUser;
    }

    /** The user this process runs as. */
    public String ownUser() {
        return ownUser;
    }

    /**
     * True when the platform gives no peer credentials and the socket file's owner was compared
     * instead: the user who bound the socket, as long as nobody who may write its folder replaced it.
     */
    public boolean fromFileOwner() {
        return fromFileOwner;
    }
}
