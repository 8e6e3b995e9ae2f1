package probe.gogo.internal;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.function.Predicate;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.CommandSessionListener;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Reference;
import probe.api.OpDescription;
import probe.api.OpDescription.Arg;
import probe.api.Ops.Verbs;
import probe.client.line.OpOptions;

/**
 * Tab completion of the gui:* commands in gogo.jline's console, from the ops' descriptions as
 * {@link OpOptions#complete} reads them: each command's options with their help, the choices of an
 * option that has some ({@code --button left|right|middle}), and the identifiers of the controls
 * showing now, grouped by role, for an argument that names a control (after {@code --identifier},
 * or at its place in the verb's shorthand: {@code gui:click dialog.cr<Tab>}).
 *
 * <p>gogo.jline completes a command's arguments from the completion table in its session (what
 * its {@code complete} command edits). This listener brings the gui:* entries up to date before
 * each thing a console session runs (its profile first), so a command that came with its op since
 * is completed from the next line on; a session without that table (another shell, a script
 * without a console) is left alone. The table itself is written by {@link Jline}; what to offer for
 * a word is decided here, without JLine, so that it can be tested as it is.
 */
@Component(configurationPolicy = ConfigurationPolicy.IGNORE, service = CommandSessionListener.class)
public final class GuiCompletion implements CommandSessionListener {
    static final String SCOPE = GuiCommands.SCOPE;

    /** An option of a command: its names, what it means, whether a value follows it. */
    record Opt(List<String> names, String description, boolean takesValue) {
    }

    /** A command with its description and options. */
    record Command(String name, String description, List<Opt> options) {
    }

    /** One thing to offer: the word, the group it is listed under (a role), a description (a label). */
    record Choice(String value, String group, String description) {
    }

    /** A control showing now, as gui.list reports it. */
    record Item(String identifier, String role, String label, boolean clickable) {
    }

    /** What is there to complete: the op commands present now, and the controls showing now (from gui.list, in-process). */
    interface Catalog {
        SortedMap<String, OpDescription> commands();

        List<Item> items();
    }

    private static final List<String> KEYS = List.of("return", "esc", "tab", "space", "backspace", "delete", "up", "down", "left",
            "right", "home", "end", "pageup", "pagedown", "f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8", "f9", "f10", "f11", "f12");
    private static final List<String> EVENTS = List.of("*", "dialog.*", "dialog.opened", "dialog.closed",
            "error", "window.*", "focus.changed", "edt.*", "events.lost");
    private static final List<String> TYPABLE = List.of("input", "password", "combo", "spinner");
    private static final Opt JSON = new Opt(Line.JSON, "print the op's data as JSON instead of text", false);

    private final Catalog catalog;

    @Activate
    public GuiCompletion(@Reference GuiCommands commands) {
        this(new Catalog() {
            @Override
            public SortedMap<String, OpDescription> commands() {
                return commands.commands();
            }

            @Override
            public List<Item> items() {
                return commands.completionItems();
            }
        });
    }

    GuiCompletion(Catalog catalog) {
        this.catalog = catalog;
    }

