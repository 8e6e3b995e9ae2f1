package probe.registry.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Component;
import java.awt.EventQueue;
import java.awt.event.ItemListener;
import java.beans.PropertyChangeListener;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.swing.AbstractButton;
import javax.swing.JComboBox;
import javax.swing.JList;
import javax.swing.JPasswordField;
import javax.swing.JProgressBar;
import javax.swing.JSlider;
import javax.swing.JSpinner;
import javax.swing.JTabbedPane;
import javax.swing.Timer;
import javax.swing.event.ChangeListener;
import javax.swing.event.DocumentEvent;
import javax.swing.event.DocumentListener;
import javax.swing.event.ListSelectionListener;
import javax.swing.text.Document;
import javax.swing.text.JTextComponent;
import probe.api.ErrorCodes;
import probe.api.ProbeException;
import probe.api.swing.Target;
import probe.api.swing.ViewRegistry;
import probe.api.wire.Wire;

/**
 * {@code gui.wait {identifier, value}}: waits until the control's value, as {@code gui.list}
 * reports it (a label's or a field's text, a toggle's state, a combo's shown item, a spinner's
 * number), equals the one asked for, compared as text ({@code true}, {@code 3} and {@code "3"} are
 * what they print as). A change is seen as it happens: listeners on the control (its property
 * changes, its document, its items, its model) look again right after the event that changed it;
 * a Swing timer also looks every {@value WaitOp#POLL_MILLIS} ms, for a control that appears or is
 * replaced. Everything it reads is read on the EDT; the connection's thread only waits. A password
 * field's text is never compared: asking for it is {@code gui.invalid_args}.
 */
final class ValueWait {
    private final ViewRegistry registry;
    private final String identifier;
    private final String wanted;
    private final CompletableFuture<String> done = new CompletableFuture<>();
    private final long deadline;

    // EDT only.
    private Component watched;
    private Runnable unwatch = () -> { };
    private boolean scheduled;
    private String last;
    private Timer timer;

    private ValueWait(ViewRegistry registry, String identifier, String wanted, long timeoutMillis) {
        this.registry = registry;
        this.identifier = identifier;
        this.wanted = wanted;
        this.deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    }

    /**
     * Waits until {@code identifier}'s value is {@code wanted}; the data of the reply.
     *
     * @throws ProbeException {@code gui.timeout} with {@code details.lastValue} when it is not by
     *     {@code timeoutMillis}; {@code gui.invalid_args} for a password field
     */
    static ObjectNode await(ViewRegistry registry, String identifier, String wanted, long timeoutMillis, long edtTimeout)
            throws ProbeException {
        ValueWait w = new ValueWait(registry, identifier, wanted, timeoutMillis);
        long start = System.nanoTime();
        EventQueue.invokeLater(w::start);
        String last = WaitOp.answer(w.done, timeoutMillis, edtTimeout, w::stop);
        long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        if (!wanted.equals(last)) {
            ObjectNode details = ProbeException.newDetails().put("wanted", wanted).put("lastValue", last).put("timeoutMillis", timeoutMillis);
            throw new ProbeException(ErrorCodes.TIMEOUT, "'" + identifier + "' was still " + (last == null ? "without a value (not showing)"
                    : "\"" + last + "\"") + " after " + timeoutMillis + " ms (waited for \"" + wanted + "\")", details);
        }
        return Wire.object().put("value", wanted).put("waitedMillis", waited);
    }

    /** The value of {@code t} as text, as gui.list reports it; null when it has none. On the EDT. */
    static String valueOf(Target t, String identifier) throws ProbeException {
        if (t.kind() == Target.Kind.CELL) {
            // What the cell shows: its text, a check box's true or false.
            Object v = probe.api.swing.Shown.cell((javax.swing.JTable) t.component(), t.index(), t.column());
            return v == null ? null : v.toString();
        }
        if (t.kind() == Target.Kind.ROW) {
            return probe.api.swing.Shown.row(t.component(), t.index());
        }
        if (t.kind() != Target.Kind.COMPONENT) {
            return null;
        }
        Component c = t.component();
        if (c instanceof JPasswordField) {
            throw ProbeException.invalidArgs("'" + identifier + "' is a password field: its text is never read, so it cannot be"
                    + " waited for (wait for another control, such as the button it enables)");
        }
        if (c instanceof JTextComponent) {
            return ((JTextComponent) c).getText();
        }
        Object v = Items.plainValue(c);
        return v == Items.NO_VALUE || v == null ? null : v.toString();
    }

    private void start() {
        timer = new Timer(WaitOp.POLL_MILLIS, e -> look(true));
        timer.setInitialDelay(WaitOp.POLL_MILLIS);
        timer.start();
        look(true);
    }

