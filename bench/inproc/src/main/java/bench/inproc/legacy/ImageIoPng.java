package bench.inproc.legacy;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.MemoryCacheImageOutputStream;

/** The JDK's PNG writer at deflate level 1: the encoder {@code probe.screenshot.internal.Png} replaced, kept to measure against (PngTiming). */
public final class ImageIoPng {
    /** The JDK's PNG writer maps quality q to deflate level round(9 * (1 - q)): 0.9 gives level 1. */
    private static final float FAST = 0.9f;

    private ImageIoPng() {
    }

    public static byte[] encode(BufferedImage image) {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("png").next();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(image.getWidth() * image.getHeight() / 4);
        try (MemoryCacheImageOutputStream out = new MemoryCacheImageOutputStream(bytes)) {
            writer.setOutput(out);
            ImageWriteParam param = writer.getDefaultWriteParam();
            param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
            param.setCompressionQuality(FAST);
            writer.write(null, new IIOImage(image, null, null), param);
        } catch (IOException e) {
            throw new UncheckedIOException("PNG encoding failed in memory", e);
        } finally {
            writer.dispose();
        }
        return bytes.toByteArray();
    }
}
