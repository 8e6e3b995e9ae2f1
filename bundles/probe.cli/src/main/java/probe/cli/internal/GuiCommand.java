package probe.cli.internal;

import picocli.CommandLine.Command;

/**
 * {@code hvm-dbg gui VERB}: the GUI verbs. A new verb is one class extending {@link ProbeCommand},
 * listed here, named by its op's verb in {@link probe.api.Ops.Verbs} (ContractTest checks that every
 * op of the contract has one, and that {@link FastPath} takes it or says why not).
 */
@Command(name = GuiCommand.NAME, description = "Look at and operate the GUI.",
        subcommands = {GuiList.class, GuiDialog.class, GuiAudit.class, GuiClick.class, GuiType.class, GuiKeypress.class,
            GuiWait.class, GuiWatch.class, GuiScreenshot.class, GuiSelect.class, GuiHover.class, GuiScroll.class})
final class GuiCommand {
    static final String NAME = "gui";
}