    private void stop() {
        if (timer != null) {
            timer.stop();
        }
        unwatch.run();
        unwatch = () -> { };
        watched = null;
    }

    /** Reads the value now: after resolving the identifier again ({@code resolve}), or from the control watched. */
    private void look(boolean resolve) {
        if (done.isDone()) {
            return;
        }
        try {
            Component c = watched;
            String value;
            if (resolve || c == null) {
                Target t;
                try {
                    t = registry.resolve(identifier);
                } catch (ProbeException e) {
                    if (!ErrorCodes.IDENTIFIER_NOT_FOUND.equals(e.code())) {
                        throw e;
                    }
                    t = null;
                }
                value = t == null ? null : valueOf(t, identifier);
                watch(t == null || t.kind() != Target.Kind.COMPONENT ? null : t.component());
            } else {
                value = c.isShowing() ? valueOf(new Target(identifier, Target.Kind.COMPONENT, c, -1, java.util.List.of()), identifier) : null;
            }
            last = value;
            if (wanted.equals(value) || System.nanoTime() >= deadline) {
                stop();
                done.complete(value);
            }
        } catch (ProbeException | RuntimeException x) {
            stop();
            done.completeExceptionally(x);
        }
    }

    /** A change of the watched control: look again right after the event that made it. */
    private void changed() {
        if (scheduled || done.isDone()) {
            return;
        }
        scheduled = true;
        EventQueue.invokeLater(() -> {
            scheduled = false;
            look(false);
        });
    }

    /** Listens to {@code c} (and nothing else) for the changes of its value. */
    private void watch(Component c) {
        if (c == watched) {
            return;
        }
        unwatch.run();
        unwatch = () -> { };
        watched = c;
        if (c == null) {
            return;
        }
        PropertyChangeListener properties = e -> {
            if ("document".equals(e.getPropertyName())) {
                // A field given a new document: watch that one (the next look resolves and watches anew).
                unwatch.run();
                unwatch = () -> { };
                watched = null;
            }
            changed();
        };
        c.addPropertyChangeListener(properties);
        Runnable off = () -> c.removePropertyChangeListener(properties);
        if (c instanceof JTextComponent) {
            DocumentListener text = new DocumentListener() {
                @Override
                public void insertUpdate(DocumentEvent e) {
                    changed();
                }

                @Override
                public void removeUpdate(DocumentEvent e) {
                    changed();
                }

                @Override
                public void changedUpdate(DocumentEvent e) {
                    changed();
                }
            };
            Document doc = ((JTextComponent) c).getDocument();
            doc.addDocumentListener(text);
            Runnable before = off;
            off = () -> {
                before.run();
                doc.removeDocumentListener(text);
            };
        } else if (c instanceof AbstractButton || c instanceof JComboBox) {
            ItemListener items = e -> changed();
            if (c instanceof AbstractButton) {
                ((AbstractButton) c).addItemListener(items);
            } else {
                ((JComboBox<?>) c).addItemListener(items);
            }
            Runnable before = off;
            off = () -> {
                before.run();
                if (c instanceof AbstractButton) {
                    ((AbstractButton) c).removeItemListener(items);
                } else {
                    ((JComboBox<?>) c).removeItemListener(items);
                }
            };
        } else if (c instanceof JSpinner || c instanceof JSlider || c instanceof JProgressBar || c instanceof JTabbedPane) {
            ChangeListener change = e -> changed();
            Runnable before = off;
            if (c instanceof JSpinner) {
                ((JSpinner) c).addChangeListener(change);
                off = () -> {
                    before.run();
                    ((JSpinner) c).removeChangeListener(change);
                };
            } else if (c instanceof JSlider) {
                ((JSlider) c).addChangeListener(change);
                off = () -> {
                    before.run();
                    ((JSlider) c).removeChangeListener(change);
                };
            } else if (c instanceof JProgressBar) {
                ((JProgressBar) c).addChangeListener(change);
                off = () -> {
                    before.run();
                    ((JProgressBar) c).removeChangeListener(change);
                };
            } else {
                ((JTabbedPane) c).addChangeListener(change);
                off = () -> {
                    before.run();
                    ((JTabbedPane) c).removeChangeListener(change);
                };
            }
        } else if (c instanceof JList) {
            ListSelectionListener selection = e -> changed();
            ((JList<?>) c).addListSelectionListener(selection);
            Runnable before = off;
            off = () -> {
                before.run();
                ((JList<?>) c).removeListSelectionListener(selection);
            };
        }
        unwatch = off;
    }
}
