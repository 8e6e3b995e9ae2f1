package probe.registry.internal;

import java.awt.AWTEvent;
import java.awt.Dialog;
import java.awt.EventQueue;
import java.awt.Toolkit;
import java.awt.Window;
import java.awt.event.AWTEventListener;
import java.awt.event.ComponentEvent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;

/**
 * Which modal dialog, if any, keeps a press from reaching a window: the decision the event dispatch
 * thread makes for every mouse event, real or posted. AWT does not tell it through public API, so
 * this follows its specification and implementation exactly: each showing modal dialog has an event
 * filter ({@code java.awt.ModalEventFilter}: one per modality type, with the modal exclusion types
 * and the child hierarchy of the dialog), the dispatch thread keeps the filters in the order
 * {@code EventDispatchThread.addEventFilter} gives them (the order the dialogs were shown, a dialog
 * placed before any it belongs to or of a higher modality type), and asks them from the last added
 * down: the first that rejects the event's window blocks it, the first that accepts it at once ends
 * the question. So a modal dialog shown over another (the file chooser over Create VM) is operable,
 * and the one below it is not.
 *
 * <p>The filters' order depends on which dialog blocks which, and that on the order the dialogs
 * were shown: both are replayed here from the order shown, which is watched (component-shown events
 * of dialogs); dialogs that were already showing when the watch began are ordered owners first, as
 * they must have been shown. A check against the toolkit itself, on random windows of every modality
 * and exclusion type, is in this bundle's tests.
 */
final class Modality implements AWTEventListener {
    private static final long MASK = AWTEvent.COMPONENT_EVENT_MASK;

    /** EDT only: when each showing dialog was last shown, by a counter. */
    private final Map<Dialog, Long> shownAt = new WeakHashMap<>();
    /** EDT only: dialogs that were showing before the watch began. */
    private final Set<Dialog> before = Collections.newSetFromMap(new WeakHashMap<>());
    private long counter;
    private volatile boolean watching;

    /** Starts watching the order dialogs are shown in. */
    void start() {
        watching = true;
        Toolkit.getDefaultToolkit().addAWTEventListener(this, MASK);
        EventQueue.invokeLater(() -> {
            for (Window w : Window.getWindows()) {
                if (w instanceof Dialog && w.isVisible() && !shownAt.containsKey(w)) {
                    before.add((Dialog) w);
                }
            }
        });
    }

    void stop() {
        watching = false;
        Toolkit.getDefaultToolkit().removeAWTEventListener(this);
    }

    @Override
    public void eventDispatched(AWTEvent e) {
        if (!(e.getSource() instanceof Dialog)) {
            return;
        }
        if (!EventQueue.isDispatchThread()) {
            EventQueue.invokeLater(() -> eventDispatched(e));
            return;
        }
        Dialog d = (Dialog) e.getSource();
        if (e.getID() == ComponentEvent.COMPONENT_SHOWN) {
            before.remove(d);
            shownAt.put(d, ++counter);
        } else if (e.getID() == ComponentEvent.COMPONENT_HIDDEN) {
            shownAt.remove(d);
            before.remove(d);
        }
    }

    /** The modal dialog whose filter rejects a press on {@code w}, or null when the press is let through. On the EDT. */
    Dialog blocker(Window w) {
        if (isModalExclude(w)) {
            return null;
        }
        List<Dialog> filters = filters();
        for (int i = filters.size() - 1; i >= 0; i--) {
            switch (accept(filters.get(i), w)) {
                case REJECT:
                    return filters.get(i);
                case ACCEPT_IMMEDIATELY:
                    return null;
                default:
                    break;
            }
        }
        return null;
    }

    private enum Action {
        ACCEPT, REJECT, ACCEPT_IMMEDIATELY
    }

