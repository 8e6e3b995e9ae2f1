package probe.gogo.internal;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.CommandSessionListener;
import org.apache.felix.service.command.Descriptor;
import org.apache.felix.service.command.Parameter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Reference;

/**
 * Tab completion of the gui:* commands in gogo.jline's console: the commands' options with their
 * descriptions, option values (buttons, modifiers, event patterns, scopes), and the identifiers
 * of the controls showing now, grouped by role, for the arguments that take one.
 *
 * <p>gogo.jline completes a command's arguments from the completion table in its session (what
 * its {@code complete} command edits). This listener fills in the gui:* entries before the first
 * thing each console session runs (its profile); a session without that table (another shell, a
 * script without a console) is left alone. The table itself is written by {@link Jline}; what to
 * offer for a word is decided here, without JLine, so that it can be tested as it is.
 */
@Component(configurationPolicy = ConfigurationPolicy.IGNORE, service = CommandSessionListener.class)
public final class GuiCompletion implements CommandSessionListener {
    static final String SCOPE = "gui";

    /** An option of a command: its names, what it means, whether a value follows it. */
    record Opt(List<String> names, String description, boolean takesValue) {
    }

    /** A command with its description and options, as its methods' annotations say. */
    record Command(String name, String description, List<Opt> options) {
    }

    /** One thing to offer: the word, the group it is listed under (a role), a description (a label). */
    record Choice(String value, String group, String description) {
    }

    /** A control showing now, as gui.list reports it. */
    record Item(String identifier, String role, String label, boolean clickable) {
    }

    /** Where the controls come from: gui.list, in-process. */
    interface Source {
        List<Item> items();
    }

    private static final List<String> KEYS = List.of("return", "esc", "tab", "space", "backspace", "delete", "up", "down", "left",
            "right", "home", "end", "pageup", "pagedown", "f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8", "f9", "f10", "f11", "f12");
    private static final List<String> EVENTS = List.of("*", "dialog.*", "dialog.opened", "dialog.closed", "list.refreshed", "vm.state",
            "error", "window.*", "focus.changed", "edt.*", "events.lost");
    private static final List<String> TYPABLE = List.of("input", "password", "combo", "spinner");

    private final Source source;

    @Activate
    public GuiCompletion(@Reference GuiCommands commands) {
        this(commands::completionItems);
    }

    GuiCompletion(Source source) {
        this.source = source;
    }

    @Override
    public void beforeExecute(CommandSession session, CharSequence command) {
        if (session.get(Jline.COMPLETIONS) == null || session.get(Jline.COMPLETE_FUNCTION) != null) {
            return;
        }
        try {
            // Once per console session, before its first line is read: the line editor's terminal
            // must have a width (a pipe's has none) for anything to work at all.
            Jline.sizeIfNone(session);
            Jline.installCompletion(session, source);
        } catch (LinkageError e) {
            // A completion table without JLine to go with it: not gogo.jline's; nothing to add to.
        }
    }

    @Override
    public void afterExecute(CommandSession session, CharSequence command, Exception exception) {
    }

    @Override
    public void afterExecute(CommandSession session, CharSequence command, Object result) {
    }

    /** The gui:* commands: every public method of {@link GuiCommands} with a description. */
    static List<Command> commands() {
        Map<String, List<Method>> byName = new TreeMap<>();
        for (Method m : GuiCommands.class.getDeclaredMethods()) {
            if (Modifier.isPublic(m.getModifiers()) && !Modifier.isStatic(m.getModifiers()) && m.isAnnotationPresent(Descriptor.class)) {
                byName.computeIfAbsent(m.getName(), k -> new ArrayList<>()).add(m);
            }
        }
        List<Command> commands = new ArrayList<>();
        for (Map.Entry<String, List<Method>> e : byName.entrySet()) {
            // The overload with the most parameters describes the command in full.
            Method widest = e.getValue().stream().max(Comparator.comparingInt(Method::getParameterCount)).orElseThrow();
            Map<String, Opt> options = new LinkedHashMap<>();
            for (Method m : e.getValue()) {
                for (java.lang.reflect.Parameter p : m.getParameters()) {
                    Parameter option = p.getAnnotation(Parameter.class);
                    Descriptor d = p.getAnnotation(Descriptor.class);
                    if (option != null) {
                        options.putIfAbsent(option.names()[0], new Opt(List.of(option.names()), d == null ? null : d.value(),
                                Parameter.UNSPECIFIED.equals(option.presentValue())));
                    }
                }
            }
            commands.add(new Command(e.getKey(), widest.getAnnotation(Descriptor.class).value(), List.copyOf(options.values())));
        }
        return commands;
    }

