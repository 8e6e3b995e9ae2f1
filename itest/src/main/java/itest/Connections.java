package itest;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import probe.client.ProbeClient;
import probe.client.RawConnection;

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

    /** True when {@code n} connections are served and one more is refused with protocol.too_many_connections. */
    static boolean limitIs(int n) {
        List<ProbeClient> held = new ArrayList<>();
        try {
            open(n, held);
            try (ProbeClient extra = ProbeClient.connect(Fixture.socket(), Duration.ofSeconds(5))) {
                String line = RawConnection.of(extra).readLine();
                return line != null && line.contains("protocol.too_many_connections");
            }
        } catch (Exception e) {
            return false;
        } finally {
            held.forEach(ProbeClient::close);
            awaitNone();
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
            Fixture.await("the server to close the connections", () -> Health.connectionThreads() == 0);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