    @Override
    public void beforeExecute(CommandSession session, CharSequence command) {
        if (session.get(Jline.COMPLETIONS) == null) {
            return;
        }
        try {
            // Before the first line is read: the line editor's terminal must have a width (a pipe's
            // has none) for anything to work at all.
            Jline.sizeIfNone(session);
            Jline.installCompletion(session, this);
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

    /** The gui:* commands now: gui:hello, gui:watch, and one per op present, with its options. */
    List<Command> commands() {
        List<Command> out = new ArrayList<>();
        out.add(new Command(Verbs.HELLO, "show the protocol and the ops this shell can call now", List.of(JSON)));
        out.add(new Command(Verbs.WATCH, "print the GUI's events as they come, until Enter, --timeout, COUNT events or an interrupt",
                List.of(JSON, new Opt(List.of("-e", "--events"), "event name patterns, comma separated (dialog.*,window.*); default all",
                        true), new Opt(List.of("-t", "--timeout"), "stop after this many seconds in all (default: no limit)", true))));
        for (Map.Entry<String, OpDescription> e : catalog.commands().entrySet()) {
            OpDescription d = e.getValue();
            List<Opt> options = new ArrayList<>();
            options.add(JSON);
            for (String spelt : OpOptions.complete(d, List.of(), "")) {
                Optional<Arg> a = arg(d, spelt);
                options.add(new Opt(List.of(spelt), a.map(OpOptions::explain).orElse(null),
                        a.isPresent() && a.get().type() != OpDescription.Type.BOOLEAN && !spelt.endsWith(OpOptions.STDIN)));
            }
            if (!GuiCommands.prompt(d).isEmpty()) {
                options.add(new Opt(GuiCommands.prompt(d).keySet().stream().sorted().toList(),
                        "ask for " + GuiCommands.prompt(d).get("-p") + " on the console (not shown on a terminal, never in the history)",
                        false));
            }
            options.add(new Opt(Line.HELP, "the command's usage", false));
            String said = d.title() != null ? d.title() : d.summary() != null ? d.summary() : d.op();
            out.add(new Command(e.getKey(), said, options));
        }
        return out;
    }

    /** The argument an option spelling stands for: {@code --identifier}, {@code --no-effects}, {@code --text-stdin}. */
    private static Optional<Arg> arg(OpDescription d, String spelt) {
        for (Arg a : d.args()) {
            String o = a.optionName();
            if (spelt.equals(o) || spelt.equals("--no-" + o.substring(2)) || spelt.equals(o + OpOptions.STDIN)) {
                return Optional.of(a);
            }
        }
        return Optional.empty();
    }

    /**
     * What to offer for the next word after {@code before} (the command and the words before the
     * cursor): the values of the option just given, or of the argument at that place of the verb's
     * shorthand. The line editor keeps those that start with what is typed.
     */
    List<Choice> choices(List<String> before) {
        String name = before.get(0);
        name = name.startsWith(SCOPE + ":") ? name.substring(SCOPE.length() + 1) : name;
        List<String> words = before.subList(1, before.size());
        String last = words.isEmpty() ? null : words.get(words.size() - 1);
        if (name.equals(Verbs.WATCH)) {
            return "-e".equals(last) || "--events".equals(last) ? words("event", EVENTS) : List.of();
        }
        OpDescription d = catalog.commands().get(name);
        if (d == null || d.open()) {
            return List.of();
        }
        Map<String, String> aliases = GuiCommands.prompt(d);
        if (last != null && Line.takesValue(d, aliases.getOrDefault(last, last))) {
            return values(name, d, Line.arg(d, last).orElseThrow());
        }
        Line line = Line.split(d, words, aliases);
        int position = line.bare.size();
        List<String> shorthand = d.positional();
        List<String> free = shorthand.stream().filter(n -> d.arg(n).isPresent() && !line.gives(d, n)).toList();
        return position < free.size() ? values(name, d, d.arg(free.get(position)).orElseThrow()) : List.of();
    }

    /** The values an argument may take: its choices, else, for one that names something, what is there now. */
    private List<Choice> values(String verb, OpDescription d, Arg a) {
        List<String> choices = OpOptions.complete(d, List.of(a.optionName()), "");
        if (!choices.isEmpty()) {
            return words(a.name(), choices);
        }
        switch (a.name()) {
            case "identifier":
                // By what the op takes and does, never by its name: an op that takes a text is offered what
                // takes text; one that acts on the control it requires, what a hand can reach; otherwise (a
                // look, a control to focus first) everything.
                return identifiers(catalog.items(), d.arg("text").isPresent() ? i -> TYPABLE.contains(i.role())
                        : d.acts() && a.required() ? Item::clickable : i -> true);
            case "dialog":
                return dialogs(catalog.items());
            case "scope":
                return scopes(catalog.items());
            case "key":
                return words("key", KEYS);
            default:
                return List.of();
        }
    }

    /**
     * A scope: the words every application has ({@code window}, {@code dialog}), the scenes showing
     * now (the first segment of an identifier, which names what starts with it: HVM's
     * {@code sidebar}, a derived window's scene), then the identifiers.
     */
    private static List<Choice> scopes(List<Item> items) {
        LinkedHashSet<String> scenes = new LinkedHashSet<>(List.of("window", "dialog"));
        for (Item i : items) {
            if (i.identifier() != null) {
                int dot = i.identifier().indexOf('.');
                scenes.add(dot < 0 ? i.identifier() : i.identifier().substring(0, dot));
            }
        }
        return join(words("scope", List.copyOf(scenes)), identifiers(items, i -> !scenes.contains(i.identifier())));
    }

    private static List<Choice> dialogs(List<Item> items) {
        List<Choice> out = new ArrayList<>();
        for (Item i : items) {
            if ("dialog".equals(i.role()) && i.identifier() != null && i.identifier().startsWith("dialog.")) {
                out.add(new Choice(i.identifier().substring("dialog.".length()), "dialog", i.label()));
            }
        }
        return out;
    }

    private static List<Choice> identifiers(List<Item> items, Predicate<Item> which) {
        List<Choice> out = new ArrayList<>();
        for (Item i : items) {
            if (i.identifier() != null && which.test(i)) {
                out.add(new Choice(i.identifier(), i.role(), i.label()));
            }
        }
        return out;
    }

    private static List<Choice> words(String group, List<String> words) {
        return words.stream().map(w -> new Choice(w, group, null)).toList();
    }

    private static List<Choice> join(List<Choice> a, List<Choice> b) {
        List<Choice> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }
}
