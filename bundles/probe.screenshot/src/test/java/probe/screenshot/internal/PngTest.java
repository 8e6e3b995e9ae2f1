package probe.screenshot.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.zip.Adler32;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** The PNG writer, checked by decoding its output with ImageIO and by reading its chunks and zlib stream. */
class PngTest {
    private static final ExecutorService POOL = Executors.newFixedThreadPool(3);

    @AfterAll
    static void stopPool() {
        POOL.shutdownNow();
    }

    @Test
    void onePixel() throws Exception {
        BufferedImage img = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB);
        img.setRGB(0, 0, 0x123456);
        assertRoundTrip(img, 1);
        assertRoundTrip(img, 4);
    }

    @Test
    void oddSizesAndNoise() throws Exception {
        for (int[] size : new int[][] {{1, 7}, {7, 1}, {3, 200}, {333, 129}, {641, 401}}) {
            BufferedImage img = noise(size[0], size[1], BufferedImage.TYPE_INT_RGB, 42);
            for (int strips : new int[] {1, 2, 3, 7}) {
                assertRoundTrip(img, strips);
            }
        }
    }

    @Test
    void aScreenSizedGuiLikeImageInParallelStrips() throws Exception {
        BufferedImage img = gui(1280, 800, BufferedImage.TYPE_INT_RGB);
        byte[] one = assertRoundTrip(img, 1);
        byte[] two = assertRoundTrip(img, 2);
        // Flat colour must still compress well when the strips do not share a window.
        assertTrue(two.length < one.length * 1.1, one.length + " bytes in one strip, " + two.length + " in two");
        assertTrue(one.length < 1280 * 800 * 3 / 20, "a GUI-like image compresses at least 20x: " + one.length);
    }

    @Test
    void aBigIncompressibleImageOutgrowsTheFirstGuessOfItsSize() throws Exception {
        assertRoundTrip(noise(2000, 1500, BufferedImage.TYPE_INT_RGB, 7), 3);
    }

    @Test
    void alphaIsKeptAsRgba() throws Exception {
        BufferedImage img = noise(97, 131, BufferedImage.TYPE_INT_ARGB, 3);
        byte[] png = assertRoundTrip(img, 2);
        assertEquals(6, png[25], "colour type RGBA");
        assertEquals(2, Png.encode(gui(10, 10, BufferedImage.TYPE_INT_RGB))[25], "colour type RGB without alpha");
    }

    @Test
    void otherImageTypesGoThroughGetRgb() throws Exception {
        for (int type : new int[] {BufferedImage.TYPE_3BYTE_BGR, BufferedImage.TYPE_INT_BGR, BufferedImage.TYPE_USHORT_565_RGB,
                BufferedImage.TYPE_INT_ARGB_PRE, BufferedImage.TYPE_4BYTE_ABGR, BufferedImage.TYPE_BYTE_GRAY}) {
            assertRoundTrip(gui(300, 170, type), 2);
        }
    }

    @Test
    void aSubimageIsReadFromInsideItsParentsArray() throws Exception {
        BufferedImage parent = noise(300, 300, BufferedImage.TYPE_INT_RGB, 11);
        assertRoundTrip(parent.getSubimage(17, 23, 201, 150), 2);
    }

    @Test
    void aRefusingExecutorLeavesTheWorkToTheCaller() throws Exception {
        ExecutorService closed = Executors.newSingleThreadExecutor();
        closed.shutdown();
        BufferedImage img = noise(200, 300, BufferedImage.TYPE_INT_RGB, 5);
        assertPixelsEqual(img, decode(Png.encode(img, closed, 3)));
    }

    @Test
    void adler32CombinesLikeZlib() {
        Random r = new Random(1);
        for (int n = 0; n < 50; n++) {
            byte[] a = new byte[r.nextInt(100_000)];
            byte[] b = new byte[r.nextInt(100_000)];
            r.nextBytes(a);
            r.nextBytes(b);
            // Long runs of 0xff drive the sums towards the modulus.
            java.util.Arrays.fill(b, 0, b.length / 2, (byte) 0xff);
            Adler32 whole = new Adler32();
            whole.update(a);
            whole.update(b);
            assertEquals(whole.getValue(), Png.combine(adler(a), adler(b), b.length));
        }
    }

    /** Encodes, then checks the file's structure, its zlib stream and its pixels; returns the PNG. */
    private static byte[] assertRoundTrip(BufferedImage img, int strips) throws Exception {
        byte[] png = Png.encode(img, POOL, strips);
        String what = img.getWidth() + "x" + img.getHeight() + " type " + img.getType() + " in " + strips + " strips";
        int channels = img.getColorModel().hasAlpha() ? 4 : 3;
        assertEquals((long) img.getHeight() * (1 + img.getWidth() * channels), inflatedLength(png), what);
        assertPixelsEqual(img, decode(png));
        return png;
    }

    private static BufferedImage decode(byte[] png) throws Exception {
        BufferedImage back = ImageIO.read(new ByteArrayInputStream(png));
        assertNotNull(back, "ImageIO reads it as an image");
        return back;
    }

    private static void assertPixelsEqual(BufferedImage expected, BufferedImage actual) {
        assertEquals(expected.getWidth(), actual.getWidth());
        assertEquals(expected.getHeight(), actual.getHeight());
        int w = expected.getWidth();
        boolean alpha = expected.getColorModel().hasAlpha();
        for (int y = 0; y < expected.getHeight(); y++) {
            int[] e = expected.getRGB(0, y, w, 1, null, 0, w);
            int[] a = actual.getRGB(0, y, w, 1, null, 0, w);
            if (!alpha) {
                for (int x = 0; x < w; x++) {
                    e[x] |= 0xff000000;
                }
            }
            assertArrayEquals(e, a, "row " + y);
        }
    }

    /**
     * Walks the chunks (signature, IHDR first, CRCs right, IEND last), inflates the IDATs' zlib
     * stream to its end (Inflater checks the Adler-32 there) and returns how many bytes it held.
     */
    private static long inflatedLength(byte[] png) throws DataFormatException {
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}, java.util.Arrays.copyOf(png, 8));
        ByteArrayOutputStream idat = new ByteArrayOutputStream();
        int at = 8;
        String type = null;
        boolean first = true;
        while (at < png.length) {
            int length = int32(png, at);
            type = new String(png, at + 4, 4, StandardCharsets.US_ASCII);
            CRC32 crc = new CRC32();
            crc.update(png, at + 4, 4 + length);
            assertEquals((int) crc.getValue(), int32(png, at + 8 + length), type + "'s CRC");
            if (first) {
                assertEquals("IHDR", type);
                first = false;
            }
            if (type.equals("IDAT")) {
                idat.write(png, at + 8, length);
            }
            at += 12 + length;
        }
        assertEquals(png.length, at, "the chunks fill the file");
        assertEquals("IEND", type);
        Inflater inflater = new Inflater();
        inflater.setInput(idat.toByteArray());
        byte[] sink = new byte[1 << 16];
        while (!inflater.finished()) {
            int n = inflater.inflate(sink);
            assertTrue(n > 0 || !inflater.needsInput(), "the zlib stream ends");
        }
        assertEquals(0, inflater.getRemaining(), "nothing after the zlib stream");
        long total = inflater.getBytesWritten();
        inflater.end();
        return total;
    }

    private static long adler(byte[] b) {
        Adler32 a = new Adler32();
        a.update(b);
        return a.getValue();
    }

    private static int int32(byte[] a, int at) {
        return (a[at] & 0xff) << 24 | (a[at + 1] & 0xff) << 16 | (a[at + 2] & 0xff) << 8 | (a[at + 3] & 0xff);
    }

    private static BufferedImage noise(int w, int h, int type, long seed) {
        Random r = new Random(seed);
        BufferedImage img = new BufferedImage(w, h, type);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                img.setRGB(x, y, r.nextInt());
            }
        }
        return img;
    }

    /** Flat panels, borders, antialiased text and a gradient: what a GUI is made of. */
    static BufferedImage gui(int w, int h, int type) {
        BufferedImage img = new BufferedImage(w, h, type);
        Graphics2D g = img.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(new Color(0xeeeeee));
            g.fillRect(0, 0, w, h);
            g.setPaint(new java.awt.GradientPaint(0, 0, Color.WHITE, 0, 40, new Color(0xdddddd)));
            g.fillRect(0, 0, w, Math.min(h, 40));
            g.setColor(Color.WHITE);
            g.fillRect(0, 40, w / 5, h);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
            for (int y = 60; y < h; y += 24) {
                g.setColor(new Color(0x333333));
                g.drawString("Row " + y + ": Ubuntu Linux, 2 CPUs, 2048 MiB", 8, y);
                g.setColor(new Color(0x8899aa));
                g.drawRect(w / 4, y - 14, w / 2, 20);
            }
            g.setColor(new Color(0x80204080, true));
            g.fillRoundRect(w / 3, h / 3, w / 3, h / 3, 12, 12);
        } finally {
            g.dispose();
        }
        return img;
    }
}
