package probe.events.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.EventQueue;
import java.awt.GraphicsEnvironment;
import java.awt.KeyboardFocusManager;
import java.awt.Toolkit;
import java.awt.Window;
import java.awt.event.AWTEventListener;
import java.awt.event.AWTEventListenerProxy;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import javax.swing.JDialog;
import javax.swing.JFrame;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JTextField;
import javax.swing.Timer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import probe.api.swing.ViewRegistry;
import probe.registry.internal.SwingViewRegistry;

/** Real windows under a real X server (Xvfb in CI); skipped only when there is no display. */
class GuiSourceTest {
    private Hub hub;
    private ViewRegistry registry;
    private GuiSource source;
    private DialogCurrentOp current;
    private JFrame frame;
    private final List<ObjectNode> events = new CopyOnWriteArrayList<>();

    @BeforeEach
    void setUp() throws Exception {
        assumeFalse(GraphicsEnvironment.isHeadless(), "needs a display (run under Xvfb)");
        hub = new Hub();
        registry = new SwingViewRegistry();
        hub.subscribe(List.of("*", "window.*", "focus.*"), events::add);
        frame = onEdt(() -> {
            JFrame f = new JFrame("HVM");
            f.setName("main");
            f.setBounds(0, 0, 800, 600);
            f.setVisible(true);
            return f;
        });
        waitFor(() -> onEdt(() -> frame.isFocused()), "the main window to have focus");
        source = new GuiSource(hub, registry);
        current = new DialogCurrentOp(registry);
        flushEdt();
        events.clear();
    }

    @AfterEach
    void tearDown() throws Exception {
        if (source != null) {
            source.deactivate();
        }
        if (hub != null) {
            hub.close();
        }
        EventQueue.invokeAndWait(() -> {
            for (Window w : Window.getWindows()) {
                w.dispose();
            }
        });
    }

    static <T> T onEdt(Callable<T> c) throws Exception {
        AtomicReference<T> out = new AtomicReference<>();
        AtomicReference<Exception> failed = new AtomicReference<>();
        EventQueue.invokeAndWait(() -> {
            try {
                out.set(c.call());
            } catch (Exception e) {
                failed.set(e);
            }
        });
        if (failed.get() != null) {
            throw failed.get();
        }
        return out.get();
    }

    interface Check {
        boolean ok() throws Exception;
    }

    static void waitFor(Check c, String what) throws Exception {
        long deadline = System.currentTimeMillis() + 10_000;
        while (!c.ok()) {
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(10);
        }
    }

    /** Lets the EDT and the bus finish what they have. */
    private static void flushEdt() throws Exception {
        for (int i = 0; i < 3; i++) {
            EventQueue.invokeAndWait(() -> { });
            Thread.sleep(20);
        }
    }

    private List<ObjectNode> named(String event) {
        return events.stream().filter(e -> event.equals(e.get("event").textValue())).collect(Collectors.toList());
    }

    private JDialog dialog(String name, String title, boolean modal, Map<String, Object> context) throws Exception {
        return onEdt(() -> {
            JDialog d = new JDialog(frame, title, modal);
            d.setName("dialog." + name);
            d.setBounds(100, 100, 300, 200);
            if (context != null) {
                d.getRootPane().putClientProperty(Dialogs.CONTEXT_PROPERTY, context);
            }
            return d;
        });
    }

