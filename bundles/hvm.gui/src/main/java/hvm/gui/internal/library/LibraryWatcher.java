package hvm.gui.internal.library;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.concurrent.TimeUnit;

/**
 * Watches the VM folder on a daemon thread and calls {@code onChange} once a burst of changes
 * has been quiet for the debounce time, so a file written by another program (or a copy of many
 * files) shows as one refresh. {@link #close()} ends the thread.
 */
public final class LibraryWatcher implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(LibraryWatcher.class.getName());
    private static final long JOIN_MILLIS = 2_000;

    private final WatchService watchService;
    private final Thread thread;
    private final Runnable onChange;
    private final long debounceMillis;

    private LibraryWatcher(Path dir, Runnable onChange, long debounceMillis) throws IOException {
        this.onChange = onChange;
        this.debounceMillis = debounceMillis;
        this.watchService = dir.getFileSystem().newWatchService();
        try {
            dir.register(watchService, StandardWatchEventKinds.ENTRY_CREATE,
                    StandardWatchEventKinds.ENTRY_DELETE, StandardWatchEventKinds.ENTRY_MODIFY);
        } catch (IOException | RuntimeException e) {
            watchService.close();
            throw e;
        }
        this.thread = new Thread(this::run, "hvm-gui-library-watcher");
        thread.setDaemon(true);
    }

    /** Starts watching {@code dir}; {@code onChange} runs on the watcher thread. */
    public static LibraryWatcher start(Path dir, Runnable onChange, long debounceMillis) throws IOException {
        LibraryWatcher watcher = new LibraryWatcher(dir, onChange, debounceMillis);
        watcher.thread.start();
        return watcher;
    }

    private void run() {
        try {
            while (true) {
                WatchKey key = watchService.take();
                drain(key);
                // Debounce: keep swallowing events until the folder has been quiet for a while.
                WatchKey next;
                while ((next = watchService.poll(debounceMillis, TimeUnit.MILLISECONDS)) != null) {
                    drain(next);
                }
                notifyChange();
            }
        } catch (ClosedWatchServiceException | InterruptedException e) {
            // close() was called: the normal way out.
        }
    }

    private static void drain(WatchKey key) {
        key.pollEvents();
        key.reset();
    }

    private void notifyChange() {
        try {
            onChange.run();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Refreshing the VM list after a library change failed", e);
        }
    }

    /** Stops the thread and waits (bounded) for it to end. */
    @Override
    public void close() {
        try {
            watchService.close();
        } catch (IOException e) {
            LOG.log(Level.DEBUG, "Closing the library watch service failed", e);
        }
        thread.interrupt();
        try {
            thread.join(JOIN_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) {
            LOG.log(Level.WARNING, "The library watcher thread did not end within {0} ms", JOIN_MILLIS);
        }
    }
}
