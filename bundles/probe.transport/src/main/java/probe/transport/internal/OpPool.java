package probe.transport.internal;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads that run ops: at most {@code opThreads}, a new one started only when every thread
 * is busy, and each ended after a while without work, so an idle probe holds none and a thousand
 * clients taking turns hold a few. Each connection puts at most one task here at a time (its
 * serial queue, {@link Connection#submit}), so the queue is bounded by the connections and a
 * connection's ops run in order; a long {@code gui.wait} holds one thread, not the others.
 */
final class OpPool {
    private static final long KEEP_ALIVE_SECONDS = 30;
    private final ThreadPoolExecutor executor;
    /** Tasks given and not yet finished: more of them than threads means none is idle. */
    private final AtomicInteger unfinished = new AtomicInteger();

    OpPool(int threads) {
        AtomicInteger n = new AtomicInteger();
        Queue queue = new Queue();
        executor = new ThreadPoolExecutor(0, threads, KEEP_ALIVE_SECONDS, TimeUnit.SECONDS, queue, r -> {
            Thread t = new Thread(r, "hdp-gui-op-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        }, (r, e) -> {
            // The pool could not start a thread it was asked for (another just started, or the limit): queue the task.
            if (!e.isShutdown()) {
                queue.force(r);
            }
        }) {
            @Override
            protected void afterExecute(Runnable r, Throwable t) {
                unfinished.decrementAndGet();
            }
        };
        queue.pool = executor;
    }

    /**
     * ThreadPoolExecutor starts a thread beyond its core size only when the queue refuses a task:
     * this queue refuses while no thread is idle and the pool may grow, and takes the task otherwise.
     */
    private final class Queue extends LinkedBlockingQueue<Runnable> {
        private static final long serialVersionUID = 1L;
        private transient ThreadPoolExecutor pool;

        @Override
        public boolean offer(Runnable r) {
            int size = pool.getPoolSize();
            if (unfinished.get() <= size || size >= pool.getMaximumPoolSize()) {
                return super.offer(r);
            }
            return false;
        }

        void force(Runnable r) {
            super.offer(r);
        }
    }

    void execute(Runnable task) {
        unfinished.incrementAndGet();
        try {
            executor.execute(task);
        } catch (RuntimeException e) {
            unfinished.decrementAndGet();
            throw e;
        }
    }

    /** Tasks given and not yet finished (their thread may still be returning from them). */
    int unfinished() {
        return unfinished.get();
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