    /** The showing modal dialogs' filters in the dispatch thread's order. */
    private List<Dialog> filters() {
        List<Dialog> modal = new ArrayList<>();
        Window[] all = Window.getWindows();
        for (Window w : all) {
            if (w instanceof Dialog && w.isVisible() && ((Dialog) w).getModalityType() != Dialog.ModalityType.MODELESS) {
                modal.add((Dialog) w);
            }
        }
        List<Window> creation = List.of(all);
        // Shown before the watch: owners first, then creation order; then the watched ones in the
        // order shown; one showing but not yet seen by the watch was shown last.
        modal.sort(Comparator.<Dialog>comparingLong(d -> shownAt.containsKey(d) ? shownAt.get(d)
                        : before.contains(d) || !watching ? -1 : Long.MAX_VALUE)
                .thenComparingInt(Modality::ownerDepth)
                .thenComparingInt(creation::indexOf));
        Map<Dialog, Dialog> blockers = blockers(modal);
        List<Dialog> filters = new ArrayList<>();
        for (Dialog d : modal) {
            int k = 0;
            while (k < filters.size() && compare(filters.get(k), d, blockers) <= 0) {
                k++;
            }
            filters.add(k, d);
        }
        return filters;
    }

    /**
     * Which modal dialog blocks which, replayed as Dialog.modalShow decided it when each was shown,
     * in the order shown: a dialog is blocked by an earlier one that blocks it unless it can block that
     * one back at a modality type at least as high (or owns it); a dialog shown later blocks the earlier
     * unblocked ones in its scope that are not in its blockers' hierarchies, except modal ones that
     * would block it and came after it; and a dialog left unblocked re-checks its child hierarchy.
     */
    private static Map<Dialog, Dialog> blockers(List<Dialog> order) {
        Map<Dialog, Dialog> blocker = new IdentityHashMap<>();
        List<Dialog> shown = new ArrayList<>();
        for (Dialog t : order) {
            shown.add(t);
            List<Dialog> by = new ArrayList<>();
            for (Dialog d : shown) {
                if (shouldBlock(d, t, blocker)) {
                    Window w = d;
                    while (w != null && w != t) {
                        w = w.getOwner();
                    }
                    if (w == t || !shouldBlock(t, d, blocker) || t.getModalityType().compareTo(d.getModalityType()) < 0) {
                        by.add(d);
                    }
                }
            }
            for (int i = 0; i < by.size(); i++) {
                Dialog bb = blocker.get(by.get(i));
                if (bb != null && !by.contains(bb)) {
                    by.add(i + 1, bb);
                }
            }
            if (!by.isEmpty() && !blocker.containsKey(t)) {
                blocker.put(t, by.get(0));
            }
            List<Window> hierarchies = new ArrayList<>(by);
            for (int k = 0; k < hierarchies.size(); k++) {
                hierarchies.addAll(List.of(hierarchies.get(k).getOwnedWindows()));
            }
            for (Dialog wd : shown) {
                if (blocker.containsKey(wd) || !shouldBlock(t, wd, blocker) || hierarchies.contains(wd)) {
                    continue;
                }
                if (shouldBlock(wd, t, blocker) && shown.indexOf(wd) > shown.indexOf(t)) {
                    continue;
                }
                blocker.put(wd, t);
            }
            if (!blocker.containsKey(t)) {
                List<Window> children = new ArrayList<>(List.of(t.getOwnedWindows()));
                for (int k = 0; k < children.size(); k++) {
                    Window w = children.get(k);
                    if (!w.isVisible()) {
                        continue;
                    }
                    if (w instanceof Dialog && shown.contains(w)) {
                        blocker.remove(w);
                        for (Dialog d : shown) {
                            if (shouldBlock(d, w, blocker)) {
                                blocker.put((Dialog) w, d);
                                break;
                            }
                        }
                    }
                    children.addAll(List.of(w.getOwnedWindows()));
                }
            }
        }
        return blocker;
    }

    /** Dialog.shouldBlock: whether the showing modal dialog {@code d} blocks {@code w}, given the blockers known so far. */
    private static boolean shouldBlock(Dialog d, Window w, Map<Dialog, Dialog> blocker) {
        if (w == d || d.getModalityType() == Dialog.ModalityType.MODELESS) {
            return false;
        }
        // Not from the child hierarchy of d, nor of any dialog that blocks d.
        for (Window b = d; b != null; b = blocker.get(b)) {
            for (Window x = w; x != null; x = x.getOwner()) {
                if (x == b) {
                    return false;
                }
            }
        }
        switch (d.getModalityType()) {
            case DOCUMENT_MODAL:
                if (excluded(w, Dialog.ModalExclusionType.APPLICATION_EXCLUDE)) {
                    for (Window x = d; x != null; x = x.getOwner()) {
                        if (x == w) {
                            return true;
                        }
                    }
                    return false;
                }
                return root(d) == root(w);
            case APPLICATION_MODAL:
                return !excluded(w, Dialog.ModalExclusionType.APPLICATION_EXCLUDE);
            case TOOLKIT_MODAL:
                return !excluded(w, Dialog.ModalExclusionType.TOOLKIT_EXCLUDE);
            default:
                return false;
        }
    }

