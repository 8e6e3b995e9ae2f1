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

    /**
     * Waits until {@code identifier} shows and a hand could click it. A window that has just shown
     * becomes the active one a moment later (no window manager: the toolkit activates it itself);
     * until then the window that was active stays on top of the stacking order AWT knows, and a
     * control of the new window counts as covered by it.
     */
    public static void waitForClickable(ProbeClient c, String identifier) throws Exception {
        waitFor(c, identifier, "showing");
        Fixture.await(identifier + " to be clickable", () -> {
            try {
                for (com.fasterxml.jackson.databind.JsonNode i : c.call("gui.list", Wire.object().put("scope", identifier)).get("items")) {
                    if (identifier.equals(i.path("identifier").asText()) && i.path("clickable").asBoolean()) {
                        return true;
                    }
                }
                return false;
            } catch (Exception e) {
                return false;
            }
        });
    }
}
