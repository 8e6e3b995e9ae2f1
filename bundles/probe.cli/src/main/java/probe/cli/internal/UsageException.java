package probe.cli.internal;

/**
 * Bad usage found after the command line was parsed (options that do not go together, a token
 * file that cannot be read, ARGS_JSON that is not JSON): exit 2 with the message and the command's
 * usage, as for a parse error. Thrown without picocli, which
 * {@code hvm-dbg gui VERB} never loads.
 */
final class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
        super(message);
    }
}
