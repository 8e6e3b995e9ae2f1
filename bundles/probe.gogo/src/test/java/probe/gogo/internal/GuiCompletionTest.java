package probe.gogo.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** What Tab offers after each gui:* command and option (the pure part; JLine shows it). */
class GuiCompletionTest {
    private static final List<GuiCompletion.Item> ITEMS = List.of(
            new GuiCompletion.Item("main", "window", "HVM", false),
            new GuiCompletion.Item("toolbar.button.createVM", "button", "New VM", true),
            new GuiCompletion.Item("detail.button.start", "button", "Start", false),
            new GuiCompletion.Item("dialog.createVM", "dialog", "Create Virtual Machine", false),
            new GuiCompletion.Item("dialog.createVM.input.name", "input", "Name", true),
            new GuiCompletion.Item("dialog.createVM.input.password", "password", "Password", true),
            new GuiCompletion.Item(null, "button", "unnamed", true));

    private static List<String> offered(String... before) {
        return GuiCompletion.choices(List.of(before), () -> ITEMS).stream().map(GuiCompletion.Choice::value).collect(Collectors.toList());
    }

    @Test
    void everyCommandWithItsOptions() {
        List<GuiCompletion.Command> commands = GuiCompletion.commands();
        // A verb added to GuiCommands is completed too, with its options, without more code.
        assertTrue(commands.stream().map(GuiCompletion.Command::name).collect(Collectors.toList())
                .containsAll(List.of("audit", "click", "dialog", "hello", "keypress", "list", "screenshot", "type", "wait", "watch")));
        GuiCompletion.Command click = commands.stream().filter(c -> c.name().equals("click")).findFirst().orElseThrow();
        assertEquals("click a control the way a person would: press and release at its centre", click.description());
        assertTrue(click.options().contains(new GuiCompletion.Opt(List.of("-b", "--button"), "the mouse button: left (default), right or middle", true)),
                click.options().toString());
        assertTrue(click.options().contains(new GuiCompletion.Opt(List.of("-d", "--double"), "a double click", false)), click.options().toString());
    }

    @Test
    void argumentsByPosition() {
        assertEquals(List.of("toolbar.button.createVM", "dialog.createVM.input.name", "dialog.createVM.input.password"), offered("gui:click"),
                "what a person could click now");
        assertEquals(List.of("dialog.createVM.input.name", "dialog.createVM.input.password"), offered("type", "-r"), "what takes text");
        assertTrue(offered("gui:keypress").containsAll(List.of("return", "esc", "f12")));
        assertTrue(offered("gui:keypress", "esc").contains("detail.button.start"), "then the control to focus");
        assertEquals("createVM", offered("gui:wait").get(0), "an open dialog by its name first");
        assertTrue(offered("gui:wait").contains("detail.button.start"));
        assertEquals(List.of("showing", "hidden", "enabled", "disabled", "open", "closed"), offered("gui:wait", "-t", "100", "createVM"));
        assertEquals(List.of("window", "dialog", "sidebar", "main"), offered("gui:list", "-j").subList(0, 4));
        assertEquals(List.of(), offered("gui:click", "toolbar.button.createVM"), "one argument only");
        assertEquals(List.of(), offered("gui:frobnicate"));
    }

    @Test
    void optionValues() {
        assertEquals(List.of("left", "right", "middle"), offered("gui:click", "--button"));
        assertEquals(List.of("shift", "ctrl", "alt", "meta"), offered("gui:keypress", "-m"));
        assertTrue(offered("gui:watch", "-e").containsAll(List.of("*", "dialog.*", "vm.state")));
        assertEquals(List.of("window", "dialog", "main"), offered("gui:screenshot", "-s").subList(0, 3));
        assertFalse(offered("gui:click", "-d").contains("left"), "a flag takes no value: the identifier comes next");
    }
}
