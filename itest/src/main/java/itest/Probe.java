package itest;

import probe.api.wire.Wire;
import probe.client.ProbeClient;

/** The waits the tests ask the probe for (server-side, so no test sleeps). */
public final class Probe {
    private static final int WAIT_MILLIS = 15_000;

    private Probe() {
    }

    /** Waits until the dialog {@code name} is {@code open} or {@code closed}. */
    public static void waitDialog(ProbeClient c, String name, String state) throws Exception {
        c.call("gui.wait", Wire.object().put("dialog", name).put("state", state).put("timeoutMillis", WAIT_MILLIS));
    }

    /** Waits until {@code identifier} is {@code showing}, {@code hidden}, {@code enabled} or {@code disabled}. */
    public static void waitFor(ProbeClient c, String identifier, String state) throws Exception {
        c.call("gui.wait", Wire.object().put("identifier", identifier).put("state", state).put("timeoutMillis", WAIT_MILLIS));
    }
}
