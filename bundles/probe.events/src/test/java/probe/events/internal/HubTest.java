package probe.events.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.EventQueue;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import probe.api.wire.Wire;

class HubTest {
    private final Hub hub = new Hub();

    @AfterEach
    void close() {
        hub.close();
    }

    static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 10_000;
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(5);
        }
    }

    private static List<String> keys(ObjectNode o) {
        List<String> out = new ArrayList<>();
        for (Iterator<String> it = o.fieldNames(); it.hasNext();) {
            out.add(it.next());
        }
        return out;
    }

    @Test
    void publishAddsEventSeqAndTsInOrder() throws Exception {
        List<ObjectNode> got = new CopyOnWriteArrayList<>();
        hub.subscribe(List.of("*"), got::add);
        long before = System.currentTimeMillis();
        hub.publish("dialog.opened", Wire.object().put("name", "createVM").put("seq", 99).put("event", "forged"));
        hub.publish("list.refreshed", Wire.object().put("vmCount", 3));
        hub.publish("error", null);
        await(() -> got.size() == 3, "3 events");
        ObjectNode first = got.get(0);
        assertEquals(List.of("event", "name", "seq", "ts"), keys(first));
        assertEquals("dialog.opened", first.get("event").textValue());
        assertEquals("createVM", first.get("name").textValue());
        assertTrue(first.get("ts").longValue() >= before && first.get("ts").longValue() <= System.currentTimeMillis());
        assertEquals(3, got.get(1).get("vmCount").intValue());
        assertEquals(List.of("event", "seq", "ts"), keys(got.get(2)));
        long s0 = first.get("seq").longValue();
        assertEquals(s0 + 1, got.get(1).get("seq").longValue());
        assertEquals(s0 + 2, got.get(2).get("seq").longValue());
    }

    @Test
    void seqIsPerBusAndIncreasesAcrossNamesAndSubscribers() throws Exception {
        List<ObjectNode> dialogs = new CopyOnWriteArrayList<>();
        List<ObjectNode> all = new CopyOnWriteArrayList<>();
        hub.subscribe(List.of("dialog.*"), dialogs::add);
        hub.subscribe(List.of("*"), all::add);
        for (int i = 0; i < 100; i++) {
            hub.publish(i % 2 == 0 ? "dialog.opened" : "list.refreshed", Wire.object().put("i", i));
        }
        await(() -> all.size() == 100 && dialogs.size() == 50, "all events");
        for (int i = 1; i < all.size(); i++) {
            assertEquals(all.get(i - 1).get("seq").longValue() + 1, all.get(i).get("seq").longValue());
        }
        for (int i = 1; i < dialogs.size(); i++) {
            assertEquals(dialogs.get(i - 1).get("seq").longValue() + 2, dialogs.get(i).get("seq").longValue());
            assertEquals("dialog.opened", dialogs.get(i).get("event").textValue());
        }
    }

    @Test
    void concurrentPublishersKeepEachSubscriberInSeqOrder() throws Exception {
        List<ObjectNode> got = new CopyOnWriteArrayList<>();
        hub.subscribe(List.of("*"), got::add);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            Thread th = new Thread(() -> {
                for (int i = 0; i < 500; i++) {
                    hub.publish("e", null);
                }
            });
            threads.add(th);
            th.start();
        }
        for (Thread th : threads) {
            th.join();
        }
        await(() -> got.size() == 2000, "2000 events");
        for (int i = 1; i < got.size(); i++) {
            assertTrue(got.get(i - 1).get("seq").longValue() < got.get(i).get("seq").longValue(), "out of order at " + i);
        }
    }

    @Test
    void aDirectSubscriberHasTheEventBeforePublishReturns() throws Exception {
        List<ObjectNode> got = new ArrayList<>();
        AutoCloseable sub = hub.subscribeDirect(List.of("dialog.*"), got::add);
        hub.publish("dialog.opened", Wire.object().put("name", "createVM"));
        hub.publish("list.refreshed", Wire.object().put("vmCount", 1));
        assertEquals(1, got.size(), "in the sink's hands as publish returns, on the publisher's thread: " + got);
        assertEquals("createVM", got.get(0).get("name").asText());
        assertTrue(got.get(0).get("seq").asLong() > 0);
        sub.close();
        hub.publish("dialog.closed", Wire.object().put("name", "createVM"));
        assertEquals(1, got.size(), "nothing after close");
        assertEquals(0, hub.subscriberCount());
    }

    @Test
    void closedSubscriptionGetsNothingMore() throws Exception {
        List<ObjectNode> a = new CopyOnWriteArrayList<>();
        List<ObjectNode> b = new CopyOnWriteArrayList<>();
        AutoCloseable ha = hub.subscribe(List.of("*"), a::add);
        hub.subscribe(List.of("*"), b::add);
        assertEquals(2, hub.subscriberCount());
        hub.publish("one", null);
        await(() -> a.size() == 1 && b.size() == 1, "first event");
        ha.close();
        ha.close();
        assertEquals(1, hub.subscriberCount());
        hub.publish("two", null);
        await(() -> b.size() == 2, "second event");
        Thread.sleep(50);
        assertEquals(1, a.size());
    }

    @Test
    void aSlowSinkNeverBlocksThePublisherAndIsToldWhatItLost() throws Exception {
        Hub small = new Hub(256);
        try {
            CountDownLatch release = new CountDownLatch(1);
            List<ObjectNode> slow = new CopyOnWriteArrayList<>();
            List<ObjectNode> fast = java.util.Collections.synchronizedList(new ArrayList<>());
            small.subscribe(List.of("*"), e -> {
                try {
                    // Stuck entirely until the burst is over, then 1 ms per event.
                    release.await();
                    Thread.sleep(1);
                } catch (InterruptedException x) {
                    Thread.currentThread().interrupt();
                }
                slow.add(e);
            });
            small.subscribe(List.of("*"), fast::add);
            long t0 = System.nanoTime();
            for (int i = 0; i < 10_000; i++) {
                small.publish("burst", Wire.object().put("i", i));
            }
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            assertTrue(millis < 2000, "10,000 publishes took " + millis + " ms with a stuck sink");
            release.countDown();
            await(() -> count(slow) == 10_000, "the slow sink to account for every event");
            // 256 events queued up, plus the first one when the sink had already taken it before the
            // burst filled the queue (a race the test does not control); the rest were lost, in one count, last.
            int delivered = slow.size() - 1;
            assertTrue(delivered == 256 || delivered == 257, "delivered " + delivered);
            for (int j = 0; j < delivered; j++) {
                assertEquals(j, slow.get(j).get("i").intValue(), "in order, none skipped");
            }
            assertEquals("events.lost", slow.get(delivered).get("event").textValue());
            assertEquals(10_000 - delivered, slow.get(delivered).get("count").longValue());
            await(() -> count(fast) == 10_000, "the fast sink");
            long prev = 0;
            for (ObjectNode e : slow) {
                if (e.has("seq")) {
                    assertTrue(e.get("seq").longValue() > prev);
                    prev = e.get("seq").longValue();
                }
            }
        } finally {
            small.close();
        }
    }

    /** Events delivered plus those reported lost. */
    private static long count(List<ObjectNode> got) {
        long n = 0;
        for (ObjectNode e : new ArrayList<>(got)) {
            n += "events.lost".equals(e.get("event").textValue()) ? e.get("count").longValue() : 1;
        }
        return n;
    }

    @Test
    void lostMarkerSitsWhereTheEventsWereLost() throws Exception {
        Hub tiny = new Hub(4);
        try {
            CountDownLatch release = new CountDownLatch(1);
            List<String> got = new CopyOnWriteArrayList<>();
            tiny.subscribe(List.of("*"), e -> {
                try {
                    release.await();
                } catch (InterruptedException x) {
                    Thread.currentThread().interrupt();
                }
                got.add(e.get("event").textValue() + (e.has("count") ? e.get("count").intValue() : ""));
            });
            tiny.publish("e0", null);
            Thread.sleep(50);
            // e0 is in the sink's hands; e1..e4 fill the queue; e5..e7 are lost.
            for (int i = 1; i < 8; i++) {
                tiny.publish("e" + i, null);
            }
            release.countDown();
            await(() -> got.size() == 6, "6 deliveries");
            assertEquals(List.of("e0", "e1", "e2", "e3", "e4", "events.lost3"), got);
        } finally {
            tiny.close();
        }
    }

    @Test
    void aFailingSinkDoesNotStopDelivery() throws Exception {
        List<ObjectNode> got = new CopyOnWriteArrayList<>();
        hub.subscribe(List.of("*"), e -> {
            if (e.get("event").textValue().equals("bad")) {
                throw new IllegalStateException("sink broke");
            }
            got.add(e);
        });
        hub.publish("bad", null);
        hub.publish("good", null);
        await(() -> got.size() == 1, "the good event");
    }

    /**
     * Publishing on the EDT never waits for a subscriber: 20,000 events go out while one
     * subscriber is stuck in its handler. The time it takes is printed, not asserted (the machine
     * is shared); the test's timeout only guards against a publisher that blocks for good.
     */
    @Test
    @Timeout(120)
    void publishingOnTheEdtNeverWaitsForASubscriber() throws Exception {
        List<ObjectNode> got = new CopyOnWriteArrayList<>();
        CountDownLatch stuck = new CountDownLatch(1);
        CountDownLatch entered = new CountDownLatch(1);
        hub.subscribe(List.of("dialog.*"), got::add);
        hub.subscribe(List.of("*"), e -> {
            entered.countDown();
            try {
                stuck.await();
            } catch (InterruptedException x) {
                Thread.currentThread().interrupt();
            }
        });
        long[] nanos = new long[20_000];
        EventQueue.invokeAndWait(() -> {
            for (int i = 0; i < nanos.length; i++) {
                long t0 = System.nanoTime();
                hub.publish("dialog.opened", Wire.object().put("name", "createVM").put("title", "Create VM").put("vmId", "id-" + i));
                nanos[i] = System.nanoTime() - t0;
            }
        });
        assertTrue(entered.await(30, TimeUnit.SECONDS), "the stuck subscriber had an event");
        stuck.countDown();
        // The other subscriber had events meanwhile (as many as its bounded queue kept up with).
        await(() -> !got.isEmpty(), "events reached the subscriber that was not stuck");
        java.util.Arrays.sort(nanos);
        long median = nanos[nanos.length / 2];
        System.out.println("publish on the EDT: median " + median / 1000.0 + " µs, p99 " + nanos[nanos.length * 99 / 100] / 1000.0 + " µs");
    }

    @Test
    void sessionsSubscribeReplaceUnsubscribeAndAreForgottenOnClose() throws Exception {
        Fakes.FakeSession s = new Fakes.FakeSession("c1");
        hub.subscribe(s, Patterns.of(List.of("dialog.*")));
        hub.publish("dialog.opened", null);
        hub.publish("error", null);
        await(() -> s.events.size() == 1, "dialog.opened");
        hub.subscribe(s, Patterns.of(List.of("error")));
        assertEquals(1, hub.subscriberCount(), "a second subscribe replaces, it does not add");
        hub.publish("dialog.closed", null);
        hub.publish("error", null);
        await(() -> s.events.size() == 2, "error");
        assertEquals("error", s.events.get(1).get("event").textValue());
        assertTrue(hub.unsubscribe(s));
        assertFalse(hub.unsubscribe(s));
        assertEquals(0, hub.subscriberCount());
        hub.publish("error", null);
        Thread.sleep(50);
        assertEquals(2, s.events.size());
        hub.subscribe(s, Patterns.ALL);
        hub.subscribe(s, Patterns.ALL);
        assertEquals(1, s.onClose.size(), "one close hook per connection, however often it subscribes");
        s.close();
        assertEquals(0, hub.subscriberCount());
        assertFalse(hub.isSubscribed(s));
    }

    @Test
    void aSessionClosedBeforeSubscribingIsForgottenAtOnce() {
        Fakes.FakeSession s = new Fakes.FakeSession("c2");
        s.close();
        hub.subscribe(s, Patterns.ALL);
        assertEquals(0, hub.subscriberCount());
    }

    @Test
    void afterCloseNothingIsDeliveredAndSubscribingFails() {
        List<ObjectNode> got = new CopyOnWriteArrayList<>();
        Hub h = new Hub();
        h.subscribe(List.of("*"), got::add);
        h.close();
        h.publish("late", null);
        assertEquals(0, h.subscriberCount());
        assertTrue(got.isEmpty());
        assertThrows(IllegalStateException.class, () -> h.subscribe(List.of("*"), got::add));
    }

    @Test
    void invalidPatternsAreRefusedBySubscribe() {
        assertThrows(IllegalArgumentException.class, () -> hub.subscribe(List.of(""), e -> { }));
        assertThrows(NullPointerException.class, () -> hub.subscribe(List.of("*"), null));
    }
}
