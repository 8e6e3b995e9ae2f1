package hvm.gui.internal.library;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import hvm.gui.internal.model.Vm;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/**
 * The VM library on disk: one JSON file per VM, {@code <library>/vms/<id>.json}.
 *
 * <ul>
 * <li>A write goes to a hidden temp file {@code .<id>.<digits>.tmp} in the same folder, which is
 * forced to the disk, renamed over the old file (atomically) and then the folder is forced: after
 * a crash or a power loss the name holds the old record or the new one, never an empty or half
 * file. Temp files left by a process that died mid-write are removed by {@link #open()}.</li>
 * <li>Every write holds the library's lock ({@code <library>/vms.lock}: a file lock between
 * processes, and a lock between the stores of one JVM), and a change reads the record, applies
 * itself and writes the result while holding it ({@link #update}): two HVMs on one library never
 * overwrite each other's changes unseen.</li>
 * <li>A {@code .json} file that is no usable VM is moved aside to {@code <name>.corrupt} (or
 * {@code <name>.corrupt.2}, …), never silently skipped; {@link #takeMovedAside()} says which, so
 * that the app can tell the user.</li>
 * </ul>
 */
public final class LibraryStore {
    private static final System.Logger LOG = System.getLogger(LibraryStore.class.getName());
    private static final String SUFFIX = ".json";
    /** What a file that is no usable VM is renamed to: its name plus this (then {@code .2}, {@code .3}, … if taken). */
    public static final String CORRUPT_SUFFIX = ".corrupt";
    private static final int MAX_CORRUPT_NAMES = 100;
    private static final String LOCK_FILE = "vms.lock";
    /** How long a write waits for another HVM (or another store of this JVM) to release the library. */
    static final long LOCK_WAIT_MILLIS = 5_000;
    private static final long LOCK_POLL_MILLIS = 5;
    private static final int REASON_CHARS = 200;
    private static final boolean WINDOWS = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");
    // Ids name files, so only uuid-like ids are accepted: nothing that could climb out of vms/.
    private static final String ID_REGEX = "[A-Za-z0-9][A-Za-z0-9-]{0,63}";
    private static final Pattern ID = Pattern.compile(ID_REGEX);
    // Files.createTempFile(dir, "." + id + ".", ".tmp") names: a number between prefix and suffix.
    private static final Pattern TEMP = Pattern.compile("\\." + ID_REGEX + "\\.[0-9]+\\.tmp");
    // One lock per lock file in this JVM: a second channel's lock would throw, and closing it would
    // drop the first channel's lock too (POSIX locks belong to the process, not to the channel).
    private static final Map<Path, ReentrantLock> JVM_LOCKS = new ConcurrentHashMap<>();

    /**
     * A file that was no usable VM: where it was, where it is now ({@code null} if it could not be
     * moved, then reported once per version of the file), and why.
     */
    public record MovedAside(Path file, Path movedTo, String reason) {
    }

    private final Path library;
    private final Path vmsDir;
    private final Map<Path, FileTime> unmovable = new ConcurrentHashMap<>();
    private final Queue<MovedAside> movedAside = new ConcurrentLinkedQueue<>();
    private final ObjectMapper mapper = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(DeserializationFeature.READ_UNKNOWN_ENUM_VALUES_USING_DEFAULT_VALUE)
            .build();

    public LibraryStore(Path library) {
        this.library = library;
        this.vmsDir = library.resolve("vms");
    }

    /** The folder that holds the VM files (and that the watcher watches). */
    public Path vmsDir() {
        return vmsDir;
    }

    /** Creates the library's folders if they are missing and removes temp files a crashed writer left. */
    public void open() throws IOException {
        Files.createDirectories(vmsDir);
        locked(() -> {
            // Under the lock: no live writer of any HVM has a temp file now, so every one is a leftover.
            try (DirectoryStream<Path> temps = Files.newDirectoryStream(vmsDir,
                    f -> TEMP.matcher(f.getFileName().toString()).matches())) {
                for (Path temp : temps) {
                    Files.deleteIfExists(temp);
                    LOG.log(Level.INFO, "Removed {0}, left by a write that did not finish", temp);
                }
            }
            return null;
        });
    }

