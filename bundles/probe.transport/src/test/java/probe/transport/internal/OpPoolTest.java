package probe.transport.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class OpPoolTest {

    @Test
    void tasksTakingTurnsShareAThreadAndBusyOnesGrowThePoolToItsBound() throws Exception {
        OpPool pool = new OpPool(8);
        try {
            for (int i = 0; i < 1000; i++) {
                CountDownLatch done = new CountDownLatch(1);
                pool.execute(done::countDown);
                assertTrue(done.await(5, TimeUnit.SECONDS));
                // The task counted down before its thread returned to the pool: wait for that, so
                // the next task meets an idle thread (a task given while one is still returning may
                // rightly start another thread, which is what made this test flaky under load).
                long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
                while (pool.unfinished() > 0 && System.nanoTime() < end) {
                    Thread.onSpinWait();
                }
            }
            assertTrue(pool.threads() == 1, "one task at a time needs no new thread each: " + pool.threads());

            CountDownLatch release = new CountDownLatch(1);
            CountDownLatch started = new CountDownLatch(8);
            CountDownLatch all = new CountDownLatch(20);
            for (int i = 0; i < 20; i++) {
                pool.execute(() -> {
                    started.countDown();
                    try {
                        release.await(10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    all.countDown();
                });
            }
            assertTrue(started.await(5, TimeUnit.SECONDS), "eight blocked tasks run at once");
            assertEquals(8, pool.threads(), "and no more threads than the bound");
            release.countDown();
            assertTrue(all.await(5, TimeUnit.SECONDS), "the queued ones run when threads free up");
        } finally {
            pool.stop(2000);
        }
    }
}
