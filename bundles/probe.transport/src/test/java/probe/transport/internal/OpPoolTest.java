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
            }
            assertTrue(pool.threads() <= 2, "one task at a time needs no new thread each: " + pool.threads());

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