    /**
     * Every VM whose file parses, sorted by name. A file that is no usable VM is moved aside
     * ({@link #takeMovedAside()}).
     */
    public List<Vm> list() throws IOException {
        List<Vm> vms = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(vmsDir, LibraryStore::isVmFile)) {
            for (Path file : files) {
                readOrMoveAside(file).ifPresent(vms::add);
            }
        } catch (NoSuchFileException e) {
            return List.of();
        }
        vms.sort(Comparator.comparing((Vm vm) -> vm.name().toLowerCase(Locale.ROOT)).thenComparing(Vm::id));
        return vms;
    }

    /** The VM's record as its file holds it now; a file that is no usable VM is moved aside. */
    public Optional<Vm> find(String id) {
        if (!ID.matcher(id).matches()) {
            return Optional.empty();
        }
        try {
            return readOrMoveAside(fileOf(id));
        } catch (IOException e) {
            LOG.log(Level.WARNING, "Reading the VM " + id + " failed: " + e);
            return Optional.empty();
        }
    }

    /** The files moved aside since the last call, oldest first; each is returned once. */
    public List<MovedAside> takeMovedAside() {
        List<MovedAside> taken = new ArrayList<>();
        for (MovedAside m; (m = movedAside.poll()) != null;) {
            taken.add(m);
        }
        return taken;
    }

    /** Writes {@code vm} durably and atomically, replacing its file if there is one (a new VM's first write). */
    public void save(Vm vm) throws IOException {
        Path target = fileOf(vm.id());
        byte[] bytes = mapper.writeValueAsBytes(vm);
        locked(() -> {
            write(vm.id(), target, bytes);
            return null;
        });
    }

    /**
     * Applies {@code edit} to the VM's record as its file holds it now and writes the result, all
     * under the library's lock: no other HVM writes between the read and the write, so a change
     * is always made to the latest record and never overwrites another one unseen. {@code edit}
     * must be quick and touch no library. The record written; empty if the VM is no longer in the
     * library (or its file is no usable VM: the next {@link #list()} moves it aside).
     */
    public Optional<Vm> update(String id, UnaryOperator<Vm> edit) throws IOException {
        Path target = fileOf(id);
        return locked(() -> {
            Vm current = tryRead(target).vm();
            if (current == null) {
                return Optional.<Vm>empty();
            }
            Vm updated = edit.apply(current);
            if (!updated.id().equals(id)) {
                throw new IllegalArgumentException("an update may not change the VM's id");
            }
            write(id, target, mapper.writeValueAsBytes(updated));
            return Optional.of(updated);
        });
    }

    /** Removes the VM's file; a VM that is already gone is not an error. */
    public void delete(String id) throws IOException {
        Path file = fileOf(id);
        locked(() -> {
            if (Files.deleteIfExists(file)) {
                forceFolder(vmsDir);
            }
            return null;
        });
    }

    static boolean isVmFile(Path file) {
        String name = file.getFileName().toString();
        return name.endsWith(SUFFIX) && !name.startsWith(".") && Files.isRegularFile(file);
    }

    private Path fileOf(String id) {
        if (!ID.matcher(id).matches()) {
            throw new IllegalArgumentException("not a VM id: " + id);
        }
        return vmsDir.resolve(id + SUFFIX);
    }

    // ---- writing

    /** Temp file, forced; renamed over the target; the folder forced. The caller holds the lock. */
    private void write(String id, Path target, byte[] bytes) throws IOException {
        Path temp = Files.createTempFile(vmsDir, "." + id + ".", ".tmp");
        try {
            try (FileChannel out = FileChannel.open(temp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    out.write(buffer);
                }
                out.force(true);
            }
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
        forceFolder(vmsDir);
    }

    /**
     * Forces a folder's entries (a rename, a new or removed name) to the disk. Windows cannot open a
     * folder as a file (AccessDeniedException) and makes its renames durable itself: skipped there.
     */
    static void forceFolder(Path dir) throws IOException {
        try (FileChannel folder = FileChannel.open(dir, StandardOpenOption.READ)) {
            folder.force(true);
        } catch (AccessDeniedException e) {
            if (!WINDOWS) {
                throw e;
            }
        }
    }

    /** Runs {@code body} holding the library's lock, waiting at most {@link #LOCK_WAIT_MILLIS} for it. */
    private <T> T locked(LockedCall<T> body) throws IOException {
        Path lockFile = library.resolve(LOCK_FILE);
        ReentrantLock jvmLock = JVM_LOCKS.computeIfAbsent(lockFile.toAbsolutePath().normalize(), p -> new ReentrantLock());
        if (jvmLock.isHeldByCurrentThread()) {
            // A second channel on the lock file would fail to lock, and closing it would drop the first one's lock.
            throw new IllegalStateException("the library's lock is not reentrant: no library call inside an update");
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(LOCK_WAIT_MILLIS);
        try {
            if (!jvmLock.tryLock(LOCK_WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
                throw busy(lockFile);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the library's lock");
        }
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            FileLock lock;
            while ((lock = tryLock(channel)) == null) {
                if (System.nanoTime() - deadline > 0) {
                    throw busy(lockFile);
                }
                try {
                    Thread.sleep(LOCK_POLL_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new InterruptedIOException("interrupted while waiting for the library's lock");
                }
            }
            try {
                return body.call();
            } finally {
                lock.release();
            }
        } finally {
            jvmLock.unlock();
        }
    }

    private static FileLock tryLock(FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (OverlappingFileLockException e) {
            // Not expected behind the JVM lock (the same file under another path?): wait as for another process.
            return null;
        }
    }

    private static IOException busy(Path lockFile) {
        return new IOException("the library is busy: another HVM has held " + lockFile + " for more than "
                + LOCK_WAIT_MILLIS / 1000 + " s");
    }

    @FunctionalInterface
    private interface LockedCall<T> {
        T call() throws IOException;
    }

    // ---- reading

    /** A file's VM, or why it is none; {@code missing} when the file is not there. */
    private record Read(Vm vm, String bad, boolean missing) {
    }

    private Read tryRead(Path file) {
        try {
            Vm vm = mapper.readValue(Files.readAllBytes(file), Vm.class);
            if (vm == null) {
                return new Read(null, "the file is empty or holds null", false);
            }
            if (!file.getFileName().toString().equals(vm.id() + SUFFIX)) {
                return new Read(null, "its id " + vm.id() + " does not match the file name", false);
            }
            return new Read(vm, null, false);
        } catch (NoSuchFileException e) {
            // Deleted between listing the folder and reading it: gone, not bad.
            return new Read(null, null, true);
        } catch (JsonProcessingException e) {
            // Jackson also reports a record constructor's IllegalArgumentException this way.
            return new Read(null, e.getOriginalMessage(), false);
        } catch (IOException | RuntimeException e) {
            return new Read(null, e.toString(), false);
        }
    }

    private Optional<Vm> readOrMoveAside(Path file) throws IOException {
        Read read = tryRead(file);
        if (read.vm() != null || read.missing()) {
            unmovable.remove(file);
            return Optional.ofNullable(read.vm());
        }
        // Under the lock, read again: another HVM may have just written a good version.
        return locked(() -> {
            Read again = tryRead(file);
            if (again.vm() != null || again.missing()) {
                return Optional.ofNullable(again.vm());
            }
            moveAside(file, shorten(again.bad()));
            return Optional.<Vm>empty();
        });
    }

    /** Renames a bad file to a free {@code <name>.corrupt[.n]}; the caller holds the lock. */
    private void moveAside(Path file, String reason) {
        Path movedTo = null;
        try {
            for (int n = 1; n <= MAX_CORRUPT_NAMES && movedTo == null; n++) {
                Path candidate = file.resolveSibling(file.getFileName() + CORRUPT_SUFFIX + (n == 1 ? "" : "." + n));
                // Checked first: a rename would replace an older .corrupt file (only writers holding the lock make them).
                if (Files.notExists(candidate)) {
                    Files.move(file, candidate, StandardCopyOption.ATOMIC_MOVE);
                    movedTo = candidate;
                }
            }
            if (movedTo == null) {
                throw new IOException(MAX_CORRUPT_NAMES + " older " + CORRUPT_SUFFIX + " files of this name are in the way");
            }
            forceFolder(vmsDir);
        } catch (IOException e) {
            // Reported once per version of the file, not on every refresh.
            FileTime modified;
            try {
                modified = Files.getLastModifiedTime(file);
            } catch (IOException gone) {
                modified = FileTime.fromMillis(0);
            }
            boolean news = !modified.equals(unmovable.put(file, modified));
            LOG.log(news ? Level.WARNING : Level.DEBUG, "VM file {0} is no usable VM ({1}) and could not be moved aside: {2}",
                    file, reason, e.toString());
            if (news) {
                movedAside.add(new MovedAside(file, null, reason + "; moving it aside failed: " + shorten(e.toString())));
            }
            return;
        }
        LOG.log(Level.WARNING, "VM file {0} is no usable VM ({1}): moved to {2}", file, reason, movedTo);
        movedAside.add(new MovedAside(file, movedTo, reason));
    }

    private static String shorten(String reason) {
        String line = reason == null ? "unreadable" : reason.strip().lines().findFirst().orElse("unreadable");
        return line.length() <= REASON_CHARS ? line : line.substring(0, REASON_CHARS) + "\u2026";
    }
}