    private static Window root(Window w) {
        Window r = w;
        while (r.getOwner() != null) {
            r = r.getOwner();
        }
        return r;
    }

    private static int ownerDepth(Window w) {
        int n = 0;
        for (Window o = w.getOwner(); o != null; o = o.getOwner()) {
            n++;
        }
        return n;
    }

    /** ModalEventFilter.compareTo: hierarchy first, then which blocks which, then the modality type. */
    private static int compare(Dialog a, Dialog b, Map<Dialog, Dialog> blocker) {
        for (Window x = a; x != null; x = x.getOwner()) {
            if (x == b) {
                return 1;
            }
        }
        for (Window x = b; x != null; x = x.getOwner()) {
            if (x == a) {
                return -1;
            }
        }
        for (Dialog x = blocker.get(a); x != null; x = blocker.get(x)) {
            if (x == b) {
                return -1;
            }
        }
        for (Dialog x = blocker.get(b); x != null; x = blocker.get(x)) {
            if (x == a) {
                return 1;
            }
        }
        return a.getModalityType().compareTo(b.getModalityType());
    }

    /** ModalEventFilter.acceptWindow of the filter of {@code modal}, for a press on {@code w}. */
    private static Action accept(Dialog modal, Window w) {
        switch (modal.getModalityType()) {
            case DOCUMENT_MODAL:
                if (excluded(w, Dialog.ModalExclusionType.APPLICATION_EXCLUDE)) {
                    for (Window o = modal.getOwner(); o != null; o = o.getOwner()) {
                        if (o == w) {
                            return Action.REJECT;
                        }
                    }
                    return Action.ACCEPT;
                }
                Window root = modal;
                while (root.getOwner() != null) {
                    root = root.getOwner();
                }
                for (Window x = w; x != null; x = x.getOwner()) {
                    if (x == modal) {
                        return Action.ACCEPT_IMMEDIATELY;
                    }
                    if (x == root) {
                        return Action.REJECT;
                    }
                }
                return Action.ACCEPT;
            case APPLICATION_MODAL:
            case TOOLKIT_MODAL:
                Dialog.ModalExclusionType exclusion = modal.getModalityType() == Dialog.ModalityType.TOOLKIT_MODAL
                        ? Dialog.ModalExclusionType.TOOLKIT_EXCLUDE : Dialog.ModalExclusionType.APPLICATION_EXCLUDE;
                if (excluded(w, exclusion)) {
                    return Action.ACCEPT;
                }
                for (Window x = w; x != null; x = x.getOwner()) {
                    if (x == modal) {
                        return Action.ACCEPT_IMMEDIATELY;
                    }
                }
                return Action.REJECT;
            default:
                return Action.ACCEPT;
        }
    }

    /** Window.isModalExcluded: the window's own exclusion type or an owner's is at least {@code type}. */
    private static boolean excluded(Window w, Dialog.ModalExclusionType type) {
        for (Window x = w; x != null; x = x.getOwner()) {
            Dialog.ModalExclusionType t = x.getModalExclusionType();
            if (t != null && t.compareTo(type) >= 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the window is one the filters let through whatever the modality: the toolkit marks
     * such windows (Swing's heavyweight popups and tooltips) with its interface sun.awt.ModalExclude.
     */
    private static boolean isModalExclude(Window w) {
        for (Class<?> k = w.getClass(); k != null; k = k.getSuperclass()) {
            for (Class<?> i : k.getInterfaces()) {
                if (i.getName().equals("sun.awt.ModalExclude")) {
                    return true;
                }
            }
        }
        return false;
    }
}
