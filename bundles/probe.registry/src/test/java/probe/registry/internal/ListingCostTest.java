package probe.registry.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.awt.Component;
import java.util.concurrent.atomic.AtomicInteger;
import javax.swing.JButton;
import javax.swing.JFrame;
import javax.swing.JLabel;
import javax.swing.JPanel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import probe.testing.Gui;

/**
 * What a listing costs grows with its items, not with their square: a label (which takes no press,
 * so its chain proves nothing) in a grid of many controls has what a press there meets named
 * without asking the grid's children again, as the bench window's 500-control grid has it.
 */
class ListingCostTest {
    private static final int LABELS = 120;

    @AfterEach
    void close() throws Exception {
        Gui.disposeAll();
    }

    /** A grid that counts how often its children are asked for. */
    private static final class CountingPanel extends JPanel {
        final AtomicInteger asked = new AtomicInteger();

        CountingPanel() {
            super(null);
        }

        @Override
        public Component[] getComponents() {
            asked.incrementAndGet();
            return super.getComponents();
        }
    }

    @Test
    void labelsInALargeGridDoNotEachSearchTheGrid() throws Exception {
        Gui.assumeDisplay();
        SwingViewRegistry registry = new SwingViewRegistry();
        CountingPanel[] grid = new CountingPanel[1];
        Gui.run(() -> {
            JFrame f = new JFrame("cost");
            f.setName("cost");
            grid[0] = new CountingPanel();
            grid[0].setName("cost.grid");
            for (int i = 0; i < LABELS; i++) {
                int x = (i % 12) * 90;
                int y = (i / 12) * 60;
                JButton b = new JButton("b" + i);
                b.setName("cost.button." + i);
                b.setBounds(x, y, 40, 25);
                grid[0].add(b);
                JLabel l = new JLabel("l" + i);
                l.setName("cost.label." + i);
                l.setBounds(x + 45, y, 40, 25);
                grid[0].add(l);
            }
            f.setContentPane(grid[0]);
            f.setBounds(0, 0, 1100, 700);
            f.setVisible(true);
        });
        Gui.settle();
        grid[0].asked.set(0);
        ArrayNode items = Gui.edt(() -> registry.list("cost"));
        int asked = grid[0].asked.get();
        int labels = 0;
        for (JsonNode item : items) {
            if (item.path("identifier").asText().startsWith("cost.label.")) {
                labels++;
                assertEquals("it takes no mouse input: a press there reaches no control", item.path("reason").asText(), item.toString());
            }
        }
        assertEquals(LABELS, labels, "every label listed");
        // The walk asks once, the sibling test a few times before it knows the grid's children do
        // not overlap, and once to learn it; a search of the grid per label asks once per label more.
        assertTrue(asked < 20, "the grid's children were asked for " + asked + " times for " + LABELS + " labels");
    }
}
