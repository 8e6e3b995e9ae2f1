package probe.cli.internal;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Reports bad usage: the message, picocli's suggestions for a misspelt word, and one line that
 * points at the command's {@code --help} (and names its commands, when one is missing); exit 2.
 * The whole usage after each mistake hid the message. The value of {@code --text} is cut out of
 * the message: picocli quotes arguments it could not place, and that argument may be a password
 * given to {@code gui type}.
 */
final class Redacting implements IParameterExceptionHandler {
    static final String SECRET_OPTION = "--text";
    static final String HIDDEN = "<text>";

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine cl = ex.getCommandLine();
        PrintWriter err = cl.getErr();
        err.println(redact(String.valueOf(ex.getMessage()), args));
        UnmatchedArgumentException.printSuggestions(ex, err);
        err.println(tryHelp(cl));
        return cl.getCommandSpec().exitCodeOnInvalidInput();
    }

    /** The line after a usage error: where the full usage is, and what to choose from when a command is missing. */
    static String tryHelp(CommandLine cl) {
        String name = cl.getCommandSpec().qualifiedName();
        CommandLine help = cl.getCommandSpec().root().commandLine().getSubcommands().get("help");
        if (cl.getCommandSpec().userObject() instanceof HelpCommand) {
            return "Try '" + cl.getParent().getCommandSpec().qualifiedName() + " --help' for the commands.";
        }
        if (!cl.getSubcommands().isEmpty() && help != null) {
            return "Commands: " + String.join(", ", HelpCommand.names(cl)) + ". Try '" + name + " --help' for more.";
        }
        return "Try '" + name + " --help' for more information.";
    }

    /** {@code message} without any value given to {@code --text} in {@code args}. */
    static String redact(String message, String[] args) {
        return redact(message, java.util.Arrays.asList(args), java.util.List.of(SECRET_OPTION));
    }

    /** {@code message} without any value given in {@code args} to one of {@code secrets} (options such as {@code --text}). */
    static String redact(String message, java.util.List<String> args, java.util.List<String> secrets) {
        String m = message;
        for (int i = 0; i < args.size(); i++) {
            for (String option : secrets) {
                String secret = null;
                if (args.get(i).equals(option) && i + 1 < args.size()) {
                    secret = args.get(i + 1);
                } else if (args.get(i).startsWith(option + "=")) {
                    secret = args.get(i).substring(option.length() + 1);
                }
                if (secret != null && !secret.isEmpty()) {
                    m = m.replace(secret, HIDDEN);
                }
            }
        }
        return m;
    }
}
