package probe.client;

/**
 * Whatever went wrong talking to the probe: the one exception type of this library. What a caller
 * tells apart is the subtype:
 *
 * <ul>
 *   <li>{@link ProbeUnavailableException}: no probe answers on the socket (with the reason and a
 *       hint of what to start);
 *   <li>{@link ProbeTimeoutException}: no answer within the time given;
 *   <li>{@link ProbeOpException}: the probe answered with an error ({@code "ok": false}), with its
 *       stable code, message and details;
 *   <li>{@link ProbePeerException}: the process listening on the socket runs as another user, and
 *       was sent nothing.
 * </ul>
 *
 * Thrown as this type itself for the rest, all of which leave the connection unusable or say that
 * the caller used it wrongly: the probe sent a line that is not a protocol message, the client was
 * closed, the waiting thread was interrupted (its interrupt status is kept).
 *
 * <p>Unchecked, as a gRPC {@code StatusRuntimeException} or the AWS SDK's {@code SdkException}:
 * every call can fail in the same few ways, and callers handle them in one place (the CLI's exit
 * codes, a test's {@code assertThrows}, a server that relays calls and answers with an error), not
 * at each call; and calls are made from lambdas (a server's tool handlers, executor tasks, JUnit's
 * {@code Executable}), where a checked exception would have to be wrapped. Each method's {@code @throws} says which subtypes it throws.
 *
 * <p>No message of this library contains what was sent: it may be a password typed with
 * {@code gui.type}.
 */
public class ProbeClientException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ProbeClientException(String message, Throwable cause) {
        super(message, cause);
    }
}
