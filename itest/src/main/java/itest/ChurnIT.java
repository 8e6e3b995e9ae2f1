package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import probe.client.ProbeClient;
import probe.client.ProbeUnavailableException;
import probe.client.RawConnection;

/**
 * The probe's bundles installed and uninstalled 100 times in one running framework with the GUI,
 * a client and a subscriber connected in each cycle (docs/RELIABILITY.md has the figures):
 * afterwards threads, AWT listeners, file descriptors, EventAdmin handlers and heap are back where
 * they were, and the GUI still answers.
 */
@ExtendWith(Bounded.class)
class ChurnIT {
    static final int CYCLES = Integer.parseInt(System.getenv().getOrDefault("HDP_CHURN_CYCLES", "100"));
    /** A few threads come and go with the JVM's own pools (reference handler, GC, timers). */
    static final int THREAD_SLACK = 3;
    /**
     * Heap after GC moves with caches warmed by the JDK (Swing, Jackson, class metadata), and holds
     * what Felix keeps of each uninstalled probe.transport: its Bundle object and manifest metadata
     * (about 20 KiB, no class loader), because the framework keeps a usage record for every bundle
     * that SCR looked ConfigurationAdmin up for (docs/PLUGINS.md, "Limits"); about 2 MiB in 100 cycles.
     */
    static final long HEAP_SLACK = 4L << 20;

    @BeforeAll
    static void up() throws Exception {
        Fixture.start();
        Swing.mainFrame();
    }

    @Test
    void installingAndRemovingTheProbeAHundredTimesLeavesNothingBehind() throws Exception {
        List<Path> jars = Plugin.cycled();
        try {
            // Warm-up: the first cycles load classes and fill caches that stay for the JVM's life.
            for (int i = 0; i < 3; i++) {
                cycle(jars);
            }
            Plugin.uninstall(jars);
            awaitGone();
            Health before = Health.now();
            java.util.Map<String, Integer> fdsBefore = Health.fdTargets();
            long t0 = System.nanoTime();
            for (int i = 0; i < CYCLES; i++) {
                cycle(jars);
            }
            long ms = (System.nanoTime() - t0) / 1_000_000;
            Plugin.uninstall(jars);
            awaitGone();
            Health after = settled(before);
            java.util.Map<String, Integer> grown = Health.grown(fdsBefore, Health.fdTargets());
            System.out.printf("ChurnIT: %d cycles in %d ms (%d ms each)%n  before: %s%n  after:  %s%n", CYCLES, ms, ms / CYCLES,
                    before, after);
            System.out.println("  descriptors grown: " + grown);
            System.out.println("  class loaders of uninstalled bundles still alive: " + aliveLoaders() + " of " + LOADERS.size());
            assertEquals(0, after.probeThreads(), "no probe thread is left: " + after);
            assertTrue(after.threads() <= before.threads() + THREAD_SLACK, before + " -> " + after);
            assertEquals(before.awtListeners(), after.awtListeners(), "AWT listeners");
            assertEquals(before.eventHandlers(), after.eventHandlers(), "EventAdmin handlers");
            assertTrue(after.fds() <= before.fds() + 2, "file descriptors: " + before + " -> " + after + "; grown: " + grown);
            assertEquals(java.util.Map.of(), aliveLoaders(), "class loaders of uninstalled bundles still alive");
            assertTrue(after.heapAfterGc() <= before.heapAfterGc() + HEAP_SLACK, "heap: " + before + " -> " + after);
        } finally {
            Plugin.uninstall(jars);
            Plugin.installAndStart(jars);
            Fixture.awaitProbe();
        }
        try (ProbeClient c = Fixture.client()) {
            assertTrue(c.call("gui.screenshot").get("width").intValue() > 0, "the GUI still paints after the churn");
        }
        assertTrue(Health.edtHopMillis() < 1000, "the EDT still answers");
    }

    /** The class loaders of every cycle's bundles: once uninstalled, each must be collectable. */
    private static final List<java.util.Map.Entry<String, java.lang.ref.WeakReference<ClassLoader>>> LOADERS = new java.util.ArrayList<>();

    /** Per bundle, how many of its uninstalled class loaders are still alive after a GC. */
    private static java.util.Map<String, Integer> aliveLoaders() throws InterruptedException {
        Health.measureHeapAfterGc();
        java.util.Map<String, Integer> alive = new java.util.TreeMap<>();
        for (java.util.Map.Entry<String, java.lang.ref.WeakReference<ClassLoader>> e : LOADERS) {
            if (e.getValue().get() != null) {
                alive.merge(e.getKey(), 1, Integer::sum);
            }
        }
        return alive;
    }

    /** Puts the probe in, uses it with a client and a subscriber, and takes it out under them. */
    private static void cycle(List<Path> jars) throws Exception {
        Plugin.uninstall(jars);
        for (org.osgi.framework.Bundle b : Plugin.installAndStart(jars)) {
            ClassLoader l = b.adapt(org.osgi.framework.wiring.BundleWiring.class).getClassLoader();
            LOADERS.add(java.util.Map.entry(b.getSymbolicName(), new java.lang.ref.WeakReference<>(l)));
        }
        Fixture.awaitProbe();
        try (ProbeClient client = ProbeClient.connect(Fixture.socket(), Duration.ofSeconds(10));
                ProbeClient watcher = ProbeClient.connect(Fixture.socket(), Duration.ofSeconds(10))) {
            watcher.subscribe("*");
            assertTrue(TransportIT.contains(client.call("probe.hello").get("ops"), "gui.event.subscribe"));
            client.call("gui.list", probe.api.wire.Wire.object().put("scope", "sidebar"));
            Plugin.uninstall(jars);
            assertClosed(client);
            assertClosed(watcher);
        }
        assertFalse(Files.exists(Fixture.socket(), LinkOption.NOFOLLOW_LINKS), "uninstalling deletes the socket file");
    }

    /** The probe closed the connection: a clean end of stream, or a reset. */
    private static void assertClosed(ProbeClient c) {
        try {
            String line;
            while ((line = RawConnection.of(c).readLine()) != null) {
                assertTrue(line.contains("\"event\""), "only events may still arrive: " + line);
            }
        } catch (ProbeUnavailableException e) {
            // Reset by the closing side: closed as well.
        }
    }

    private static void awaitGone() throws InterruptedException {
        Fixture.await("the probe's threads to end", () -> Health.countProbeThreads() == 0);
    }

    /** The figures once the threads that end on their own (timers, pools) have had a moment. */
    private static Health settled(Health before) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        Health h = Health.now();
        while ((h.threads() > before.threads() + THREAD_SLACK || h.fds() > before.fds() + 2) && System.nanoTime() < deadline) {
            Thread.sleep(200);
            h = Health.now();
        }
        return h;
    }
}
