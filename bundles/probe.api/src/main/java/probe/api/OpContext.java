package probe.api;

import java.util.Optional;
import org.osgi.annotation.versioning.ProviderType;

/** What an op knows of its caller. Provided by the transport and by the Gogo commands. */
@ProviderType
public interface OpContext {

    /** How long the op may wait for the event dispatch thread before failing with {@code gui.timeout}. */
    long timeoutMillis();

    /** The socket connection that sent the request; empty when the op is called in-process. */
    Optional<Session> session();

    /** A short description of the caller for log lines, such as {@code socket pid 4242} or {@code gogo}. */
    String caller();
}
