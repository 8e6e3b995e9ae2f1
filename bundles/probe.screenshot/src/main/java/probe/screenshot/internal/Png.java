package probe.screenshot.internal;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.awt.image.Raster;
import java.awt.image.SinglePixelPackedSampleModel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.zip.Adler32;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * A PNG writer tuned for GUI screenshots, which are mostly flat colour: 8-bit RGB (RGBA when the
 * image has alpha), filter Up on every row, deflate level 1. The rows are cut into horizontal
 * strips that are filtered and deflated in parallel, pigz-style: every strip but the last ends
 * with a sync flush, so the raw deflate streams simply follow one another in one zlib stream,
 * each in its own IDAT chunk, and the strips' Adler-32s are combined into the stream's.
 *
 * <p>Pixels are read straight from the int raster of the usual image types (INT_RGB, INT_ARGB);
 * any other type goes through {@code getRGB}, a row at a time.
 */
final class Png {
    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    /** CMF 0x78 (deflate, 32 KiB window), FLG 0x01 (fastest level, no dictionary; the pair is a multiple of 31). */
    private static final byte[] ZLIB_HEADER = {0x78, 0x01};
    /** Up: on HVM's screenshots at level 1, a fifth smaller than None or Sub, at the same speed. */
    private static final int FILTER_UP = 2;
    /** zlib's fast path: it still shrinks a screenshot about 100x; HUFFMAN_ONLY is 15x bigger and slower. */
    private static final int LEVEL = 1;
    /** Fewer rows than this per strip are not worth a thread hop. */
    private static final int MIN_STRIP_ROWS = 64;
    /** Rows filtered per call into the deflater: big enough to amortise the call, small enough to stay in cache. */
    private static final int BATCH_ROWS = 8;

    private Png() {
    }

    /** The PNG of {@code image}, on the calling thread. */
    static byte[] encode(BufferedImage image) {
        return encode(image, Runnable::run, 1);
    }

    /**
     * The PNG of {@code image}, its rows cut into up to {@code strips} strips: the first is encoded
     * on the calling thread, the others on {@code executor} (or on the calling thread too when the
     * executor refuses them).
     */
    static byte[] encode(BufferedImage image, Executor executor, int strips) {
        Pixels pixels = Pixels.of(image);
        int height = image.getHeight();
        int n = Math.max(1, Math.min(strips, height / MIN_STRIP_ROWS));
        List<CompletableFuture<Strip>> later = new ArrayList<>();
        for (int i = 1; i < n; i++) {
            int from = height * i / n;
            int to = height * (i + 1) / n;
            boolean last = i == n - 1;
            try {
                later.add(CompletableFuture.supplyAsync(() -> deflate(pixels, from, to, last), executor));
            } catch (RejectedExecutionException e) {
                later.add(CompletableFuture.completedFuture(deflate(pixels, from, to, last)));
            }
        }
        List<Strip> done = new ArrayList<>(n);
        done.add(deflate(pixels, 0, height / n, n == 1));
        for (CompletableFuture<Strip> f : later) {
            done.add(f.join());
        }
        return assemble(image.getWidth(), height, pixels.alpha, done);
    }

    /** One strip's rows, filtered and deflated: raw deflate data and the Adler-32 of the filtered bytes. */
    private record Strip(byte[] data, int length, long adler, long filteredLength) {
    }

