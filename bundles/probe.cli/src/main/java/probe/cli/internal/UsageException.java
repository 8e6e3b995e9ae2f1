package probe.cli.internal;

/**
 * Bad usage found after the command line was parsed (options that do not go together, a token
 * file that cannot be read, ARGS_JSON that is not JSON), or by {@link GuiLine} in a verb's words:
 * exit 2 with the message and where the usage is, as for a parse error.
 */
final class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
        super(message);
    }
}
