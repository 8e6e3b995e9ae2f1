package probe.testing.bench;

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
 * The benchmarks' 500-control window, laid out once for all who need it: run/bench's window in the
 * GUI's JVM and the robots' ({@code bench.window.BenchWindow}, which adds its listeners and its
 * dialog), the in-process benchmarks ({@code bench/inproc}) and the registry's unit tests. The frame
 * {@value #FRAME} has three controls on top ({@value #COUNT_BUTTON}, {@value #TEXT},
 * {@value #DIALOG_BUTTON}) and 497 buttons, check boxes, fields and labels {@code bench.grid.*} in a
 * grid of 20 columns. Build it on the event dispatch thread; it is not shown.
 *
 * <p>Swing only (no test framework): the bench.window bundle embeds this package.
 */
public final class BenchLayout {
    /** The operable controls in the window: the three on top and the grid. */
    public static final int CONTROLS = 500;
    /** The controls in the grid. */
    public static final int GRID = CONTROLS - 3;
    public static final String FRAME = "bench";
    public static final String COUNT_BUTTON = "bench.button.count";
    public static final String TEXT = "bench.input.text";
    public static final String DIALOG_BUTTON = "bench.button.dialog";

    public final JFrame frame = new JFrame(FRAME);
    public final JButton count = new JButton("count");
    public final JTextField text = new JTextField(60);
    public final JButton openDialog = new JButton("dialog");
    /** The grid's first label, {@code bench.grid.label.3}: run/bench's value-wait rows set its text. */
    public final JLabel firstLabel;

    /** The window at {@code bounds}, not shown. Call on the EDT. */
    public BenchLayout(Rectangle bounds) {
        frame.setName(FRAME);
        count.setName(COUNT_BUTTON);
        text.setName(TEXT);
        openDialog.setName(DIALOG_BUTTON);
        JPanel top = new JPanel(new FlowLayout(FlowLayout.LEFT));
        top.add(count);
        top.add(text);
        top.add(openDialog);
        JPanel cells = new JPanel(new GridLayout(0, 20));
        JLabel first = null;
        for (int i = 0; i < GRID; i++) {
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
                    if (first == null) {
                        first = l;
                    }
                    break;
            }
        }
        firstLabel = first;
        frame.getContentPane().add(top, BorderLayout.NORTH);
        frame.getContentPane().add(cells, BorderLayout.CENTER);
        frame.setBounds(bounds);
    }
}
