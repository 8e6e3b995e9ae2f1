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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import javax.imageio.ImageIO;
import javax.swing.AbstractButton;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import probe.api.wire.Wire;
import probe.client.ProbeClient;
import probe.client.ProbeOpException;

/** gui.screenshot against the real window, compared with the X server's own pixels. */
@ExtendWith(WithApp.class)
@ExtendWith(Bounded.class)
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

    /**
     * At a UI scale of 2 (a HiDPI screen) the shot has the screen's device pixels, twice the
     * window's size in Swing's units, and they are the X server's. Swing follows the scale only as
     * it starts, so this runs the debug runtime in a JVM of its own; this JVM, at scale 1, reads
     * the X server's pixels. The window is bigger than this Xvfb at that scale: what shows is compared.
     */
    @Test
    void atAUiScaleOf2TheShotHasTheScreensDevicePixels() throws Exception {
        Path tmp = Files.createTempDirectory("hdp-hidpi");
        Path socket = tmp.resolve("run").resolve("probe.sock");
        Path debug = Fixture.projectRoot().resolve("run").resolve("target").resolve("debug.jar");
        try (Proc gui = Proc.java(Map.of("HVM_HOME", tmp.resolve("library").toString(), "HVM_GUI_PROBE_SOCKET", socket.toString()),
                "-Dsun.java2d.uiScale=2", "-Dgosh.args=--nointeractive", "-Dfelix.fileinstall.dir=" + tmp.resolve("plugins"),
                "-jar", debug.toString());
                ProbeClient c = awaitClient(gui, socket)) {
            JsonNode items = c.call("gui.list", Wire.object().put("scope", "window")).get("items");
            JsonNode main = item(items, "main").get("frame");
            JsonNode button = item(items, "toolbar.button.createVM").get("frame");
            Rectangle window = new Rectangle(main.get(0).intValue(), main.get(1).intValue(), main.get(2).intValue(), main.get(3).intValue());

            Rectangle device = new Rectangle(2 * window.x, 2 * window.y, 2 * window.width, 2 * window.height);
            Rectangle shown = device.intersection(new Rectangle(java.awt.Toolkit.getDefaultToolkit().getScreenSize()));
            assertTrue(!shown.isEmpty(), "some of the window shows: " + device);
            // The other JVM may still be painting its first frame on screen: compare until it has.
            double same = 0;
            for (long deadline = System.nanoTime() + 10_000_000_000L; same <= 0.99 && System.nanoTime() < deadline;) {
                BufferedImage shot = decode(c.call("gui.screenshot"));
                assertEquals(device.width, shot.getWidth(), "device pixels across");
                assertEquals(device.height, shot.getHeight(), "device pixels down");
                same = sameAsScreen(shot.getSubimage(shown.x - device.x, shown.y - device.y, shown.width, shown.height), shown);
            }
            assertTrue(same > 0.99, "only " + same + " of the pixels match the X server's image at scale 2");

            BufferedImage control = decode(c.call("gui.screenshot", Wire.object().put("scope", "toolbar.button.createVM")));
            assertEquals(2 * button.get(2).intValue(), control.getWidth(), "a control's shot is in device pixels too");
            assertEquals(2 * button.get(3).intValue(), control.getHeight());
        }
    }

    private static ProbeClient awaitClient(Proc gui, Path socket) throws Exception {
        gui.awaitLine("HDP-GUI probe listening on " + socket);
        gui.awaitLine("HVM main window shown");
        return ProbeClient.connect(socket);
    }

    private static JsonNode item(JsonNode items, String identifier) {
        for (JsonNode i : items) {
            if (identifier.equals(i.get("identifier").textValue())) {
                return i;
            }
        }
        throw new AssertionError(identifier + " is not listed: " + items);
    }

    @Test
    void badScopesAndFormatsAreRefusedWithTheirCodes() throws Exception {
        Swing.mainFrame();
        try (ProbeClient c = Fixture.client()) {
            ProbeOpException none = assertThrows(ProbeOpException.class, () -> c.call("gui.screenshot", Wire.object().put("scope", "dialog")));
            assertEquals("gui.no_window", none.code());
            ProbeOpException missing = assertThrows(ProbeOpException.class,
                    () -> c.call("gui.screenshot", Wire.object().put("scope", "toolbar.button.createVN")));
            assertEquals("gui.identifier_not_found", missing.code());
            assertTrue(missing.details().get("nearest").toString().contains("toolbar.button.createVM"), missing.details().toString());
            ProbeOpException format = assertThrows(ProbeOpException.class, () -> c.call("gui.screenshot", Wire.object().put("format", "jpeg")));
            assertEquals("gui.invalid_args", format.code());
        }
    }
}
