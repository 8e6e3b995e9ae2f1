package probe.screenshot.internal;

import bench.inproc.legacy.ImageIoPng;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.BorderLayout;
import java.awt.Dimension;
import java.awt.EventQueue;
import java.awt.FlowLayout;
import java.awt.Graphics2D;
import java.awt.GridLayout;
import java.awt.Image;
import java.awt.Window;
import java.awt.image.BufferedImage;
import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import javax.imageio.ImageIO;
import javax.swing.JButton;
import javax.swing.JCheckBox;
import javax.swing.JComboBox;
import javax.swing.JDialog;
import javax.swing.JFrame;
import javax.swing.JLabel;
import javax.swing.JList;
import javax.swing.JMenu;
import javax.swing.JMenuBar;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import javax.swing.JSpinner;
import javax.swing.JTextField;
import javax.swing.JToolBar;

/**
 * Where a screenshot's time goes, in-process: painting a 1280x800 frame and a dialog as
 * ScreenshotOp does, on the EDT (into a BufferedImage, as it did, or into a VolatileImage that is
 * read back after, as it does), encoding that with the JDK's PNG writer and with {@link Png} (one
 * strip, and one a core), base64, and writing and parsing the reply's JSON. Prints medians;
 * asserts nothing. Needs a display (Xvfb will do). A file names a PNG to encode instead of the
 * painted frame, such as a screenshot saved with {@code hvm-dbg gui screenshot}:
 * {@code run/bench-inproc png [shot.png]}.
 */
public final class PngTiming {
    private static final int WARMUP = 30;
    private static final int RUNS = 60;

    private PngTiming() {
    }

