package probe.gogo.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Function;
import org.jline.builtins.Completers.CompletionData;
import org.jline.reader.Candidate;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.ParsedLine;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Size;
import org.jline.terminal.Terminal;
import probe.api.ErrorCodes;

/**
 * What the gui:* commands use of gogo.jline's console: its terminal, a line reader on it, and its
 * completion table. gogo.jline keeps them in session variables ({@value #TERMINAL},
 * {@value #COMPLETIONS}, {@value #COMMAND_LINE}); this class is loaded only when one of them is
 * set, so the bundle runs on a shell without JLine too (its JLine imports are optional).
 */
final class Jline {
    /** gogo.jline's session variables (Shell.VAR_TERMINAL, VAR_COMPLETIONS, VAR_COMMAND_LINE). */
    static final String TERMINAL = ".terminal";
    static final String COMPLETIONS = ".completions";
    static final String COMMAND_LINE = ".commandLine";
    /** The session variable holding the function that completes the gui:* arguments. */
    static final String COMPLETE_FUNCTION = "__gui_complete";

    private Jline() {
    }

    /**
     * The session's terminal when it is a real one, else null: none (another shell, a test), or
     * JLine's dumb stand-in, which it makes when there is no terminal (the background, a pipe).
     */
    static Terminal terminal(CommandSession session) {
        Object t = session.get(TERMINAL);
        if (!(t instanceof Terminal)) {
            return null;
        }
        Terminal terminal = (Terminal) t;
        String type = terminal.getType();
        return Terminal.TYPE_DUMB.equals(type) || Terminal.TYPE_DUMB_COLOR.equals(type) ? null : terminal;
    }

    /**
     * A line typed on the terminal with nothing echoed: a line reader of its own, so the text never
     * reaches the shell's history, is not parsed as Gogo (quotes, braces) and no {@code !} in it is
     * taken for a history event.
     */
    static String readHidden(Terminal terminal, String prompt) throws GuiError {
        LineReader reader = LineReaderBuilder.builder()
                .terminal(terminal)
                .variable(LineReader.DISABLE_HISTORY, true)
                .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
                .build();
        try {
            return reader.readLine(prompt, (char) 0);
        } catch (UserInterruptException e) {
            throw new GuiError(ErrorCodes.INVALID_ARGS, ErrorCodes.INVALID_ARGS + ": cancelled (Ctrl-C); nothing was typed", null, null);
        } catch (EndOfFileException e) {
            throw new GuiError(ErrorCodes.INVALID_ARGS, ErrorCodes.INVALID_ARGS + ": the console's input ended before a line", null, null);
        }
    }

    /**
     * Gives a terminal that says it is 0 columns wide (JLine's dumb stand-in when stdin is a pipe,
     * a pseudo-terminal nobody sized) the classic 80 by 24: on 0 columns JLine's line editor redraws
     * its prompt forever, at full speed, and never reads a line.
     */
    static void sizeIfNone(CommandSession session) {
        Object t = session.get(TERMINAL);
        if (t instanceof Terminal && ((Terminal) t).getWidth() <= 0) {
            ((Terminal) t).setSize(new Size(80, 24));
        }
    }

    /**
     * Brings the gui:* entries of the session's completion table up to date: each command's
     * description and options, and one argument entry that asks {@code completion} for the
     * candidates of the word under the cursor; the entries of commands gone are taken out.
     */
    @SuppressWarnings("unchecked")
    static void installCompletion(CommandSession session, GuiCompletion completion) {
        Object table = session.get(COMPLETIONS);
        if (!(table instanceof Map)) {
            return;
        }
        Map<String, List<CompletionData>> completions = (Map<String, List<CompletionData>>) table;
        if (session.get(COMPLETE_FUNCTION) == null) {
            session.put(COMPLETE_FUNCTION, (Function) (s, arguments) -> candidates(s, completion));
        }
        String prefix = GuiCompletion.SCOPE + ":";
        Map<String, List<CompletionData>> now = new java.util.LinkedHashMap<>();
        for (GuiCompletion.Command c : completion.commands()) {
            List<CompletionData> data = new ArrayList<>();
            data.add(new CompletionData(null, c.description(), null, null));
            for (GuiCompletion.Opt o : c.options()) {
                data.add(new CompletionData(o.names(), o.description(), null, null));
            }
            data.add(new CompletionData(null, null, COMPLETE_FUNCTION, null));
            now.put(prefix + c.name(), data);
        }
        completions.keySet().removeIf(k -> k.startsWith(prefix) && !now.containsKey(k));
        completions.putAll(now);
    }

    /** The candidates for the word under the cursor of the line being completed. */
    private static List<Candidate> candidates(CommandSession session, GuiCompletion completion) {
        List<Candidate> out = new ArrayList<>();
        Object l = session.get(COMMAND_LINE);
        if (!(l instanceof ParsedLine)) {
            return out;
        }
        ParsedLine line = (ParsedLine) l;
        List<String> words = line.words();
        int index = line.wordIndex();
        if (index < 1 || words.isEmpty()) {
            return out;
        }
        for (GuiCompletion.Choice choice : completion.choices(words.subList(0, index))) {
            out.add(new Candidate(choice.value(), choice.value(), choice.group(), choice.description(), null, null, true));
        }
        return out;
    }
}
