package itest;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import probe.client.ProbeClient;

/**
 * Whether the transport runs with a given maxConnections, asked positively: a check that passes
 * while the transport restarts on a new configuration would let the next test meet the restart.
 */
final class Connections {
    private Connections() {
    }

    /** True when {@code n} connections are all served at once. */
    static boolean served(int n) {
        List<ProbeClient> held = new ArrayList<>();
        try {
            open(n, held);
            return true;
        } catch (Exception e) {
            return false;
        } finally {
            held.forEach(ProbeClient::close);
            awaitNone();
        }
    }

    /** True when a fresh client's probe.hello says the transport runs with maxConnections {@code n} (its limits, from the server itself). */
    static boolean limitIs(int n) {
        try (ProbeClient c = ProbeClient.connect(Fixture.socket(), Duration.ofSeconds(5))) {
            return c.call("probe.hello").path("limits").path("maxConnections").asInt() == n;
        } catch (Exception e) {
            return false;
        }
    }

    /** Opens {@code n} connections into {@code held}, each answering a hello; throws at the first that does not. */
    private static void open(int n, List<ProbeClient> held) throws Exception {
        for (int i = 0; i < n; i++) {
            ProbeClient c = ProbeClient.connect(Fixture.socket(), Duration.ofSeconds(5));
            held.add(c);
            c.call("probe.hello");
        }
    }

    static void awaitNone() {
        try {
            Fixture.await("the server to close the connections", () -> Health.openConnections() == 0);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