    /** Paints and encodes, or encodes {@code file} when it is not null, and prints the medians. */
    public static void measure(String file) throws Exception {
        int cores = Runtime.getRuntime().availableProcessors();
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, cores - 1));
        BufferedImage image;
        if (file != null) {
            BufferedImage read = ImageIO.read(new File(file));
            image = new BufferedImage(read.getWidth(), read.getHeight(), BufferedImage.TYPE_INT_RGB);
            Graphics2D g = image.createGraphics();
            g.drawImage(read, 0, 0, null);
            g.dispose();
            System.out.println("image: " + file);
        } else {
            List<Window> windows = new ArrayList<>();
            EventQueue.invokeAndWait(() -> windows.addAll(showFrameAndDialog()));
            Thread.sleep(500);
            List<Object> painted = compare(List.of(
                    named("paint into a BufferedImage, on the EDT", () -> onEdt(() -> paint(windows, false))),
                    named("paint into a VolatileImage, on the EDT", () -> {
                        Image vi = onEdt(() -> paint(windows, true));
                        vi.flush();
                        return vi;
                    }),
                    named("  + its readback, off the EDT", () -> readBack(onEdt(() -> paint(windows, true))))));
            image = (BufferedImage) painted.get(0);
            EventQueue.invokeAndWait(() -> windows.forEach(Window::dispose));
        }
        System.out.println(image.getWidth() + "x" + image.getHeight() + ", " + cores + " cores");
        List<Object> out = compare(List.of(
                named("encode: ImageIO PNG writer, level 1", () -> ImageIoPng.encode(image)),
                named("encode: Png, 1 strip", () -> Png.encode(image)),
                named("encode: Png, " + cores + " strips", () -> Png.encode(image, pool, cores))));
        byte[] par = (byte[]) out.get(2);
        System.out.printf(Locale.ROOT, "sizes: ImageIO %d, Png 1 strip %d, Png %d strips %d bytes%n", ((byte[]) out.get(0)).length,
                ((byte[]) out.get(1)).length, cores, par.length);
        String b64 = (String) compare(List.of(named("base64", () -> Base64.getEncoder().encodeToString(par)))).get(0);
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode data = mapper.createObjectNode().put("format", "png").put("png_base64", b64);
        byte[] line = (byte[]) compare(List.of(named("JSON write of the reply", () -> {
            try {
                return mapper.writeValueAsBytes(data);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }))).get(0);
        compare(List.of(named("JSON parse of the reply", () -> {
            try {
                return mapper.readTree(line);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        })));
        pool.shutdown();
    }

    private record Named(String name, Supplier<Object> task) {
    }

    private static Named named(String name, Supplier<Object> task) {
        return new Named(name, task);
    }

    /**
     * Runs the tasks round-robin, in a rotating order, so that on a busy machine each sees the same
     * load; prints each one's median and spread, and returns each one's last result.
     */
    private static List<Object> compare(List<Named> tasks) {
        int k = tasks.size();
        List<Object> results = new ArrayList<>(java.util.Collections.nCopies(k, null));
        long[][] ns = new long[k][RUNS];
        for (int i = -WARMUP; i < RUNS; i++) {
            for (int j = 0; j < k; j++) {
                int t = (j + Math.max(i, 0)) % k;
                long t0 = System.nanoTime();
                results.set(t, tasks.get(t).task().get());
                if (i >= 0) {
                    ns[t][i] = System.nanoTime() - t0;
                }
            }
        }
        for (int t = 0; t < k; t++) {
            long[] s = ns[t];
            Arrays.sort(s);
            System.out.printf(Locale.ROOT, "%-40s median %7.2f ms  p10 %7.2f  p90 %7.2f%n", tasks.get(t).name(), s[RUNS / 2] / 1e6,
                    s[RUNS / 10] / 1e6, s[RUNS * 9 / 10] / 1e6);
        }
        return results;
    }

    private static Image onEdt(Supplier<Image> paint) {
        Image[] result = new Image[1];
        try {
            EventQueue.invokeAndWait(() -> result[0] = paint.get());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return result[0];
    }

    private static BufferedImage readBack(Image painted) {
        BufferedImage image = new BufferedImage(painted.getWidth(null), painted.getHeight(null), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.drawImage(painted, 0, 0, null);
        g.dispose();
        painted.flush();
        return image;
    }

    /** As ScreenshotOp paints: each window at its offset, with Window.paint, into an INT_RGB image or a VolatileImage. */
    private static Image paint(List<Window> windows, boolean volatileImage) {
        Window main = windows.get(0);
        Image image = volatileImage ? main.getGraphicsConfiguration().createCompatibleVolatileImage(main.getWidth(), main.getHeight())
                : new BufferedImage(main.getWidth(), main.getHeight(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = (Graphics2D) image.getGraphics();
        for (Window w : windows) {
            Graphics2D wg = (Graphics2D) g.create();
            wg.translate(w.getX() - main.getX(), w.getY() - main.getY());
            wg.clipRect(0, 0, w.getWidth(), w.getHeight());
            w.paint(wg);
            wg.dispose();
        }
        g.dispose();
        return image;
    }

    /** A 1280x800 frame shaped like HVM's (menu, toolbar, sidebar list, detail form, status) and a form dialog over it. */
    private static List<Window> showFrameAndDialog() {
        JFrame frame = new JFrame("bench");
        JMenuBar bar = new JMenuBar();
        for (String m : new String[] {"File", "Machine", "Help"}) {
            bar.add(new JMenu(m));
        }
        frame.setJMenuBar(bar);
        JToolBar tools = new JToolBar();
        for (String b : new String[] {"Create VM...", "Start", "Stop", "Settings..."}) {
            tools.add(new JButton(b));
        }
        frame.add(tools, BorderLayout.NORTH);
        String[] vms = new String[30];
        for (int i = 0; i < vms.length; i++) {
            vms[i] = "VM " + i + " (Ubuntu Linux, " + (i % 4 + 1) + " CPUs)";
        }
        JScrollPane side = new JScrollPane(new JList<>(vms));
        side.setPreferredSize(new Dimension(280, 0));
        frame.add(side, BorderLayout.WEST);
        JPanel detail = new JPanel(new GridLayout(0, 2, 8, 8));
        for (int i = 0; i < 12; i++) {
            detail.add(new JLabel("Property " + i + ":"));
            detail.add(new JTextField("value " + i));
        }
        JPanel north = new JPanel(new BorderLayout());
        north.add(detail, BorderLayout.NORTH);
        frame.add(north, BorderLayout.CENTER);
        frame.add(new JLabel("30 virtual machines  ·  Library: /home/user/vms"), BorderLayout.SOUTH);
        frame.setBounds(0, 0, 1280, 800);
        frame.setVisible(true);

        JDialog dialog = new JDialog(frame, "Create Virtual Machine", false);
        JPanel form = new JPanel(new GridLayout(0, 2, 8, 8));
        form.add(new JLabel("Name:"));
        form.add(new JTextField());
        form.add(new JLabel("Operating system:"));
        form.add(new JComboBox<>(new String[] {"Ubuntu Linux", "Debian", "Windows 11"}));
        for (String s : new String[] {"Processors:", "Memory (MiB):", "Disk size (GiB):"}) {
            form.add(new JLabel(s));
            form.add(new JSpinner());
        }
        form.add(new JCheckBox("Encrypt this VM with a password"));
        JPanel buttons = new JPanel(new FlowLayout(FlowLayout.RIGHT));
        buttons.add(new JButton("Create"));
        buttons.add(new JButton("Cancel"));
        form.add(buttons);
        dialog.add(form);
        dialog.setBounds(375, 231, 530, 337);
        dialog.setVisible(true);
        return List.of(frame, dialog);
    }
}
