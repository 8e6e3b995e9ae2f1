package probe.transport.internal;

import java.awt.Frame;
import java.awt.Window;
import java.util.ArrayList;
import java.util.List;

/**
 * The titles of the application's showing windows, for {@code probe.hello}: read on the EDT by
 * each of the {@link EdtWatchdog}'s pings ({@link #refresh}, every 250 ms while the EDT answers),
 * so a hello reads the last ones without an EDT hop and answers on the I/O loop. While the EDT is
 * stalled the last titles stand (none before its first answer).
 */
final class WindowTitles {
    private volatile List<String> titles = List.of();

    List<String> get() {
        return titles;
    }

    /** On the EDT. */
    void refresh() {
        List<String> list = new ArrayList<>();
        for (Window w : Window.getWindows()) {
            if (w.isShowing()) {
                String title = w instanceof Frame f ? f.getTitle() : w instanceof java.awt.Dialog d ? d.getTitle() : null;
                list.add(title == null ? "" : title);
            }
        }
        titles = List.copyOf(list);
    }
}
