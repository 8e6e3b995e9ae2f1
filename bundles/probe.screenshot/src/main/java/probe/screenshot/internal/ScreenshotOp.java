package probe.screenshot.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Component;
import java.awt.Graphics2D;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.Window;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import probe.api.Args;
import probe.api.ErrorCodes;
import probe.api.Op;
import probe.api.OpContext;
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
 * of a heavyweight window). Painting runs on the EDT; PNG encoding runs on the caller's thread and
 * the encoder threads, one strip of rows each, so the GUI is held only for the paint.
 */
@org.osgi.service.component.annotations.Component(service = ProbeOp.class)
@Op("gui.screenshot")
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

    /** What was painted: the image and the windows in it, bottom first. */
    record Shot(BufferedImage image, List<String> windows) {
    }

    @Override
    public JsonNode execute(OpContext ctx, ObjectNode args) throws ProbeException {
        Args a = Args.of(args);
        a.oneOf("format", "png", "png");
        String scope = a.string("scope", "window");
        Shot shot = Edt.call(() -> paint(scope), ctx.timeoutMillis());
        ObjectNode data = Wire.object();
        data.put("format", "png");
        data.put("width", shot.image().getWidth());
        data.put("height", shot.image().getHeight());
        data.put("scope", scope);
        ArrayNode painted = data.putArray("windows");
        shot.windows().forEach(painted::add);
        data.put("png_base64", Base64.getEncoder().encodeToString(Png.encode(shot.image(), encoders, STRIPS)));
        return data;
    }

    private Shot paint(String scope) throws ProbeException {
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
                if (scope.isEmpty()) {
                    throw ProbeException.invalidArgs("argument 'scope' must be window, dialog or an identifier");
                }
                Target target = registry.resolve(scope);
                region = screenBounds(target);
                if (region.isEmpty()) {
                    throw new ProbeException(ErrorCodes.NOT_CLICKABLE, "'" + scope + "' has no size on screen, so there is nothing to show");
                }
        }
        double scale = main.getGraphicsConfiguration().getDefaultTransform().getScaleX();
        return composite(region, scale);
    }

    private Shot composite(Rectangle region, double scale) {
        int width = (int) Math.ceil(region.width * scale);
        int height = (int) Math.ceil(region.height * scale);
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        List<String> painted = new ArrayList<>();
        Graphics2D g = image.createGraphics();
        try {
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
                painted.add(w.getName());
            }
        } finally {
            g.dispose();
        }
        return new Shot(image, painted);
    }

    private static Rectangle screenBounds(Component c) {
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
