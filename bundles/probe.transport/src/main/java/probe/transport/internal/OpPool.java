package probe.transport.internal;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads that run ops: at most {@code opThreads}, started as work comes and ended after a
 * while without any, so an idle probe holds none. Each connection puts at most one task here at a
 * time (its serial queue, {@link Connection#submit}), so the queue is bounded by the connections
 * and a connection's ops run in order; a long {@code gui.wait} holds one thread, not the others.
 */
final class OpPool {
    private static final long KEEP_ALIVE_SECONDS = 30;
    private final ThreadPoolExecutor executor;

    OpPool(int threads) {
        AtomicInteger n = new AtomicInteger();
        executor = new ThreadPoolExecutor(threads, threads, KEEP_ALIVE_SECONDS, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
            Thread t = new Thread(r, "hdp-gui-op-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        executor.allowCoreThreadTimeOut(true);
    }

    void execute(Runnable task) {
        executor.execute(task);
    }

    /** Threads running now (for the limits hello reports and the tests). */
    int threads() {
        return executor.getPoolSize();
    }

    /** Stops taking work and waits up to {@code millis} for the ops running to end. */
    void stop(long millis) throws InterruptedException {
        executor.shutdownNow();
        executor.awaitTermination(millis, TimeUnit.MILLISECONDS);
    }
}
