package itest;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.EventQueue;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.swing.JDialog;
import javax.swing.JFrame;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The tests' own X lookups hold while other windows come and go: a search for one window while
 * this JVM shows and disposes small windows (as a tooltip or a popup does) finds that window every
 * time (the X server may list a window the JDK makes for the frame's children under its title too,
 * so the search must find at least what it found before the others came). Plain {@code xdotool search} failed on some 3 in 4 such tries with BadWindow, and SwingSet2IT
 * failed on CI once so.
 */
@ExtendWith(Bounded.class)
class XSearchIT {
    @Test
    void aSearchFindsItsWindowWhileOthersComeAndGo() throws Exception {
        String title = "hdp-xsearch-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        JFrame[] frame = new JFrame[1];
        EventQueue.invokeAndWait(() -> {
            frame[0] = new JFrame(title);
            frame[0].setBounds(10, 10, 120, 80);
            frame[0].setVisible(true);
        });
        AtomicBoolean churn = new AtomicBoolean(true);
        Thread churner = new Thread(() -> {
            try {
                while (churn.get()) {
                    EventQueue.invokeAndWait(() -> {
                        JDialog w = new JDialog(frame[0], "hdp-xsearch-churn");
                        w.setUndecorated(true);
                        w.setFocusableWindowState(false);
                        w.setBounds(200, 200, 30, 30);
                        w.setVisible(true);
                        w.dispose();
                    });
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, "xsearch-churn");
        try {
            Fixture.await("the frame's X window", () -> {
                try {
                    return !XSearch.visible(ProcessHandle.current().pid(), "^" + title + "$").isEmpty();
                } catch (Exception e) {
                    return false;
                }
            });
            List<String> quiet = XSearch.visible(ProcessHandle.current().pid(), "^" + title + "$");
            churner.start();
            for (int i = 0; i < 40; i++) {
                List<String> ids = XSearch.visible(ProcessHandle.current().pid(), "^" + title + "$");
                assertTrue(ids.containsAll(quiet), "search " + i + ": " + ids + ", without the others: " + quiet);
            }
        } finally {
            churn.set(false);
            churner.join(10_000);
            EventQueue.invokeAndWait(frame[0]::dispose);
        }
    }
}
