package hvm.gui.internal.ui.dialog;

import hvm.gui.internal.kit.Form;
import hvm.gui.internal.kit.Kit;
import hvm.gui.internal.kit.Style;
import java.awt.Frame;
import java.nio.file.Path;
import java.util.Map;
import javax.swing.JButton;

/** {@code dialog.about}: the app's name, version and library folder. */
public final class AboutDialog extends AppDialog<Boolean> {

    private AboutDialog(Frame owner, String version, Path library) {
        super(owner, "about", "About", Map.of());
        JButton ok = Kit.button(id("button", "ok"), "OK", () -> finish(Boolean.TRUE));
        Form form = new Form();
        form.full(Style.sized(Kit.label(id("label", "title"), "HVM"), 8, true));
        form.full(Kit.label(id("label", "version"), "Version " + version));
        form.full(Style.secondary(Kit.label(id("label", "description"),
                "A manager for virtual machine records.")));
        form.full(Style.secondary(Kit.label(id("label", "library"), "Library: " + library)));
        layout(form.panel(), ok, ok);
    }

    public static void show(Frame owner, String version, Path library) {
        new AboutDialog(owner, version, library).ask();
    }
}
