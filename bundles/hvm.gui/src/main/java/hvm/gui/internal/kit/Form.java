package hvm.gui.internal.kit;

import java.awt.FlowLayout;
import java.awt.GridBagConstraints;
import java.awt.GridBagLayout;
import java.awt.GridLayout;
import java.awt.Insets;
import javax.swing.JButton;
import javax.swing.JComponent;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JSpinner;

/** A two-column form (caption, field) and a right-aligned bar of equally wide buttons. */
public final class Form {
    private final JPanel panel = new JPanel(new GridBagLayout());
    private int row;

    /** Adds a captioned row; returns the caption so it can be hidden with its field. */
    public JLabel row(String caption, JComponent field) {
        JLabel label = new JLabel(caption);
        label.setLabelFor(field);
        GridBagConstraints c = constraints(0);
        c.anchor = GridBagConstraints.LINE_END;
        panel.add(label, c);
        c = constraints(1);
        // A number is short: a spinner keeps its own width instead of stretching across the form.
        c.fill = field instanceof JSpinner ? GridBagConstraints.NONE : GridBagConstraints.HORIZONTAL;
        c.weightx = 1;
        panel.add(field, c);
        row++;
        return label;
    }

    /** Adds a component across both columns. */
    public void full(JComponent component) {
        GridBagConstraints c = constraints(0);
        c.gridwidth = 2;
        c.fill = GridBagConstraints.HORIZONTAL;
        c.weightx = 1;
        panel.add(component, c);
        row++;
    }

    public JPanel panel() {
        return panel;
    }

    private GridBagConstraints constraints(int column) {
        GridBagConstraints c = new GridBagConstraints();
        c.gridx = column;
        c.gridy = row;
        c.insets = new Insets(4, column == 0 ? 0 : 8, 4, 0);
        c.anchor = GridBagConstraints.LINE_START;
        return c;
    }

    /** The buttons right-aligned, all as wide as the widest. */
    public static JPanel buttonBar(JButton... buttons) {
        JPanel equal = new JPanel(new GridLayout(1, buttons.length, 8, 0));
        for (JButton b : buttons) {
            equal.add(b);
        }
        JPanel bar = new JPanel(new FlowLayout(FlowLayout.TRAILING, 0, 0));
        bar.add(equal);
        return bar;
    }
}
