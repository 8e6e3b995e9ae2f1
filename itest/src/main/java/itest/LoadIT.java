package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.service.cm.Configuration;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.common.annotation.config.InjectConfiguration;
import probe.api.events.EventBus;
import probe.api.wire.Wire;
import probe.client.ProbeClient;
import probe.client.RawConnection;

/**
 * 16 clients at once, 10,000 mixed requests each (hello, gui.list, gui.dialog.current, unknown
 * ops, bad lines, a few screenshots), pipelined four deep, while a subscriber takes a steady event
 * stream: every reply comes, in order, to its own id; memory stays bounded; the event dispatch
 * thread keeps answering (sampled every 20 ms). Figures in docs/RELIABILITY.md.
 */
@ExtendWith(Bounded.class)
class LoadIT {
    static final int CLIENTS = 16;
    static final int REQUESTS = Integer.parseInt(System.getenv().getOrDefault("HDP_LOAD_REQUESTS", "10000"));
    static final int WINDOW = 4;

    record Expect(String id, boolean ok, String code) {
    }

    @BeforeAll
    static void up() throws Exception {
        Fixture.start();
        Swing.mainFrame();
    }

    /** 16 clients and the subscriber: more than the default maxConnections, so the test raises it (osgi-test puts it back). */
    @Test
    void sixteenClientsGetEveryReplyInOrderAndTheGuiStaysResponsive(@InjectConfiguration(Fixture.TRANSPORT_PID) Configuration transport,
            @InjectService(timeout = Fixture.WAIT_MILLIS) EventBus bus) throws Exception {
        Fixture.change(transport, Map.of("maxConnections", CLIENTS + 4));
        Fixture.await("the transport to take 20 connections", () -> Connections.served(CLIENTS + 1));
        load(bus);
    }

    /** Runs after osgi-test has put the transport's configuration back: waits until the transport runs with it. */
    @AfterEach
    void defaultConfigurationAgain() throws Exception {
        Fixture.await("the transport to take its default maxConnections", () -> Connections.limitIs(1024));
    }

