package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import probe.client.ProbeClient;

/** The transport's EDT watchdog: a 3 s stall of the event dispatch thread is told once, with its stack, and its end too. */
@ExtendWith(Bounded.class)
class EdtWatchdogIT {

    @BeforeAll
    static void up() throws Exception {
        Fixture.start();
        Swing.mainFrame();
    }

    @Test
    void aStalledEdtIsReportedOnceWithItsStackAndItsRecoveryWithHowLongItTook() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            c.subscribe("edt.*");
            AutoCloseable release = Swing.blockEdt();
            List<ObjectNode> events = new ArrayList<>();
            try {
                long until = System.nanoTime() + Duration.ofSeconds(3).toNanos();
                while (System.nanoTime() < until) {
                    ObjectNode e = c.nextEvent(Duration.ofMillis(100));
                    if (e != null) {
                        events.add(e);
                    }
                }
            } finally {
                release.close();
            }
            ObjectNode recovered = null;
            long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (recovered == null && System.nanoTime() < deadline) {
                ObjectNode e = c.nextEvent(Duration.ofMillis(200));
                if (e != null) {
                    events.add(e);
                    if ("edt.recovered".equals(e.get("event").asText())) {
                        recovered = e;
                    }
                }
            }
            System.out.println("EdtWatchdogIT: " + events);
            List<ObjectNode> stalled = events.stream().filter(e -> "edt.stalled".equals(e.get("event").asText())).toList();
            assertEquals(1, stalled.size(), "one edt.stalled for one stall: " + events);
            ObjectNode s = stalled.get(0);
            assertTrue(s.get("millis").longValue() >= 1000, s.toString());
            assertTrue(s.get("edtStack").toString().contains("CountDownLatch.await"), "the stack shows what the EDT does: " + s);
            assertTrue(recovered != null, "edt.recovered follows: " + events);
            assertTrue(recovered.get("millis").longValue() >= 2500, "the whole stall is counted: " + recovered);
            assertTrue(events.indexOf(s) < events.indexOf(recovered), events.toString());
        }
    }
}
