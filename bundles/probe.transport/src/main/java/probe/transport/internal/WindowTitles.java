package probe.transport.internal;

import java.awt.Frame;
import java.awt.Window;
import java.util.ArrayList;
import java.util.List;
import probe.api.ProbeException;
import probe.api.swing.Edt;

/**
 * The titles of the application's showing windows, for {@code probe.hello}: read on the EDT at
 * most every {@link #MAX_AGE_MILLIS}, with a bounded wait, so a hello costs an EDT hop only now
 * and then. A read that times out leaves the last titles (or none) and is tried again next time.
 */
final class WindowTitles {
    static final long MAX_AGE_MILLIS = 250;
    private static final long EDT_WAIT_MILLIS = 200;

    private List<String> titles = List.of();
    private long readAt = Long.MIN_VALUE;

    synchronized List<String> get() {
        long now = System.nanoTime();
        if (readAt != Long.MIN_VALUE && now - readAt < MAX_AGE_MILLIS * 1_000_000) {
            return titles;
        }
        try {
            titles = Edt.call(WindowTitles::read, EDT_WAIT_MILLIS);
        } catch (ProbeException e) {
            // The EDT is busy: the last titles stand.
        }
        readAt = System.nanoTime();
        return titles;
    }

    private static List<String> read() {
        List<String> list = new ArrayList<>();
        for (Window w : Window.getWindows()) {
            if (w.isShowing()) {
                String title = w instanceof Frame f ? f.getTitle() : w instanceof java.awt.Dialog d ? d.getTitle() : null;
                list.add(title == null ? "" : title);
            }
        }
        return List.copyOf(list);
    }
}
