package probe.screenshot.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.GraphicsConfiguration;
import java.awt.Image;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.Window;
import java.awt.image.BufferedImage;
import java.awt.image.VolatileImage;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import probe.api.ErrorCodes;
import probe.api.Op;
import probe.api.OpContext;
import probe.api.Ops;
import probe.api.ProbeException;
import probe.api.ProbeOp;
import probe.api.swing.Edt;
import probe.api.swing.Target;
import probe.api.swing.ViewRegistry;
import probe.api.wire.Wire;

/**
 * {@code gui.screenshot}: paints the showing windows that overlap the region (the main window,
 * the topmost dialog, or one control) into an image, bottom window first, each at its offset,
 * with {@code Window.paint} (never {@code printAll}, which draws a fake title bar over the menu bar
 * of a heavyweight window). Painting runs on the EDT, into an image of the screen's kind (see
 * {@link #composite}); reading its pixels back and encoding the PNG run on the caller's thread and
 * the encoder threads, one strip of rows each, so the GUI is held only for the paint.
 */
@Component(configurationPolicy = ConfigurationPolicy.IGNORE, service = ProbeOp.class)
@Op(Ops.SCREENSHOT)
public final class ScreenshotOp implements ProbeOp {
    /** Strips of rows encoded at once: one a core, the caller's thread taking the first. */
    private static final int STRIPS = Math.max(1, Runtime.getRuntime().availableProcessors());
    /** How long an idle encoder thread lives: a probe nobody asks for screenshots holds none. */
    private static final long IDLE_SECONDS = 30;

    private final ViewRegistry registry;
    private final ExecutorService encoders;

