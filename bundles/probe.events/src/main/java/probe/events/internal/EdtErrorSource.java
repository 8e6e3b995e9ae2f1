package probe.events.internal;

import java.awt.Container;
import java.awt.EventQueue;
import java.awt.Window;
import java.util.Arrays;
import javax.swing.JPasswordField;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import probe.api.events.EventBus;
import probe.api.wire.Wire;

/**
 * {@code error {message: "<Type>: <message>", source: "edt"}} for every exception that escapes an
 * event on the event dispatch thread. The EDT hands such an exception to its uncaught exception
 * handler, which (unless the app gave the EDT a handler of its own) is the default one: this
 * component installs a default handler that publishes and then does exactly what was there
 * before (the previous default handler, or the JDK's "Exception in thread ..." print), so the
 * app behaves as without the probe. Other threads' exceptions pass straight through.
 *
 * <p>Deactivating puts the previous handler back. If someone installed another default handler
 * meanwhile (which may be chaining to this one), this one stays in place but only passes
 * exceptions on, so neither is broken.
 *
 * <p>The message never carries a secret: the text of any password field is cut out of it, and it
 * is at most {@value #MAX_MESSAGE} characters long.
 */
@Component(configurationPolicy = ConfigurationPolicy.IGNORE)
public final class EdtErrorSource {
    static final int MAX_MESSAGE = 1000;
    private static final System.Logger LOG = System.getLogger(EdtErrorSource.class.getName());

    private final Handler handler;

    @Activate
    public EdtErrorSource(@Reference(name = "bus") EventBus bus) {
        handler = new Handler(bus, Thread.getDefaultUncaughtExceptionHandler());
        Thread.setDefaultUncaughtExceptionHandler(handler);
    }

    @Deactivate
    void deactivate() {
        handler.active = false;
        if (Thread.getDefaultUncaughtExceptionHandler() == handler) {
            Thread.setDefaultUncaughtExceptionHandler(handler.previous);
            return;
        }
        LOG.log(System.Logger.Level.INFO, "another default uncaught exception handler was installed after the probe's;"
                + " the probe's stays in its chain, passing exceptions on");
    }

    private static final class Handler implements Thread.UncaughtExceptionHandler {
        final EventBus bus;
        final Thread.UncaughtExceptionHandler previous;
        volatile boolean active = true;

        Handler(EventBus bus, Thread.UncaughtExceptionHandler previous) {
            this.bus = bus;
            this.previous = previous;
        }

        @Override
        public void uncaughtException(Thread t, Throwable e) {
            if (active && t == Thread.currentThread() && EventQueue.isDispatchThread()) {
                try {
                    bus.publish("error", Wire.object().put("message", message(e)).put("source", "edt"));
                } catch (Throwable x) {
                    // Reporting must never replace the app's own handling of its exception.
                }
            }
            if (previous != null) {
                previous.uncaughtException(t, e);
            } else if (!(e instanceof ThreadDeath)) {
                // What ThreadGroup.uncaughtException does when there is no default handler.
                System.err.print("Exception in thread \"" + t.getName() + "\" ");
                e.printStackTrace(System.err);
            }
        }
    }

    /** {@code <Type>: <message>} (or just the type), with password fields' text cut out. Call on the EDT. */
    static String message(Throwable e) {
        String m = e.getMessage();
        String text = e.getClass().getName() + (m == null ? "" : ": " + m);
        text = redactPasswords(text);
        return text.length() <= MAX_MESSAGE ? text : text.substring(0, MAX_MESSAGE - 1) + "…";
    }

    /** Replaces every occurrence of a password field's text by {@code ***}. Reads each password into a char array it wipes at once. */
    static String redactPasswords(String text) {
        String out = text;
        for (Window w : Window.getWindows()) {
            out = redact(w, out);
        }
        return out;
    }

    private static String redact(Container c, String text) {
        String out = text;
        for (java.awt.Component child : c.getComponents()) {
            if (child instanceof JPasswordField) {
                char[] secret = ((JPasswordField) child).getPassword();
                try {
                    out = cut(out, secret);
                } finally {
                    Arrays.fill(secret, '\0');
                }
            } else if (child instanceof Container) {
                out = redact((Container) child, out);
            }
        }
        return out;
    }

    private static String cut(String text, char[] secret) {
        if (secret.length == 0) {
            return text;
        }
        StringBuilder b = new StringBuilder(text.length());
        int i = 0;
        while (i < text.length()) {
            if (startsWith(text, i, secret)) {
                b.append("***");
                i += secret.length;
            } else {
                b.append(text.charAt(i++));
            }
        }
        return b.toString();
    }

    private static boolean startsWith(String text, int at, char[] secret) {
        if (at + secret.length > text.length()) {
            return false;
        }
        for (int k = 0; k < secret.length; k++) {
            if (text.charAt(at + k) != secret[k]) {
                return false;
            }
        }
        return true;
    }
}
