package probe.screenshot.internal;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.awt.image.SinglePixelPackedSampleModel;
import java.awt.image.WritableRaster;
import java.util.Arrays;

/**
 * The int pixel array of a TYPE_INT_RGB image (the screenshot's kind), written directly:
 * filled rectangles and copied runs of pixels, clipped to the image, without Java2D's loops
 * for each of a thousand small rectangles.
 */
final class Canvas {
    final int[] data;
    final int offset;
    final int stride;
    final int width;
    final int height;

    private Canvas(int[] data, int offset, int stride, int width, int height) {
        this.data = data;
        this.offset = offset;
        this.stride = stride;
        this.width = width;
        this.height = height;
    }

    /** The canvas of {@code image}; null when it is not a TYPE_INT_RGB image with a plain int array. */
    static Canvas of(BufferedImage image) {
        if (image.getType() != BufferedImage.TYPE_INT_RGB) {
            return null;
        }
        WritableRaster raster = image.getRaster();
        if (!(raster.getDataBuffer() instanceof DataBufferInt)
                || !(raster.getSampleModel() instanceof SinglePixelPackedSampleModel)) {
            return null;
        }
        SinglePixelPackedSampleModel sm = (SinglePixelPackedSampleModel) raster.getSampleModel();
        DataBufferInt db = (DataBufferInt) raster.getDataBuffer();
        int offset = db.getOffset() + sm.getOffset(-raster.getSampleModelTranslateX(), -raster.getSampleModelTranslateY());
        return new Canvas(db.getData(), offset, sm.getScanlineStride(), image.getWidth(), image.getHeight());
    }

    /** Fills the part of the rectangle inside the image with {@code argb} (its alpha dropped, as Java2D stores INT_RGB). */
    void fill(int x, int y, int w, int h, int argb) {
        int x0 = Math.max(0, x);
        int y0 = Math.max(0, y);
        int x1 = Math.min(width, x + w);
        int y1 = Math.min(height, y + h);
        int rgb = argb & 0xffffff;
        for (int row = y0; row < y1 && x0 < x1; row++) {
            int at = offset + row * stride;
            Arrays.fill(data, at + x0, at + x1, rgb);
        }
    }

    /** Copies the {@code w} x {@code h} pixels at {@code sx, sy} of {@code src} to {@code dx, dy}, clipped to this image. */
    void copy(Canvas src, int sx, int sy, int dx, int dy, int w, int h) {
        int skipX = Math.max(0, -dx);
        int skipY = Math.max(0, -dy);
        int cw = Math.min(w, width - dx) - skipX;
        for (int row = skipY; row < h && dy + row < height && cw > 0; row++) {
            System.arraycopy(src.data, src.offset + (sy + row) * src.stride + sx + skipX, data,
                    offset + (dy + row) * stride + dx + skipX, cw);
        }
    }
}