    private static Strip deflate(Pixels pixels, int from, int to, boolean last) {
        int rowBytes = 1 + pixels.width * pixels.channels;
        byte[] batch = new byte[rowBytes * BATCH_ROWS];
        Rows rows = pixels.rows(from);
        Deflater deflater = new Deflater(LEVEL, true);
        Adler32 adler = new Adler32();
        // Screenshots shrink 20x and more; start small and grow as needed.
        byte[] out = new byte[Math.max(4096, (to - from) * rowBytes / 16)];
        int length = 0;
        try {
            for (int y = from; y < to; ) {
                int n = Math.min(BATCH_ROWS, to - y);
                for (int r = 0; r < n; r++, y++) {
                    rows.next(y);
                    batch[r * rowBytes] = FILTER_UP;
                    filterUp(rows, pixels.alpha, batch, r * rowBytes + 1);
                }
                int used = n * rowBytes;
                adler.update(batch, 0, used);
                deflater.setInput(batch, 0, used);
                boolean end = y == to;
                if (end && last) {
                    deflater.finish();
                }
                int flush = end && !last ? Deflater.SYNC_FLUSH : Deflater.NO_FLUSH;
                // Until the deflater has taken the whole batch with room to spare (a full buffer may hold back more), or has finished.
                while (true) {
                    if (length == out.length) {
                        out = Arrays.copyOf(out, out.length * 2);
                    }
                    length += deflater.deflate(out, length, out.length - length, flush);
                    if (end && last ? deflater.finished() : deflater.needsInput() && length < out.length) {
                        break;
                    }
                }
            }
        } finally {
            deflater.end();
        }
        return new Strip(out, length, adler.getValue(), (long) (to - from) * rowBytes);
    }

    /**
     * Filter Up: each sample minus the one above it (0 above the first row), straight from the ARGB
     * ints. Most of a GUI is the same as the row above, so runs of equal pixels are found with
     * {@code Arrays.mismatch} and written as zeros, and only the pixels that differ are split into
     * bytes.
     */
    private static void filterUp(Rows rows, boolean alpha, byte[] to, int at) {
        int[] cur = rows.cur;
        int c = rows.curAt;
        int[] prev = rows.prev;
        int p = rows.prevAt;
        int width = rows.width;
        if (prev == null) {
            prev = new int[width];
            p = 0;
        }
        int channels = alpha ? 4 : 3;
        int o = at;
        int x = 0;
        while (x < width) {
            int run = Arrays.mismatch(cur, c + x, c + width, prev, p + x, p + width);
            run = run < 0 ? width - x : run;
            Arrays.fill(to, o, o + run * channels, (byte) 0);
            o += run * channels;
            x += run;
            for (; x < width && cur[c + x] != prev[p + x]; x++) {
                int a = cur[c + x];
                int b = prev[p + x];
                to[o] = (byte) ((a >>> 16) - (b >>> 16));
                to[o + 1] = (byte) ((a >>> 8) - (b >>> 8));
                to[o + 2] = (byte) (a - b);
                if (alpha) {
                    to[o + 3] = (byte) ((a >>> 24) - (b >>> 24));
                }
                o += channels;
            }
        }
    }

    private static byte[] assemble(int width, int height, boolean alpha, List<Strip> strips) {
        int size = SIGNATURE.length + 12 + 13 + 12;
        for (Strip s : strips) {
            size += 12 + s.length;
        }
        size += ZLIB_HEADER.length + 4;
        byte[] png = new byte[size];
        System.arraycopy(SIGNATURE, 0, png, 0, SIGNATURE.length);
        int at = SIGNATURE.length;

        int ihdr = at + 8;
        int32(png, ihdr, width);
        int32(png, ihdr + 4, height);
        png[ihdr + 8] = 8;
        png[ihdr + 9] = (byte) (alpha ? 6 : 2);
        // Compression, filter method and interlace: all 0 (deflate, adaptive filtering, none).
        at = chunk(png, at, "IHDR", 13);

        long adler = 1;
        for (int i = 0; i < strips.size(); i++) {
            Strip s = strips.get(i);
            boolean first = i == 0;
            boolean last = i == strips.size() - 1;
            int data = at + 8;
            int length = 0;
            if (first) {
                System.arraycopy(ZLIB_HEADER, 0, png, data, ZLIB_HEADER.length);
                length += ZLIB_HEADER.length;
            }
            System.arraycopy(s.data(), 0, png, data + length, s.length());
            length += s.length();
            adler = combine(adler, s.adler(), s.filteredLength());
            if (last) {
                int32(png, data + length, (int) adler);
                length += 4;
            }
            at = chunk(png, at, "IDAT", length);
        }
        chunk(png, at, "IEND", 0);
        return png;
    }

