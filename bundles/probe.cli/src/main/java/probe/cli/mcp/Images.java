package probe.cli.mcp;

import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import javax.imageio.ImageIO;

/**
 * Scales a screenshot down in the server's process when a client asks for a smaller image
 * ({@code maxSize}), so the GUI's JVM spends nothing on it. Halves the image while it is more than
 * twice too big, then one bilinear step: text stays legible, as with area averaging, at a fraction
 * of its cost.
 */
final class Images {
    private Images() {
    }

    /** A PNG and its size. */
    static final class Png {
        final byte[] bytes;
        final int width;
        final int height;

        Png(byte[] bytes, int width, int height) {
            this.bytes = bytes;
            this.width = width;
            this.height = height;
        }
    }

    /** {@code png} ({@code width} x {@code height}) with its longer side at most {@code maxSize}; itself when it fits. */
    static Png fit(byte[] png, int width, int height, int maxSize) throws IOException {
        int longer = Math.max(width, height);
        if (longer <= maxSize) {
            return new Png(png, width, height);
        }
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
        if (image == null) {
            throw new IOException("the probe's screenshot is not a PNG that this JVM reads");
        }
        double scale = (double) maxSize / longer;
        int w = Math.max(1, (int) Math.round(image.getWidth() * scale));
        int h = Math.max(1, (int) Math.round(image.getHeight() * scale));
        BufferedImage current = image;
        while (current.getWidth() / 2 >= w * 2 || current.getHeight() / 2 >= h * 2) {
            current = draw(current, current.getWidth() / 2, current.getHeight() / 2);
        }
        BufferedImage out = draw(current, w, h);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(w * h);
        ImageIO.write(out, "png", bytes);
        return new Png(bytes.toByteArray(), w, h);
    }

    private static BufferedImage draw(BufferedImage from, int w, int h) {
        BufferedImage to = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = to.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
            g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
            g.drawImage(from, 0, 0, w, h, null);
        } finally {
            g.dispose();
        }
        return to;
    }
}
