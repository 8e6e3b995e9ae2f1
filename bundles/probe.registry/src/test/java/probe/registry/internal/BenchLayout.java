package probe.registry.internal;

import java.awt.BorderLayout;
import java.awt.FlowLayout;
import java.awt.GridLayout;
import java.awt.Rectangle;
import javax.swing.JButton;
import javax.swing.JCheckBox;
import javax.swing.JFrame;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JTextField;

/**
 * The benchmark's 500-control window, for the registry's timing and covering tests. A copy of the
 * layout of bench/src/main/java/bench/window/BenchWindow.java, which this bundle cannot depend on:
 * when that window changes, this follows.
 */
final class BenchLayout {

    private BenchLayout() {
    }

    /**
     * The layout of the benchmark's window (bench/src/main/java/bench/window/BenchWindow.java): the
     * frame {@code bench} with three controls on top and 497 buttons, check boxes, fields and labels
     * in a grid of 20 columns. Call on the EDT; shows it.
     */
    static JFrame benchWindow(Rectangle bounds) {
        JFrame frame = new JFrame("bench");
        frame.setName("bench");
        JButton count = new JButton("count");
        count.setName("bench.button.count");
        JTextField text = new JTextField(60);
        text.setName("bench.input.text");
        JButton dialog = new JButton("dialog");
        dialog.setName("bench.button.dialog");
        JPanel top = new JPanel(new FlowLayout(FlowLayout.LEFT));
        top.add(count);
        top.add(text);
        top.add(dialog);
        JPanel cells = new JPanel(new GridLayout(0, 20));
        for (int i = 0; i < 497; i++) {
            switch (i % 4) {
                case 0:
                    JButton b = new JButton("b" + i);
                    b.setName("bench.grid.button." + i);
                    cells.add(b);
                    break;
                case 1:
                    JCheckBox c = new JCheckBox("t" + i);
                    c.setName("bench.grid.toggle." + i);
                    cells.add(c);
                    break;
                case 2:
                    JTextField f = new JTextField("f" + i);
                    f.setName("bench.grid.input." + i);
                    cells.add(f);
                    break;
                default:
                    JLabel l = new JLabel("l" + i);
                    l.setName("bench.grid.label." + i);
                    cells.add(l);
                    break;
            }
        }
        frame.getContentPane().add(top, BorderLayout.NORTH);
        frame.getContentPane().add(cells, BorderLayout.CENTER);
        frame.setBounds(bounds);
        frame.setVisible(true);
        return frame;
    }
}
