package probe.registry.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.ActiveEvent;
import java.awt.Dialog;
import java.awt.EventQueue;
import java.awt.Frame;
import java.awt.Toolkit;
import java.awt.Window;
import java.awt.event.ActionEvent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import javax.swing.JDialog;
import javax.swing.JFrame;
import javax.swing.JWindow;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import probe.testing.Gui;

/**
 * Modality's verdicts against the toolkit's own answer. The toolkit tells whether its modal filters
 * let an event through for a window when asked with an event: an action event whose source is the
 * window, which the dispatch thread filters exactly as it filters a mouse press on that window, and
 * which runs itself when it passes (an ActiveEvent) instead of reaching any listener of the app.
 */
class ModalityTest {
    private final Modality modality = new Modality();

    @BeforeEach
    void watch() {
        modality.start();
    }

    @AfterEach
    void close() throws Exception {
        modality.stop();
        Gui.disposeAll();
    }

    /** An action event on a window that records whether the dispatch thread let it through. */
    private static final class Knock extends ActionEvent implements ActiveEvent {
        private static final long serialVersionUID = 1L;
        private final transient Set<Window> passed;

        Knock(Window w, Set<Window> passed) {
            super(w, ACTION_PERFORMED, "modality-knock", 0, 0);
            this.passed = passed;
        }

        @Override
        public void dispatch() {
            passed.add((Window) getSource());
        }
    }

    /** The windows whose events the dispatch thread lets through now, as it says itself. */
    private static Set<Window> toolkitLetsThrough(List<Window> windows) throws Exception {
        Set<Window> passed = Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));
        EventQueue q = Toolkit.getDefaultToolkit().getSystemEventQueue();
        for (Window w : windows) {
            q.postEvent(new Knock(w, passed));
        }
        CountDownLatch done = new CountDownLatch(1);
        EventQueue.invokeLater(done::countDown);
        assertTrue(done.await(Gui.TIMEOUT, TimeUnit.MILLISECONDS), "the dispatch thread answered");
        return passed;
    }

    /** Shows {@code w} from the dispatch thread without waiting for a modal dialog to close, and waits until it shows. */
    private static void show(Window w) throws Exception {
        EventQueue.invokeLater(() -> w.setVisible(true));
        Gui.waitFor(w.getName() + " showing", w::isShowing);
        Gui.settle();
    }

    private void assertAgrees(List<Window> windows, String scene) throws Exception {
        Set<Window> through = toolkitLetsThrough(windows);
        Map<String, Boolean> ours = new TreeMap<>();
        Map<String, Boolean> toolkit = new TreeMap<>();
        StringBuilder blockers = new StringBuilder();
        for (Window w : windows) {
            Dialog blocker = Gui.edt(() -> modality.blocker(w));
            ours.put(w.getName(), blocker == null);
            toolkit.put(w.getName(), through.contains(w));
            blockers.append(' ').append(w.getName()).append(blocker == null ? "" : "<" + blocker.getName())
                    .append('[').append(w instanceof Dialog ? ((Dialog) w).getModalityType() : "window")
                    .append(w.getOwner() == null ? "" : " of " + w.getOwner().getName())
                    .append(w.getModalExclusionType() == Dialog.ModalExclusionType.NO_EXCLUDE ? "" : " " + w.getModalExclusionType()).append(']');
        }
        assertEquals(toolkit, ours, scene + " (true: a press goes through; our blockers:" + blockers + ")");
    }

    private static JDialog dialog(String name, Window owner, Dialog.ModalityType type) {
        JDialog d = new JDialog(owner, name, type);
        d.setName(name);
        d.setBounds(40, 40, 200, 120);
        return d;
    }

    @Test
    void aModalDialogShownOverAnotherIsOperableAndTheOneBelowIsNot() throws Exception {
        Gui.assumeDisplay();
        List<Window> all = new ArrayList<>();
        Gui.run(() -> {
            JFrame f = new JFrame("main");
            f.setName("main");
            f.setBounds(0, 0, 600, 400);
            f.setVisible(true);
            all.add(f);
            all.add(dialog("createVM", f, Dialog.ModalityType.APPLICATION_MODAL));
            // The file chooser: owned by the main frame too, shown while Create VM is open.
            all.add(dialog("chooseIso", f, Dialog.ModalityType.APPLICATION_MODAL));
        });
        Gui.settle();
        show(all.get(1));
        assertAgrees(all, "createVM open");
        show(all.get(2));
        assertAgrees(all, "chooseIso over createVM");
        assertNull(Gui.edt(() -> modality.blocker(all.get(2))));
        Dialog below = Gui.edt(() -> modality.blocker(all.get(1)));
        assertNotNull(below);
        assertEquals("chooseIso", below.getName());
        Gui.run(() -> all.get(2).setVisible(false));
        Gui.settle();
        assertAgrees(all, "chooseIso closed");
        assertNull(Gui.edt(() -> modality.blocker(all.get(1))));
    }

    @Test
    void randomWindowsOfEveryModalityAndExclusionAgreeWithTheToolkit() throws Exception {
        Gui.assumeDisplay();
        Random random = new Random(20261202);
        Dialog.ModalityType[] types = Dialog.ModalityType.values();
        Dialog.ModalExclusionType[] exclusions = Dialog.ModalExclusionType.values();
        int compared = 0;
        for (int trial = 0; trial < 40; trial++) {
            long seed = random.nextLong();
            Random r = new Random(seed);
            List<Window> all = new ArrayList<>();
            Gui.run(() -> {
                for (int i = 0; i < 2; i++) {
                    Frame f = new JFrame("frame" + i);
                    f.setName("frame" + i);
                    f.setBounds(i * 300, 0, 280, 200);
                    if (r.nextInt(4) == 0) {
                        f.setModalExclusionType(exclusions[r.nextInt(exclusions.length)]);
                    }
                    f.setVisible(true);
                    all.add(f);
                }
            });
            Gui.settle();
            int n = 2 + r.nextInt(4);
            for (int i = 0; i < n; i++) {
                // A dialog's owner is a frame or a dialog; a plain window may be owned by any window.
                boolean plainWindow = r.nextInt(6) == 0;
                List<Window> owners = all.stream().filter(x -> plainWindow || !(x instanceof JWindow)).collect(Collectors.toList());
                Window owner = owners.get(r.nextInt(owners.size()));
                Window w;
                if (plainWindow) {
                    JWindow plain = new JWindow(owner);
                    plain.setName("window" + i);
                    plain.setBounds(10 * i, 220, 100, 60);
                    w = plain;
                } else {
                    w = dialog("dialog" + i, owner, types[r.nextInt(types.length)]);
                }
                if (r.nextInt(5) == 0) {
                    w.setModalExclusionType(exclusions[r.nextInt(exclusions.length)]);
                }
                all.add(w);
                show(w);
                assertAgrees(all, "seed " + seed + " after showing " + w.getName());
                compared += all.size();
            }
            // Closing one of them unblocks what it blocked; the others decide again.
            Window closed = all.get(2 + r.nextInt(all.size() - 2));
            Gui.run(() -> closed.setVisible(false));
            Gui.settle();
            List<Window> left = all.stream().filter(Window::isShowing).collect(Collectors.toList());
            assertAgrees(left, "seed " + seed + " after closing " + closed.getName());
            compared += left.size();
            Gui.disposeAll();
        }
        assertTrue(compared > 200, "compared " + compared + " window verdicts");
    }
}