    /** Writes the length and type of the chunk whose data is already in place at {@code at + 8}, and its CRC; returns where the next chunk starts. */
    private static int chunk(byte[] png, int at, String type, int length) {
        int32(png, at, length);
        for (int i = 0; i < 4; i++) {
            png[at + 4 + i] = (byte) type.charAt(i);
        }
        CRC32 crc = new CRC32();
        crc.update(png, at + 4, 4 + length);
        int32(png, at + 8 + length, (int) crc.getValue());
        return at + 12 + length;
    }

    /** zlib's adler32_combine: the Adler-32 of A followed by B, from A's, B's and B's length. */
    static long combine(long adlerA, long adlerB, long lengthB) {
        final long base = 65521;
        long rem = lengthB % base;
        long sum1 = adlerA & 0xffff;
        long sum2 = rem * sum1 % base;
        sum1 += (adlerB & 0xffff) + base - 1;
        sum2 += (adlerA >>> 16 & 0xffff) + (adlerB >>> 16 & 0xffff) + base - rem;
        sum1 %= base;
        sum2 %= base;
        return sum2 << 16 | sum1;
    }

    private static void int32(byte[] a, int at, int v) {
        a[at] = (byte) (v >>> 24);
        a[at + 1] = (byte) (v >>> 16);
        a[at + 2] = (byte) (v >>> 8);
        a[at + 3] = (byte) v;
    }

    /** An image's pixels as ARGB ints: its own int array when it has one of the usual layouts, else {@code getRGB}. */
    private static final class Pixels {
        final BufferedImage image;
        final int width;
        final int channels;
        final boolean alpha;
        /** The image's array, or null when rows go through getRGB. */
        final int[] data;
        final int offset;
        final int stride;

        private Pixels(BufferedImage image, int[] data, int offset, int stride) {
            this.image = image;
            this.width = image.getWidth();
            this.alpha = image.getColorModel().hasAlpha();
            this.channels = alpha ? 4 : 3;
            this.data = data;
            this.offset = offset;
            this.stride = stride;
        }

        static Pixels of(BufferedImage image) {
            int type = image.getType();
            Raster raster = image.getRaster();
            if ((type == BufferedImage.TYPE_INT_RGB || type == BufferedImage.TYPE_INT_ARGB)
                    && raster.getDataBuffer() instanceof DataBufferInt
                    && raster.getSampleModel() instanceof SinglePixelPackedSampleModel) {
                SinglePixelPackedSampleModel sm = (SinglePixelPackedSampleModel) raster.getSampleModel();
                DataBufferInt db = (DataBufferInt) raster.getDataBuffer();
                // A subimage's raster starts inside its parent's array. (getData() stops Java2D caching the
                // image on the screen's side; a screenshot's image is used once, so nothing is lost.)
                int offset = db.getOffset() + sm.getOffset(-raster.getSampleModelTranslateX(), -raster.getSampleModelTranslateY());
                return new Pixels(image, db.getData(), offset, sm.getScanlineStride());
            }
            return new Pixels(image, null, 0, 0);
        }

        /** A cursor over the rows from {@code from} on, that knows the row above the first one. */
        Rows rows(int from) {
            Rows r = new Rows(this);
            if (from > 0) {
                r.next(from - 1);
            }
            return r;
        }
    }

    /** The current row and the one above it (null above row 0); one per strip, so strips share nothing mutable. */
    private static final class Rows {
        final int width;
        private final Pixels pixels;
        int[] cur;
        int curAt;
        int[] prev;
        int prevAt;

        Rows(Pixels pixels) {
            this.pixels = pixels;
            this.width = pixels.width;
        }

        void next(int y) {
            int[] free = prev;
            prev = cur;
            prevAt = curAt;
            if (pixels.data != null) {
                cur = pixels.data;
                curAt = pixels.offset + y * pixels.stride;
            } else {
                // getRGB's rows alternate between two buffers: the row two above y is no longer needed.
                cur = pixels.image.getRGB(0, y, width, 1, free != null ? free : new int[width], 0, width);
                curAt = 0;
            }
        }
    }
}
