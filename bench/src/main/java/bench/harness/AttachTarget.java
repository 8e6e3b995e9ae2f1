package bench.harness;

import javax.swing.JButton;
import javax.swing.JFrame;
import javax.swing.SwingUtilities;

/**
 * A Swing application nobody named anything in, for the attach rows: one frame with one button,
 * "SHOWN" on standard output once it shows. The bench attaches the probe to it and detaches it.
 */
public final class AttachTarget {
    private AttachTarget() {
    }

    public static void main(String[] args) throws Exception {
        SwingUtilities.invokeAndWait(() -> {
            JFrame f = new JFrame("Attach target");
            f.add(new JButton("Press me"));
            f.setDefaultCloseOperation(JFrame.EXIT_ON_CLOSE);
            f.pack();
            f.setVisible(true);
        });
        System.out.println("SHOWN");
        Thread.sleep(Long.MAX_VALUE);
    }
}