    private void load(EventBus bus) throws Exception {
        Fixture.await("earlier connections to be closed", () -> Health.openConnections() == 0);
        long heapBefore = Health.measureHeapAfterGc();
        AtomicBoolean running = new AtomicBoolean(true);
        List<Double> hops = Collections.synchronizedList(new ArrayList<>());
        AtomicLong peakHeap = new AtomicLong();
        Thread sampler = new Thread(() -> {
            Runtime rt = Runtime.getRuntime();
            while (running.get()) {
                try {
                    hops.add(Health.edtHopMillis());
                    peakHeap.accumulateAndGet(rt.totalMemory() - rt.freeMemory(), Math::max);
                    Thread.sleep(20);
                } catch (Exception e) {
                    return;
                }
            }
        }, "itest-edt-sampler");

        AtomicLong published = new AtomicLong();
        Thread publisher = new Thread(() -> {
            while (running.get()) {
                bus.publish("load.tick", Wire.object().put("n", published.incrementAndGet()));
                try {
                    Thread.sleep(2);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "itest-publisher");

        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS + 1);
        try (ProbeClient watcher = ProbeClient.connect(Fixture.socket(), Duration.ofSeconds(30))) {
            watcher.subscribe("load.*");
            long[] seen = new long[2];
            Future<?> watching = pool.submit(() -> {
                while (true) {
                    ObjectNode e = watcher.nextEvent(Duration.ofSeconds(3));
                    if (e == null) {
                        if (!running.get()) {
                            return null;
                        }
                        continue;
                    }
                    if ("events.lost".equals(e.get("event").asText())) {
                        seen[1] += e.get("count").longValue();
                    } else {
                        seen[0]++;
                    }
                }
            });
            sampler.start();
            publisher.start();
            long t0 = System.nanoTime();
            List<Future<long[]>> clients = new ArrayList<>();
            for (int k = 0; k < CLIENTS; k++) {
                int client = k;
                clients.add(pool.submit(() -> runClient(client)));
            }
            long total = 0;
            long screenshots = 0;
            for (Future<long[]> f : clients) {
                long[] r = f.get(15, TimeUnit.MINUTES);
                total += r[0];
                screenshots += r[1];
            }
            long ms = (System.nanoTime() - t0) / 1_000_000;
            running.set(false);
            publisher.join();
            sampler.join();
            watching.get(1, TimeUnit.MINUTES);
            long heapAfter = Health.measureHeapAfterGc();
            List<Double> sorted = new ArrayList<>(hops);
            Collections.sort(sorted);
            double p50 = sorted.get(sorted.size() / 2);
            double p99 = sorted.get((int) (sorted.size() * 0.99));
            double max = sorted.get(sorted.size() - 1);
            System.out.printf("LoadIT: %d clients x %d requests = %d replies (%d screenshots) in %d ms (%.0f/s);"
                    + " events published %d, delivered %d, reported lost %d; EDT hop over %d samples p50 %.2f ms p99 %.2f ms max %.1f ms;"
                    + " heap after GC %.1f -> %.1f MiB, peak used %.1f MiB%n", CLIENTS, REQUESTS, total, screenshots, ms,
                    total * 1000.0 / ms, published.get(), seen[0], seen[1], sorted.size(), p50, p99, max,
                    heapBefore / 1048576.0, heapAfter / 1048576.0, peakHeap.get() / 1048576.0);
            assertEquals((long) CLIENTS * REQUESTS, total, "every request got its reply");
            assertEquals(published.get(), seen[0] + seen[1], "every event was delivered or counted as lost");
            assertTrue(p99 < 750 && max < 3000, "the EDT stayed responsive: p99 " + p99 + " ms, max " + max + " ms");
            assertTrue(heapAfter < heapBefore + (64L << 20), "memory is bounded: " + heapBefore + " -> " + heapAfter);
        } finally {
            running.set(false);
            pool.shutdownNow();
        }
        Fixture.await("every load connection to be closed", () -> Health.openConnections() == 0);
    }

    /** One client's run: returns {replies checked, screenshots}. */
    static long[] runClient(int client) throws Exception {
        return runClient(client, REQUESTS);
    }

    /** One client's run of {@code requests} requests, {@code WINDOW} outstanding: returns {replies checked, screenshots}. */
    static long[] runClient(int client, int requests) throws Exception {
        Random r = new Random(1000 + client);
        ArrayDeque<Expect> outstanding = new ArrayDeque<>();
        long replies = 0;
        long shots = 0;
        try (ProbeClient c = ProbeClient.connect(Fixture.socket(), Duration.ofSeconds(60))) {
            for (int i = 0; i < requests; i++) {
                String id = "c" + client + "-" + i;
                String line;
                Expect e;
                int pick = r.nextInt(100);
                if (i % 2000 == 1000) {
                    line = request(id, "gui.screenshot", null);
                    e = new Expect(id, true, null);
                    shots++;
                } else if (pick < 45) {
                    line = request(id, "probe.hello", null);
                    e = new Expect(id, true, null);
                } else if (pick < 65) {
                    line = request(id, "gui.list", Wire.object().put("scope", r.nextBoolean() ? "sidebar" : "window"));
                    e = new Expect(id, true, null);
                } else if (pick < 70) {
                    line = request(id, "gui.dialog.current", null);
                    e = new Expect(id, true, null);
                } else if (pick < 85) {
                    line = request(id, "load.no_such_op", null);
                    e = new Expect(id, false, "protocol.unknown_op");
                } else {
                    line = "not json " + id;
                    e = new Expect(null, false, "protocol.parse_error");
                }
                RawConnection.of(c).send((line + "\n").getBytes(StandardCharsets.UTF_8));
                outstanding.add(e);
                if (outstanding.size() >= WINDOW) {
                    check(client, outstanding.poll(), RawConnection.of(c).readMessage());
                    replies++;
                }
            }
            while (!outstanding.isEmpty()) {
                check(client, outstanding.poll(), RawConnection.of(c).readMessage());
                replies++;
            }
        }
        return new long[] {replies, shots};
    }

    private static String request(String id, String op, ObjectNode args) throws Exception {
        return Wire.mapper().writeValueAsString(Wire.request(Wire.mapper().valueToTree(id), op, args));
    }

    private static void check(int client, Expect e, ObjectNode reply) {
        String where = "client " + client + " expected " + e + ", got " + reply.toString().substring(0, Math.min(300, reply.toString().length()));
        if (e.id() == null) {
            assertTrue(reply.get("id").isNull(), where);
        } else {
            assertEquals(e.id(), reply.get("id").asText(), where);
        }
        assertEquals(e.ok(), reply.get("ok").booleanValue(), where);
        if (e.code() != null) {
            assertEquals(e.code(), reply.get("error").get("code").asText(), where);
        }
        assertFalse(reply.has("event"), where);
    }
}