    @Test
    void aDialogShownHiddenShownAgainAndDisposedGivesOneOpenedAndOneClosedEachTime() throws Exception {
        JDialog d = dialog("createVM", "Create VM", false, Map.of("vmId", "id-1", "count", 3));
        EventQueue.invokeAndWait(() -> d.setVisible(true));
        waitFor(() -> named("dialog.opened").size() == 1, "dialog.opened");
        ObjectNode opened = named("dialog.opened").get(0);
        assertEquals("createVM", opened.get("name").textValue());
        assertEquals("Create VM", opened.get("title").textValue());
        assertFalse(opened.get("modal").booleanValue());
        assertEquals("id-1", opened.get("vmId").textValue());
        assertEquals("3", opened.get("count").textValue(), "context values are strings");
        assertTrue(opened.has("seq") && opened.has("ts"));
        assertEquals("createVM", current.execute(Fakes.context(null), null).get("name").textValue());

        EventQueue.invokeAndWait(() -> d.setVisible(false));
        waitFor(() -> named("dialog.closed").size() == 1, "dialog.closed");
        assertEquals("{\"event\":\"dialog.closed\",\"name\":\"createVM\"}", strip(named("dialog.closed").get(0)));

        EventQueue.invokeAndWait(() -> d.setVisible(true));
        waitFor(() -> named("dialog.opened").size() == 2, "dialog.opened again");
        EventQueue.invokeAndWait(() -> d.setVisible(true));
        EventQueue.invokeAndWait(d::dispose);
        waitFor(() -> named("dialog.closed").size() == 2, "dialog.closed on dispose");
        flushEdt();
        Thread.sleep(GuiSource.PENDING_MILLIS + 50);
        assertEquals(2, named("dialog.opened").size());
        assertEquals(2, named("dialog.closed").size());
        assertEquals(List.of("dialog.opened", "dialog.closed", "dialog.opened", "dialog.closed"),
                events.stream().map(e -> e.get("event").textValue()).filter(n -> n.startsWith("dialog.")).collect(Collectors.toList()));
        assertEquals(2, named("window.opened").size());
        assertEquals(2, named("window.closed").size());
        assertEquals("{\"event\":\"window.opened\",\"name\":\"dialog.createVM\",\"type\":\"dialog\",\"title\":\"Create VM\"}",
                strip(named("window.opened").get(0)));
        JsonNode none = current.execute(Fakes.context(null), null);
        assertEquals("{\"name\":null,\"title\":null,\"modal\":false,\"focused\":false,\"controls\":[]}", none.toString());
    }

    @Test
    void aModalDialogIsCurrentWhenItsOpenedEventArrives() throws Exception {
        JDialog d = dialog("encryptionPassword", "Password", true, Map.of("vmId", "id-7"));
        EventQueue.invokeAndWait(() -> {
            JTextField field = new JTextField(10);
            field.setName("dialog.encryptionPassword.input.password");
            JPanel p = new JPanel();
            p.add(field);
            d.setContentPane(p);
        });
        List<String> seenCurrent = new CopyOnWriteArrayList<>();
        hub.subscribe(List.of("dialog.opened"), e -> {
            try {
                JsonNode c = current.execute(Fakes.context(null), null);
                boolean hasField = false;
                for (JsonNode item : c.get("controls")) {
                    hasField |= "dialog.encryptionPassword.input.password".equals(item.path("identifier").textValue());
                }
                seenCurrent.add(c.get("name").textValue() + " " + c.get("modal").booleanValue() + " " + hasField);
            } catch (Exception x) {
                seenCurrent.add(x.toString());
            }
        });
        // Shown as the app does it: setVisible blocks in a nested event loop until the dialog closes.
        EventQueue.invokeLater(() -> d.setVisible(true));
        waitFor(() -> seenCurrent.size() == 1, "the client's reaction to dialog.opened");
        assertEquals("encryptionPassword true true", seenCurrent.get(0));
        ObjectNode opened = named("dialog.opened").get(0);
        assertTrue(opened.get("modal").booleanValue());
        assertEquals("id-7", opened.get("vmId").textValue());
        EventQueue.invokeAndWait(() -> new Timer(10, e -> d.dispose()) {
            {
                setRepeats(false);
            }
        }.start());
        waitFor(() -> named("dialog.closed").size() == 1, "dialog.closed");
    }

    @Test
    void aDialogOpenedBesideTheFocusedOneIsAnnouncedOnceItIsOnTop() throws Exception {
        JDialog first = dialog("createVM", "Create VM", false, null);
        EventQueue.invokeAndWait(() -> first.setVisible(true));
        waitFor(() -> onEdt(first::isFocused), "the first dialog to have focus");
        waitFor(() -> named("dialog.opened").size() == 1, "dialog.opened createVM");
        JDialog error = dialog("error", "Could Not Create", false, null);
        EventQueue.invokeAndWait(() -> {
            JLabel message = new JLabel("The disk is full.");
            message.setName(Dialogs.ERROR_MESSAGE_LABEL);
            error.getContentPane().add(message);
        });
        List<String> seenCurrent = new CopyOnWriteArrayList<>();
        hub.subscribe(List.of("dialog.opened"), e -> {
            if ("error".equals(e.get("name").textValue())) {
                try {
                    seenCurrent.add(current.execute(Fakes.context(null), null).get("name").textValue());
                } catch (Exception x) {
                    seenCurrent.add(x.toString());
                }
            }
        });
        AtomicReference<String> topWhenShown = new AtomicReference<>();
        EventQueue.invokeAndWait(() -> {
            error.setVisible(true);
            topWhenShown.set(registry.topmostDialog().map(java.awt.Component::getName).orElse(null));
        });
        // Showing, but not yet on top (the focus has not moved to it): dialog.opened must wait for that.
        assertEquals("dialog.createVM", topWhenShown.get());
        waitFor(() -> seenCurrent.size() == 1, "dialog.opened error");
        assertEquals("error", seenCurrent.get(0));
        List<ObjectNode> errors = named("error");
        assertEquals(1, errors.size());
        assertEquals("{\"event\":\"error\",\"message\":\"The disk is full.\",\"source\":\"dialog\"}", strip(errors.get(0)));
        assertTrue(errors.get(0).get("seq").longValue() > named("dialog.opened").get(1).get("seq").longValue(),
                "error comes right after dialog.opened error");
    }

