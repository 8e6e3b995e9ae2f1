package probe.client;

import java.time.Duration;

/**
 * No answer within the time given: no reply to a call, no line for {@link RawConnection}, or the
 * probe took no input. After a reply or a line that did not come the connection stays usable (the
 * late reply of a call is dropped when it comes); after a request the probe took no input for, it
 * is closed (part of the line may be on it), and a new one is needed.
 */
public final class ProbeTimeoutException extends ProbeClientException {
    private static final long serialVersionUID = 1L;

    private final Duration timeout;

    public ProbeTimeoutException(String message, Duration timeout) {
        super(message, null);
        this.timeout = timeout;
    }

    /** How long was waited. */
    public Duration timeout() {
        return timeout;
    }
}
