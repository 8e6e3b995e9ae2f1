package probe.cli.internal;

import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * While open, Ctrl-C (SIGINT) sets a flag instead of ending the JVM, so that a command that runs
 * until interrupted ({@code gui watch}) ends cleanly with exit 0. Closing restores the previous
 * handler. Where the JVM reserves the signal ({@code -Xrs}), Ctrl-C ends it as usual.
 */
final class CtrlC implements AutoCloseable {
    private static final Signal INT = new Signal("INT");

    private final SignalHandler previous;
    private volatile boolean pressed;

    private CtrlC() {
        SignalHandler p;
        try {
            p = Signal.handle(INT, sig -> pressed = true);
        } catch (IllegalArgumentException e) {
            p = null;
        }
        previous = p;
    }

    static CtrlC trap() {
        return new CtrlC();
    }

    boolean pressed() {
        return pressed;
    }

    @Override
    public void close() {
        if (previous != null) {
            Signal.handle(INT, previous);
        }
    }
}