    @Test
    void aDialogShownAndHiddenInOneEventGivesNothing() throws Exception {
        JDialog d = dialog("flash", "Flash", false, null);
        EventQueue.invokeAndWait(() -> {
            d.setVisible(true);
            d.setVisible(false);
            d.dispose();
        });
        flushEdt();
        Thread.sleep(GuiSource.PENDING_MILLIS + 50);
        assertTrue(named("dialog.opened").isEmpty(), events.toString());
        assertTrue(named("dialog.closed").isEmpty(), events.toString());
    }

    @Test
    void focusChangesNameTheComponent() throws Exception {
        JDialog d = dialog("createVM", "Create VM", false, null);
        JTextField[] fields = new JTextField[2];
        EventQueue.invokeAndWait(() -> {
            JPanel p = new JPanel();
            for (int i = 0; i < 2; i++) {
                fields[i] = new JTextField(10);
                fields[i].setName("dialog.createVM.input.f" + i);
                p.add(fields[i]);
            }
            d.setContentPane(p);
            d.setVisible(true);
        });
        waitFor(() -> onEdt(() -> fields[0].isFocusOwner()), "the first field to have focus");
        EventQueue.invokeAndWait(() -> fields[1].requestFocusInWindow());
        waitFor(() -> named("focus.changed").stream().anyMatch(e -> "dialog.createVM.input.f1".equals(e.get("identifier").textValue())),
                "focus.changed to f1");
        ObjectNode last = named("focus.changed").get(named("focus.changed").size() - 1);
        assertEquals("{\"event\":\"focus.changed\",\"identifier\":\"dialog.createVM.input.f1\",\"window\":\"dialog.createVM\"}", strip(last));
    }

    @Test
    void aDialogAlreadyOpenWhenTheSourceStartsIsReportedClosed() throws Exception {
        source.deactivate();
        JDialog d = dialog("about", "About", false, null);
        EventQueue.invokeAndWait(() -> d.setVisible(true));
        flushEdt();
        source = new GuiSource(hub, registry);
        flushEdt();
        EventQueue.invokeAndWait(d::dispose);
        waitFor(() -> named("dialog.closed").size() == 1, "dialog.closed");
        assertTrue(named("dialog.opened").isEmpty());
    }

    @Test
    void deactivatingLeavesNoListenerBehind() throws Exception {
        source.deactivate();
        for (AWTEventListener l : Toolkit.getDefaultToolkit().getAWTEventListeners()) {
            Object inner = l instanceof AWTEventListenerProxy ? ((AWTEventListenerProxy) l).getListener() : l;
            assertFalse(inner.getClass().getName().startsWith(GuiSource.class.getName()), "left behind: " + inner);
        }
        for (java.beans.PropertyChangeListener l : KeyboardFocusManager.getCurrentKeyboardFocusManager()
                .getPropertyChangeListeners("permanentFocusOwner")) {
            assertFalse(l.getClass().getName().startsWith(GuiSource.class.getName()), "left behind: " + l);
        }
        JDialog d = dialog("createVM", "Create VM", false, null);
        EventQueue.invokeAndWait(() -> d.setVisible(true));
        flushEdt();
        EventQueue.invokeAndWait(d::dispose);
        flushEdt();
        assertTrue(events.isEmpty(), events.toString());
        source = null;
    }

    private static String strip(ObjectNode e) {
        ObjectNode c = e.deepCopy();
        c.remove("seq");
        c.remove("ts");
        return c.toString();
    }
}
