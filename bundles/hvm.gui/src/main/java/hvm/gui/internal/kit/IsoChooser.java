package hvm.gui.internal.kit;

import java.awt.BorderLayout;
import java.awt.Component;
import java.awt.Container;
import java.awt.Frame;
import java.io.File;
import java.util.Map;
import java.util.Optional;
import javax.swing.BorderFactory;
import javax.swing.JComponent;
import javax.swing.JDialog;
import javax.swing.JFileChooser;
import javax.swing.JPanel;
import javax.swing.filechooser.FileNameExtensionFilter;

/**
 * The JDK file chooser, picking an installation image, as the modal dialog {@code dialog.chooseIso}
 * owned by the main frame, its controls named by {@link AutoNames}.
 */
public final class IsoChooser {
    public static final String NAME = "chooseIso";
    private static final String SCENE = "dialog." + NAME;

    private IsoChooser() {
    }

    /** Asks for an image file, starting in {@code current}'s folder; the chosen absolute path, if any. */
    public static Optional<String> choose(Frame owner, String current) {
        JFileChooser chooser = new JFileChooser() {
            // The chooser's own dialog, but made by the kit: named, with a context, placed like the others.
            @Override
            protected JDialog createDialog(Component parent) {
                JDialog d = Kit.modal(owner, NAME, getDialogTitle(), Map.of(), this::cancelSelection);
                JPanel content = new JPanel(new BorderLayout());
                content.setBorder(BorderFactory.createLineBorder(Style.FRAME_LINE));
                content.add(this, BorderLayout.CENTER);
                d.setContentPane(content);
                AutoNames.keepNamed(this, () -> nameParts(this));
                Kit.fitAndCentre(d, owner);
                return d;
            }
        };
        chooser.setDialogTitle("Choose Installation Image");
        chooser.setFileFilter(new FileNameExtensionFilter("Disk images (*.iso, *.img)", "iso", "img"));
        if (!current.isBlank()) {
            chooser.setSelectedFile(new File(current));
        }
        int[] answer = new int[1];
        Kit.returningFocus(() -> answer[0] = chooser.showOpenDialog(owner));
        return answer[0] == JFileChooser.APPROVE_OPTION
                ? Optional.of(chooser.getSelectedFile().getAbsolutePath())
                : Optional.empty();
    }

    private static void nameParts(JFileChooser chooser) {
        AutoNames.name(chooser, SCENE);
        for (Component c : chooser.getComponents()) {
            nameContextMenus(c);
        }
    }

    // The file list's context menu (View, Refresh, New Folder) is built on first use; build it now to name it.
    private static void nameContextMenus(Component c) {
        if (c instanceof JComponent && ((JComponent) c).getComponentPopupMenu() != null) {
            AutoNames.namePopup(((JComponent) c).getComponentPopupMenu(), SCENE);
        }
        if (c instanceof Container) {
            for (Component child : ((Container) c).getComponents()) {
                nameContextMenus(child);
            }
        }
    }
}
