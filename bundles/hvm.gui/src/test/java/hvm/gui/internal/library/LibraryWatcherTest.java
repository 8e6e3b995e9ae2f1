package hvm.gui.internal.library;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LibraryWatcherTest {
    @TempDir
    Path dir;

    @Test
    void aNewOrDeletedFileIsReportedAndCloseEndsTheThread() throws Exception {
        Semaphore changes = new Semaphore(0);
        LibraryWatcher watcher = LibraryWatcher.start(dir, changes::release, 50);
        try {
            Files.writeString(dir.resolve("a.json"), "{}");
            assertTrue(changes.tryAcquire(10, TimeUnit.SECONDS), "creation reported");
            Files.delete(dir.resolve("a.json"));
            assertTrue(changes.tryAcquire(10, TimeUnit.SECONDS), "deletion reported");
        } finally {
            watcher.close();
        }
        assertFalse(Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().equals("hvm-gui-library-watcher")), "watcher thread ended");
    }

    @Test
    void aBurstOfChangesIsOneRefresh() throws Exception {
        Semaphore changes = new Semaphore(0);
        LibraryWatcher watcher = LibraryWatcher.start(dir, changes::release, 400);
        try {
            for (int i = 0; i < 20; i++) {
                Files.writeString(dir.resolve(i + ".json"), "{}");
            }
            assertTrue(changes.tryAcquire(10, TimeUnit.SECONDS));
            assertFalse(changes.tryAcquire(1, TimeUnit.SECONDS), "no second refresh for the same burst");
        } finally {
            watcher.close();
        }
    }
}