    /**
     * What to offer for the next word after {@code before} (the command and the words before the
     * cursor): the values of the option just given, or the candidates for the argument at that
     * position. The line editor keeps those that start with what is typed.
     */
    static List<Choice> choices(List<String> before, Source source) {
        String name = before.get(0);
        name = name.startsWith(SCOPE + ":") ? name.substring(SCOPE.length() + 1) : name;
        Command command = null;
        for (Command c : commands()) {
            if (c.name().equals(name)) {
                command = c;
            }
        }
        if (command == null) {
            return List.of();
        }
        int position = 0;
        Opt pending = null;
        for (String word : before.subList(1, before.size())) {
            if (pending != null) {
                pending = null;
                continue;
            }
            Opt o = option(command, word);
            if (o != null) {
                pending = o.takesValue() ? o : null;
            } else {
                position++;
            }
        }
        return pending != null ? values(command.name(), pending.names().get(pending.names().size() - 1), source)
                : arguments(command.name(), position, source);
    }

    private static Opt option(Command command, String word) {
        for (Opt o : command.options()) {
            if (o.names().contains(word)) {
                return o;
            }
        }
        return null;
    }

    private static List<Choice> values(String command, String option, Source source) {
        switch (command + " " + option) {
            case "click --button":
                return words("button", "left", "right", "middle");
            case "keypress --modifiers":
                return words("modifier", "shift", "ctrl", "alt", "meta");
            case "watch --events":
                return words("event", EVENTS.toArray(new String[0]));
            case "screenshot --scope":
                return join(words("scope", "window", "dialog"), identifiers(source, i -> true));
            default:
                return List.of();
        }
    }

    private static List<Choice> arguments(String command, int position, Source source) {
        switch (command + " " + position) {
            case "list 0":
                return join(words("scope", "window", "dialog", "sidebar"), identifiers(source, i -> true));
            case "click 0":
                return identifiers(source, Item::clickable);
            case "type 0":
                return identifiers(source, i -> TYPABLE.contains(i.role()));
            case "keypress 0":
                return words("key", KEYS.toArray(new String[0]));
            case "keypress 1":
                return identifiers(source, i -> true);
            case "wait 0": {
                List<Item> items = source.items();
                List<Choice> dialogs = new ArrayList<>();
                for (Item i : items) {
                    if ("dialog".equals(i.role()) && i.identifier().startsWith("dialog.")) {
                        dialogs.add(new Choice(i.identifier().substring("dialog.".length()), "dialog (open|closed)", i.label()));
                    }
                }
                return join(dialogs, identifiers(items, i -> true));
            }
            case "wait 1":
                return words("state", "showing", "hidden", "enabled", "disabled", "open", "closed");
            default:
                return List.of();
        }
    }

    private static List<Choice> identifiers(Source source, java.util.function.Predicate<Item> which) {
        return identifiers(source.items(), which);
    }

    private static List<Choice> identifiers(List<Item> items, java.util.function.Predicate<Item> which) {
        List<Choice> out = new ArrayList<>();
        for (Item i : items) {
            if (i.identifier() != null && which.test(i)) {
                out.add(new Choice(i.identifier(), i.role(), i.label()));
            }
        }
        return out;
    }

    private static List<Choice> words(String group, String... words) {
        return Arrays.stream(words).map(w -> new Choice(w, group, null)).toList();
    }

    private static List<Choice> join(List<Choice> a, List<Choice> b) {
        List<Choice> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }
}
