package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.awt.Component;
import java.awt.Rectangle;
import java.awt.Robot;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.Base64;
import javax.imageio.ImageIO;
import javax.swing.AbstractButton;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import probe.api.wire.Wire;
import probe.cli.client.ProbeClient;
import probe.cli.client.ProbeError;

/** gui.screenshot against the real window, compared with the X server's own pixels. */
@ExtendWith(WithApp.class)
class ScreenshotIT {

    static BufferedImage decode(JsonNode data) throws Exception {
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode(data.get("png_base64").textValue())));
        assertNotNull(img, "png_base64 decodes as a PNG");
        assertEquals(data.get("width").intValue(), img.getWidth());
        assertEquals(data.get("height").intValue(), img.getHeight());
        return img;
    }

    /** The share of pixels of {@code shot} equal to the X server's pixels in {@code screen}. */
    static double sameAsScreen(BufferedImage shot, Rectangle screen) throws Exception {
        Swing.settle();
        BufferedImage x = new Robot().createScreenCapture(screen);
        long same = 0;
        for (int y = 0; y < shot.getHeight(); y++) {
            for (int i = 0; i < shot.getWidth(); i++) {
                if ((shot.getRGB(i, y) & 0xffffff) == (x.getRGB(i, y) & 0xffffff)) {
                    same++;
                }
            }
        }
        return (double) same / ((long) shot.getWidth() * shot.getHeight());
    }

    @Test
    void theMainWindowAsTheXServerShowsIt() throws Exception {
        Rectangle main = Swing.screenBounds(Swing.mainFrame());
        Swing.settle();
        try (ProbeClient c = Fixture.client()) {
            BufferedImage shot = decode(c.call("gui.screenshot", Wire.object().put("format", "png")));
            assertEquals(main.width, shot.getWidth());
            assertEquals(main.height, shot.getHeight());
            double same = sameAsScreen(shot, main);
            assertTrue(same > 0.99, "only " + same + " of the pixels match the X server's image");
        }
    }

    @Test
    void anOpenDialogIsCompositedOverTheMainWindowAndCanBeShotAlone() throws Exception {
        Rectangle main = Swing.screenBounds(Swing.mainFrame());
        AbstractButton create = (AbstractButton) Swing.named("toolbar.button.createVM");
        assertNotNull(create, "the toolbar's Create VM button");
        // The app's own code opens the modal dialog; invokeLater, since doClick blocks until it closes.
        java.awt.EventQueue.invokeLater(create::doClick);
        Fixture.await("the createVM dialog", () -> {
            try {
                return Swing.named("dialog.createVM") != null;
            } catch (Exception e) {
                return false;
            }
        });
        Component dialog = Swing.named("dialog.createVM");
        Rectangle d = Swing.screenBounds(dialog);
        Swing.settle();
        try (ProbeClient c = Fixture.client()) {
            JsonNode window = c.call("gui.screenshot");
            BufferedImage shot = decode(window);
            assertTrue(TransportIT.contains(window.get("windows"), "dialog.createVM"), window.get("windows").toString());
            double same = sameAsScreen(shot, main);
            assertTrue(same > 0.99, "only " + same + " of the pixels match the X server's image with the dialog open");

            BufferedImage alone = decode(c.call("gui.screenshot", Wire.object().put("scope", "dialog")));
            assertEquals(d.width, alone.getWidth());
            assertEquals(d.height, alone.getHeight());
            assertTrue(sameAsScreen(alone, d) > 0.99);

            Component button = Swing.named("dialog.createVM.button.cancel");
            assertNotNull(button, "the createVM dialog's Cancel button");
            Rectangle b = Swing.screenBounds(button);
            BufferedImage control = decode(c.call("gui.screenshot", Wire.object().put("scope", "dialog.createVM.button.cancel")));
            assertEquals(b.width, control.getWidth());
            assertEquals(b.height, control.getHeight());
            assertTrue(sameAsScreen(control, b) > 0.99);
        }
    }

    @Test
    void badScopesAndFormatsAreRefusedWithTheirCodes() throws Exception {
        Swing.mainFrame();
        try (ProbeClient c = Fixture.client()) {
            ProbeError none = assertThrows(ProbeError.class, () -> c.call("gui.screenshot", Wire.object().put("scope", "dialog")));
            assertEquals("gui.no_window", none.code());
            ProbeError missing = assertThrows(ProbeError.class,
                    () -> c.call("gui.screenshot", Wire.object().put("scope", "toolbar.button.createVN")));
            assertEquals("gui.identifier_not_found", missing.code());
            assertTrue(missing.details().get("nearest").toString().contains("toolbar.button.createVM"), missing.details().toString());
            ProbeError format = assertThrows(ProbeError.class, () -> c.call("gui.screenshot", Wire.object().put("format", "jpeg")));
            assertEquals("gui.invalid_args", format.code());
        }
    }
}