    @Activate
    public ScreenshotOp(@Reference(name = "registry") ViewRegistry registry) {
        this.registry = registry;
        AtomicInteger n = new AtomicInteger();
        ThreadPoolExecutor pool = new ThreadPoolExecutor(Math.max(1, STRIPS - 1), Math.max(1, STRIPS - 1), IDLE_SECONDS,
                TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
                    Thread t = new Thread(r, "hdp-gui-png-" + n.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
        pool.allowCoreThreadTimeOut(true);
        this.encoders = pool;
    }

    @Deactivate
    void deactivate() {
        // Strips already queued still run; a screenshot after this encodes on its caller's thread alone (the pool refuses it).
        encoders.shutdown();
    }

    /**
     * What was painted, bottom window first: into a BufferedImage, or into a VolatileImage that
     * {@link #pixels} reads back off the EDT.
     */
    record Shot(Image image, int width, int height, List<String> windows, Listing listing, double scale,
            CompletableFuture<BufferedImage> readBack) {
    }

    /**
     * What the marks are made of, taken on the EDT with the paint: the listing's items, the showing
     * windows, the shot's region on screen and the screen's scale. The marks are made from it off the EDT.
     */
    record Listing(ArrayNode items, List<Marks.Shown> windows, Rectangle region, double scale) {
        List<Marks.Mark> marks() {
            return Marks.of(items, windows, region, scale);
        }
    }

    @Override
    public JsonNode execute(OpContext ctx, ObjectNode args) throws ProbeException {
        // Checked against the description (OSGI-INF/probe/ops/gui.screenshot.json): format png, a scope
        // that is a name and not empty (default window), annotate a boolean (default false).
        String scope = args.get("scope").textValue();
        boolean annotate = args.get("annotate").booleanValue();
        Shot shot = Edt.call(() -> paint(scope, true, annotate), ctx.timeoutMillis());
        BufferedImage image = pixels(shot);
        if (image == null) {
            shot = Edt.call(() -> paint(scope, false, annotate), ctx.timeoutMillis());
            image = pixels(shot);
        }
        List<Marks.Mark> marks = annotate ? shot.listing().marks() : List.of();
        if (annotate) {
            // Made and drawn here, off the EDT, on the pixels read back: the GUI is held only for the paint and the listing.
            MarkPainter.draw(image, marks, shot.scale());
        }
        ObjectNode data = Wire.object();
        data.put("format", "png");
        data.put("width", image.getWidth());
        data.put("height", image.getHeight());
        data.put("scope", scope);
        ArrayNode painted = data.putArray("windows");
        shot.windows().forEach(painted::add);
        if (annotate) {
            data.set("marks", Marks.json(marks));
        }
        data.put("png_base64", Base64.getEncoder().encodeToString(Png.encode(image, encoders, STRIPS)));
        return data;
    }

    /**
     * The shot's pixels; null when the X server lost a volatile image's contents before they were
     * read (then paint again into a BufferedImage).
     */
    private static BufferedImage pixels(Shot shot) {
        if (shot.image() instanceof BufferedImage) {
            return (BufferedImage) shot.image();
        }
        if (shot.readBack() != null) {
            try {
                return shot.readBack().join();
            } catch (CompletionException e) {
                if (e.getCause() instanceof RuntimeException) {
                    throw (RuntimeException) e.getCause();
                }
                if (e.getCause() instanceof Error) {
                    throw (Error) e.getCause();
                }
                throw e;
            }
        }
        return readBack((VolatileImage) shot.image(), shot.width(), shot.height());
    }

    /** Reads a volatile image's pixels back into a BufferedImage and lets it go; null when its contents were lost first. */
    private static BufferedImage readBack(VolatileImage vi, int width, int height) {
        try {
            BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
            Graphics2D g = image.createGraphics();
            try {
                g.drawImage(vi, 0, 0, null);
            } finally {
                g.dispose();
            }
            return vi.contentsLost() ? null : image;
        } finally {
            vi.flush();
        }
    }

    private Shot paint(String scope, boolean onScreenSurface, boolean annotate) throws ProbeException {
        Window main = registry.mainWindow().orElseThrow(
                () -> new ProbeException(ErrorCodes.NO_WINDOW, "no application window is showing"));
        Rectangle region;
        switch (scope) {
            case "window":
                region = screenBounds(main);
                break;
            case "dialog":
                region = screenBounds(registry.topmostDialog()
                        .orElseThrow(() -> new ProbeException(ErrorCodes.NO_WINDOW, "no dialog is open")));
                break;
            default:
                Target target = registry.resolve(scope);
                region = screenBounds(target);
                if (region.isEmpty()) {
                    throw new ProbeException(ErrorCodes.NOT_CLICKABLE, "'" + scope + "' has no size on screen, so there is nothing to show");
                }
        }
        GraphicsConfiguration gc = main.getGraphicsConfiguration();
        Shot shot = composite(region, gc, onScreenSurface);
        if (!annotate) {
            return shot;
        }
        // The pixels are final now: an encoder thread reads them back while this task walks the
        // controls for the marks, so the read-back (a round trip to the X server for the whole
        // image) costs an annotated shot no time of its own.
        CompletableFuture<BufferedImage> readBack = null;
        if (shot.image() instanceof VolatileImage) {
            VolatileImage vi = (VolatileImage) shot.image();
            try {
                readBack = CompletableFuture.supplyAsync(() -> readBack(vi, shot.width(), shot.height()), encoders);
            } catch (RejectedExecutionException e) {
                // Deactivated: read back on the caller's thread after this task, as a plain shot is.
            }
        }
        // The same listing gui.list gives, taken in the same EDT task as the paint, so the boxes match the pixels.
        List<Marks.Shown> windows = new ArrayList<>();
        for (Window w : registry.windows()) {
            String id = registry.identifierOf(w);
            windows.add(new Marks.Shown(id == null ? "" : id, screenBounds(w)));
        }
        // A dialog's shot shows the dialog and what it owns: only those are listed (gui.list's dialog scope).
        // Without verdicts: a box needs what shows where, not whether a hand could operate it (most of a listing's cost).
        Listing listing = new Listing(registry.list("dialog".equals(scope) ? "dialog" : "window", false), windows, region,
                gc.getDefaultTransform().getScaleX());
        return new Shot(shot.image(), shot.width(), shot.height(), shot.windows(), listing, shot.scale(), readBack);
    }

    /**
     * Paints into a VolatileImage of the screen's configuration when it can, the kind of surface
     * Swing itself paints the screen through: Swing's cached gradients (Metal's menu bar, toolbar,
     * buttons) are VolatileImages, and drawing them into a BufferedImage reads each 64-pixel tile
     * back from the X server, a round trip each, on the EDT; into a VolatileImage they are copied
     * inside the server, and {@link #pixels} reads the whole image back once, off the EDT. At a
     * scale other than 1 (or when no VolatileImage is to be had) it paints into a BufferedImage,
     * scaled, as before.
     */
    private Shot composite(Rectangle region, GraphicsConfiguration gc, boolean onScreenSurface) {
        double scale = gc.getDefaultTransform().getScaleX();
        int width = (int) Math.ceil(region.width * scale);
        int height = (int) Math.ceil(region.height * scale);
        Image image = null;
        if (onScreenSurface && scale == 1) {
            VolatileImage vi = gc.createCompatibleVolatileImage(width, height);
            if (vi.validate(gc) != VolatileImage.IMAGE_INCOMPATIBLE) {
                image = vi;
            } else {
                vi.flush();
            }
        }
        if (image == null) {
            image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        }
        List<String> painted = new ArrayList<>();
        Graphics2D g = (Graphics2D) image.getGraphics();
        try {
            // What no window covers is black, as in a new BufferedImage; a VolatileImage starts undefined.
            g.setColor(Color.BLACK);
            g.fillRect(0, 0, width, height);
            g.scale(scale, scale);
            for (Window w : registry.windows()) {
                Rectangle wb = screenBounds(w);
                if (!wb.intersects(region)) {
                    continue;
                }
                Graphics2D wg = (Graphics2D) g.create();
                try {
                    wg.translate(wb.x - region.x, wb.y - region.y);
                    wg.clipRect(0, 0, wb.width, wb.height);
                    w.paint(wg);
                } finally {
                    wg.dispose();
                }
                painted.add(registry.identifierOf(w));
            }
        } finally {
            g.dispose();
        }
        return new Shot(image, width, height, painted, null, scale, null);
    }

    private static Rectangle screenBounds(java.awt.Component c) {
        Point p = c.getLocationOnScreen();
        return new Rectangle(p.x, p.y, c.getWidth(), c.getHeight());
    }

    /** A target's bounds on screen: a component's, or its row's or tab's cell (empty when it does not show). */
    private static Rectangle screenBounds(Target t) throws ProbeException {
        if (!t.component().isShowing()) {
            throw new ProbeException(ErrorCodes.NOT_CLICKABLE, "'" + t.identifier() + "' is not showing, so there is nothing to show");
        }
        Rectangle b = t.bounds();
        Point p = t.component().getLocationOnScreen();
        return new Rectangle(p.x + b.x, p.y + b.y, b.width, b.height);
    }
}
