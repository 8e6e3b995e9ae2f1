package probe.cli.internal;

/**
 * A failure on the client's side (a reply that makes no sense, a file that cannot be written),
 * reported like a probe error, with a {@code client.*} code, and exit code 1.
 */
final class CliException extends Exception {
    private static final long serialVersionUID = 1L;

    final String code;

    CliException(String code, String message, Throwable cause) {
        super(message, cause);
        this.code = code;
    }
}
