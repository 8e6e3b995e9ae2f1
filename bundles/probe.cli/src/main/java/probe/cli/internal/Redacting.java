package probe.cli.internal;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Reports bad usage as picocli does (the message, suggestions or the usage, exit 2), but with the
 * value of {@code --text} cut out of the message: picocli quotes arguments it could not place, and
 * that argument may be a password given to {@code gui type}.
 */
final class Redacting implements IParameterExceptionHandler {
    static final String SECRET_OPTION = "--text";
    static final String HIDDEN = "<text>";

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine cl = ex.getCommandLine();
        PrintWriter err = cl.getErr();
        err.println(redact(String.valueOf(ex.getMessage()), args));
        if (!UnmatchedArgumentException.printSuggestions(ex, err)) {
            cl.usage(err, cl.getColorScheme());
        }
        return cl.getCommandSpec().exitCodeOnInvalidInput();
    }

    /** {@code message} without any value given to {@code --text} in {@code args}. */
    static String redact(String message, String[] args) {
        String m = message;
        for (int i = 0; i < args.length; i++) {
            String secret = null;
            if (args[i].equals(SECRET_OPTION) && i + 1 < args.length) {
                secret = args[i + 1];
            } else if (args[i].startsWith(SECRET_OPTION + "=")) {
                secret = args[i].substring(SECRET_OPTION.length() + 1);
            }
            if (secret != null && !secret.isEmpty()) {
                m = m.replace(secret, HIDDEN);
            }
        }
        return m;
    }
}
