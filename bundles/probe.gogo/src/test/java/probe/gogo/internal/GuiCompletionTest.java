package probe.gogo.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.URL;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import probe.api.OpDescription;

/** What Tab offers after each gui:* command and option (the pure part; JLine shows it), from the ops' descriptions. */
class GuiCompletionTest {
    private static final List<GuiCompletion.Item> ITEMS = List.of(
            new GuiCompletion.Item("main", "window", "HVM", false),
            new GuiCompletion.Item("toolbar.button.createVM", "button", "New VM", true),
            new GuiCompletion.Item("detail.button.start", "button", "Start", false),
            new GuiCompletion.Item("dialog.createVM", "dialog", "Create Virtual Machine", false),
            new GuiCompletion.Item("dialog.createVM.input.name", "input", "Name", true),
            new GuiCompletion.Item("dialog.createVM.input.password", "password", "Password", true),
            new GuiCompletion.Item(null, "button", "unnamed", true));

    /** The contract's ops present, each described as its bundle declares it. */
    private static final GuiCompletion COMPLETION = new GuiCompletion(new GuiCompletion.Catalog() {
        @Override
        public SortedMap<String, OpDescription> commands() {
            SortedMap<String, OpDescription> m = new TreeMap<>();
            for (String op : List.of("gui.list", "gui.click", "gui.type", "gui.keypress", "gui.wait", "gui.screenshot", "gui.audit")) {
                URL u = GuiCommandsTest.description(op);
                try (InputStream in = u.openStream()) {
                    OpDescription d = OpDescription.read(in);
                    m.put(d.verb(), d);
                } catch (Exception e) {
                    throw new AssertionError(op, e);
                }
            }
            return m;
        }

        @Override
        public List<GuiCompletion.Item> items() {
            return ITEMS;
        }
    });

    private static List<String> offered(String... before) {
        return COMPLETION.choices(List.of(before)).stream().map(GuiCompletion.Choice::value).collect(Collectors.toList());
    }

    @Test
    void everyCommandWithTheOptionsOfItsDescription() {
        List<GuiCompletion.Command> commands = COMPLETION.commands();
        assertEquals(List.of("hello", "watch", "audit", "click", "keypress", "list", "screenshot", "type", "wait"),
                commands.stream().map(GuiCompletion.Command::name).collect(Collectors.toList()));
        GuiCompletion.Command click = commands.stream().filter(c -> c.name().equals("click")).findFirst().orElseThrow();
        assertEquals("Click a control", click.description());
        assertTrue(click.options().contains(new GuiCompletion.Opt(List.of("--button"), "the mouse button; one of left, right, middle; default left",
                true)), click.options().toString());
        assertTrue(click.options().stream().anyMatch(o -> o.names().equals(List.of("--no-effects")) && !o.takesValue()), click.options().toString());
        assertTrue(click.options().stream().anyMatch(o -> o.names().equals(List.of("-j", "--json"))));
        GuiCompletion.Command type = commands.stream().filter(c -> c.name().equals("type")).findFirst().orElseThrow();
        assertTrue(type.options().stream().anyMatch(o -> o.names().equals(List.of("--text-stdin"))), type.options().toString());
        assertTrue(type.options().stream().anyMatch(o -> o.names().equals(List.of("--prompt", "-p"))), type.options().toString());
    }

    @Test
    void argumentsByPositionInTheShorthand() {
        assertEquals(List.of("toolbar.button.createVM", "dialog.createVM.input.name", "dialog.createVM.input.password"), offered("gui:click"),
                "what a person could click now");
        assertEquals(List.of("dialog.createVM.input.name", "dialog.createVM.input.password"), offered("type", "--replace"), "what takes text");
        assertTrue(offered("gui:keypress").containsAll(List.of("return", "esc", "f12")));
        assertTrue(offered("gui:keypress", "esc").contains("detail.button.start"), "then the control to focus");
        assertTrue(offered("gui:wait").contains("detail.button.start"));
        assertEquals(List.of("showing", "hidden", "enabled", "disabled", "open", "closed", "idle"),
                offered("gui:wait", "--timeout-ms", "100", "createVM"));
        assertEquals(List.of("window", "dialog", "main", "toolbar", "detail", "toolbar.button.createVM"), offered("gui:list", "-j").subList(0, 6),
                "the scenes showing now, then the identifiers");
        assertEquals(List.of(), offered("gui:click", "toolbar.button.createVM"), "one argument only");
        assertEquals(List.of(), offered("gui:click", "--identifier", "toolbar.button.createVM"), "given as an option");
        assertEquals(List.of(), offered("gui:audit"));
        assertEquals(List.of(), offered("gui:frobnicate"));
    }

    @Test
    void optionValues() {
        assertEquals(List.of("left", "right", "middle"), offered("gui:click", "--button"));
        assertTrue(offered("gui:click", "--identifier").contains("toolbar.button.createVM"));
        assertEquals(List.of("shift", "ctrl", "alt", "meta"), offered("gui:keypress", "--modifiers"));
        assertTrue(offered("gui:watch", "-e").containsAll(List.of("*", "dialog.*", "window.*")) && !offered("gui:watch", "-e").contains("vm.state"), "the probe's own events, no application's");
        assertEquals(List.of("window", "dialog", "main", "toolbar"), offered("gui:screenshot", "--scope").subList(0, 4));
        assertEquals(List.of("createVM"), offered("gui:wait", "--dialog"));
        assertFalse(offered("gui:click", "--no-effects").contains("left"), "a flag takes no value: the identifier comes next");
        assertTrue(offered("gui:click", "--no-effects").contains("toolbar.button.createVM"));
        assertEquals(List.of(), offered("gui:screenshot"), "a file name: the line editor's own");
    }
}
