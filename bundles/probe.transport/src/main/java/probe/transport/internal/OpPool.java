package probe.transport.internal;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads that run ops: at most {@code opThreads}, a new one started only when every thread
 * is busy, and each ended after a while without work, so an idle probe holds none and a thousand
 * clients taking turns hold a few. Each connection puts at most one task here at a time (its
 * serial queue, {@link Connection#submit}), so the queue is bounded by the connections and a
 * connection's ops run in order; a long {@code gui.wait} holds one thread, not the others.
 *
 * <p>Written here rather than as a ThreadPoolExecutor with a queue and hooks of this bundle: the
 * JDK's pool code runs on every pool's threads in the JVM, and compiled code specialised for a class
 * of this bundle, on the stack of a thread that outlives the bundle, kept the bundle's class loader
 * alive after an uninstall (ChurnIT on Java 25). Here only this bundle's own threads run this code.
 */
final class OpPool {
    private static final long KEEP_ALIVE_SECONDS = 30;
    private final int max;
    private final LinkedBlockingQueue<Runnable> queue = new LinkedBlockingQueue<>();
    /** Tasks given and not yet finished: more of them than threads means none is idle. */
    private final AtomicInteger unfinished = new AtomicInteger();
    private final Set<Thread> workers = ConcurrentHashMap.newKeySet();
    private final AtomicInteger named = new AtomicInteger();
    private volatile boolean stopped;

    OpPool(int threads) {
        this.max = threads;
    }

    void execute(Runnable task) {
        if (stopped) {
            throw new RejectedExecutionException("the op pool is stopped");
        }
        unfinished.incrementAndGet();
        queue.add(task);
        grow();
    }

    /** Starts a thread when more tasks are unfinished than threads run (so none is idle), up to the bound. */
    private synchronized void grow() {
        if (!stopped && !queue.isEmpty() && unfinished.get() > workers.size() && workers.size() < max) {
            Thread t = new Thread(this::work, "hdp-gui-op-" + named.incrementAndGet());
            t.setDaemon(true);
            workers.add(t);
            t.start();
        }
    }

    private void work() {
        Thread me = Thread.currentThread();
        try {
            while (!stopped) {
                Runnable task = queue.poll(KEEP_ALIVE_SECONDS, TimeUnit.SECONDS);
                if (task == null) {
                    // Idle for the keep-alive: end, unless a task came meanwhile (grow, holding the
                    // same lock, then sees one thread fewer and starts another if none is idle).
                    synchronized (this) {
                        if (queue.isEmpty()) {
                            workers.remove(me);
                            return;
                        }
                    }
                    continue;
                }
                try {
                    task.run();
                } catch (RuntimeException | Error e) {
                    me.getUncaughtExceptionHandler().uncaughtException(me, e);
                } finally {
                    unfinished.decrementAndGet();
                }
            }
        } catch (InterruptedException e) {
            // Stopped.
        } finally {
            workers.remove(me);
        }
    }

    /** Tasks given and not yet finished (their thread may still be returning from them). */
    int unfinished() {
        return unfinished.get();
    }

    /** Threads running now (for the limits hello reports and the tests). */
    int threads() {
        return workers.size();
    }

    /** Stops taking work, interrupts the ops running and waits up to {@code millis} for their threads to end. */
    void stop(long millis) throws InterruptedException {
        stopped = true;
        queue.clear();
        for (Thread t : workers) {
            t.interrupt();
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        for (Thread t : workers) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return;
            }
            t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
        }
    }
}
