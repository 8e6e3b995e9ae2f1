package probe.cli.internal;

import picocli.CommandLine.Command;

/**
 * {@code hvm-dbg gui VERB}: the GUI verbs. A new verb is one class extending {@link ProbeCommand},
 * listed here.
 */
@Command(name = "gui", description = "Look at and operate the GUI.",
        subcommands = {GuiList.class, GuiDialog.class, GuiAudit.class, GuiClick.class, GuiType.class, GuiKeypress.class,
            GuiWait.class, GuiWatch.class, GuiScreenshot.class, GuiSelect.class, GuiHover.class, GuiScroll.class})
final class GuiCommand {
}
