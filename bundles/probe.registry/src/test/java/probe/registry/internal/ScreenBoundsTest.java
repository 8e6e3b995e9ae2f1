package probe.registry.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.awt.GraphicsConfiguration;
import java.awt.GraphicsDevice;
import java.awt.Rectangle;
import java.awt.geom.AffineTransform;
import java.awt.image.ColorModel;
import java.util.concurrent.atomic.AtomicInteger;
import javax.swing.JButton;
import javax.swing.JFrame;
import javax.swing.JPanel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import probe.testing.Gui;

/**
 * A listing asks each screen for its bounds once, never once per item: on some JDKs (Debian's
 * OpenJDK 17.0.15) {@code GraphicsConfiguration.getBounds()} is a round trip to the X server, and
 * asked per item it made the 500-control listing ten times slower (docs/BENCHMARKS.md).
 */
class ScreenBoundsTest {
    @AfterEach
    void close() throws Exception {
        Gui.disposeAll();
    }

    /** The window's real configuration, counting how often a listing asks for the screen's bounds. */
    private static final class Counting extends GraphicsConfiguration {
        final GraphicsConfiguration real;
        final AtomicInteger bounds = new AtomicInteger();

        Counting(GraphicsConfiguration real) {
            this.real = real;
        }

        @Override
        public GraphicsDevice getDevice() {
            return real.getDevice();
        }

        @Override
        public ColorModel getColorModel() {
            return real.getColorModel();
        }

        @Override
        public ColorModel getColorModel(int transparency) {
            return real.getColorModel(transparency);
        }

        @Override
        public AffineTransform getDefaultTransform() {
            return real.getDefaultTransform();
        }

        @Override
        public AffineTransform getNormalizingTransform() {
            return real.getNormalizingTransform();
        }

        @Override
        public Rectangle getBounds() {
            bounds.incrementAndGet();
            return real.getBounds();
        }
    }

    @Test
    void aListingAsksTheScreenForItsBoundsOnce() throws Exception {
        Gui.assumeDisplay();
        SwingViewRegistry registry = new SwingViewRegistry();
        Counting[] gc = new Counting[1];
        // Only while the registry lists: AWT's own peer code needs the real configuration.
        boolean[] listing = new boolean[1];
        Gui.run(() -> {
            JFrame f = new JFrame() {
                private static final long serialVersionUID = 1L;

                @Override
                public GraphicsConfiguration getGraphicsConfiguration() {
                    GraphicsConfiguration real = super.getGraphicsConfiguration();
                    if (!listing[0] || real == null) {
                        return real;
                    }
                    if (gc[0] == null) {
                        gc[0] = new Counting(real);
                    }
                    return gc[0];
                }
            };
            f.setName("bounds");
            JPanel p = new JPanel();
            for (int i = 0; i < 40; i++) {
                JButton b = new JButton("b" + i);
                b.setName("bounds.button.b" + i);
                p.add(b);
            }
            f.setContentPane(p);
            f.setBounds(10, 10, 900, 400);
            f.setVisible(true);
        });
        Gui.settle();
        int items = Gui.edt(() -> {
            listing[0] = true;
            try {
                return registry.list("bounds").size();
            } finally {
                listing[0] = false;
            }
        });
        assertEquals(41, items, "the frame and its 40 buttons");
        assertEquals(1, gc[0].bounds.get(), "getBounds() calls for one listing of " + items + " items");
    }
}
