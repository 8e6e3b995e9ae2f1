package hvm.gui.internal.library;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import hvm.gui.internal.model.Disk;
import hvm.gui.internal.model.OsType;
import hvm.gui.internal.model.Snapshot;
import hvm.gui.internal.model.Vm;
import hvm.gui.internal.model.VmState;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LibraryStoreTest {
    @TempDir
    Path library;
    LibraryStore store;

    @BeforeEach
    void open() throws IOException {
        store = new LibraryStore(library);
        store.open();
    }

    static Vm vm(String name) {
        return new Vm(UUID.randomUUID().toString(), name, OsType.DEBIAN, 2, 2048, 32, "", false,
                VmState.STOPPED, List.of(), List.of(), null);
    }

    @Test
    void opensTheVmsFolder() {
        assertTrue(Files.isDirectory(library.resolve("vms")));
    }

    @Test
    void savedVmsAreListedByNameAndRoundTrip() throws IOException {
        Vm b = vm("beta").withExtraDisks(List.of(new Disk("d1", "data", 10)))
                .withSnapshots(List.of(new Snapshot("s1", "clean", "after install", 1234L)));
        Vm a = vm("Alpha").withState(VmState.RUNNING);
        store.save(b);
        store.save(a);

        assertEquals(List.of(a, b), store.list());
        assertTrue(Files.isRegularFile(library.resolve("vms").resolve(a.id() + ".json")));
        assertEquals(b, store.find(b.id()).orElseThrow());
    }

    @Test
    void theFileIsPlainJsonWithLowerCaseWords() throws IOException {
        Vm a = vm("Alpha").withState(VmState.RUNNING);
        store.save(a);
        String json = Files.readString(library.resolve("vms").resolve(a.id() + ".json"));
        assertTrue(json.contains("\"state\" : \"running\""), json);
        assertTrue(json.contains("\"osType\" : \"debian\""), json);
        assertTrue(json.contains("\"memoryMiB\" : 2048"), json);
    }

    @Test
    void deleteRemovesTheFileAndToleratesAMissingOne() throws IOException {
        Vm a = vm("a");
        store.save(a);
        store.delete(a.id());
        assertEquals(List.of(), store.list());
        store.delete(a.id());
    }

    @Test
    void badFilesAreMovedAsideNotListed() throws IOException {
        Vm good = vm("good");
        store.save(good);
        Path vms = library.resolve("vms");
        String otherId = UUID.randomUUID().toString();
        List<String> bad = new ArrayList<>();
        bad.add(write(vms, UUID.randomUUID() + ".json", "{ not json"));
        bad.add(write(vms, UUID.randomUUID() + ".json", "[]"));
        bad.add(write(vms, UUID.randomUUID() + ".json", ""));
        bad.add(write(vms, UUID.randomUUID() + ".json", "null"));
        bad.add(write(vms, otherId + ".json", "{\"id\":\"" + otherId + "\",\"name\":\"  \"}"));
        // A copy whose id no longer matches its file name would be saved over the original.
        bad.add(write(vms, "copy-of-good.json", Files.readString(vms.resolve(good.id() + ".json"))));
        String encId = UUID.randomUUID().toString();
        bad.add(write(vms, encId + ".json", "{\"id\":\"" + encId + "\",\"name\":\"enc\",\"encrypted\":true}"));
        Files.writeString(vms.resolve("notes.txt"), "not a VM");
        Files.createDirectory(vms.resolve("folder.json"));

        assertEquals(List.of(good), store.list());
        for (String name : bad) {
            assertTrue(Files.notExists(vms.resolve(name)), name + " is moved away");
            assertTrue(Files.isRegularFile(vms.resolve(name + ".corrupt")), name + " is moved aside to " + name + ".corrupt");
        }
        assertEquals("{ not json", Files.readString(vms.resolve(bad.get(0) + ".corrupt")), "the content is kept");
        assertTrue(Files.isRegularFile(vms.resolve("notes.txt")), "other files are left alone");
        assertTrue(Files.isDirectory(vms.resolve("folder.json")));
        assertEquals(List.of(good), store.list());
    }

    @Test
    void eachFileMovedAsideIsReportedOnceWithWhereItWentAndWhy() throws IOException {
        Path vms = library.resolve("vms");
        String id = UUID.randomUUID().toString();
        Files.writeString(vms.resolve(id + ".json"), "");
        Files.writeString(vms.resolve(id + ".json.corrupt"), "an older damaged version");
        assertEquals(Optional.empty(), store.find(id));

        List<LibraryStore.MovedAside> moved = store.takeMovedAside();
        assertEquals(1, moved.size(), moved.toString());
        assertEquals(vms.resolve(id + ".json"), moved.get(0).file());
        assertEquals(vms.resolve(id + ".json.corrupt.2"), moved.get(0).movedTo(), "an older .corrupt file is kept");
        assertTrue(moved.get(0).reason().contains("end-of-input"), moved.get(0).reason());
        assertEquals("an older damaged version", Files.readString(vms.resolve(id + ".json.corrupt")));
        store.list();
        assertEquals(List.of(), store.takeMovedAside(), "reported once");
    }

    @Test
    void leftoverTempFilesAreRemovedAtOpenAndOthersKept() throws IOException {
        Path vms = library.resolve("vms");
        Vm a = vm("a");
        store.save(a);
        // What a writer killed between creating its temp file and renaming it leaves behind.
        String leftover = "." + a.id() + ".8231740153302911046.tmp";
        Files.writeString(vms.resolve(leftover), "{\"id\":");
        String empty = "." + UUID.randomUUID() + ".42.tmp";
        Files.writeString(vms.resolve(empty), "");
        // Someone else's hidden file is not ours to remove.
        Files.writeString(vms.resolve(".notes.tmp"), "mine");

        new LibraryStore(library).open();

        try (Stream<Path> files = Files.list(vms)) {
            assertEquals(Set.of(a.id() + ".json", ".notes.tmp"),
                    files.map(p -> p.getFileName().toString()).collect(Collectors.toSet()));
        }
        assertEquals(List.of(a), store.list());
    }

    @Test
    void twoStoresOnOneLibraryKeepEachOthersChanges() throws Exception {
        // Two HVMs on one library: B changes the VM while A is making its change.
        LibraryStore other = new LibraryStore(library);
        other.open();
        Vm a = vm("a");
        store.save(a);
        CountDownLatch aRead = new CountDownLatch(1);
        ExecutorService b = Executors.newSingleThreadExecutor();
        try {
            Future<Optional<Vm>> bDone = b.submit(() -> {
                assertTrue(aRead.await(10, TimeUnit.SECONDS));
                return other.update(a.id(), w -> w.withSnapshots(List.of(new Snapshot("b", "from B", "", 1))));
            });
            Optional<Vm> aDone = store.update(a.id(), v -> {
                aRead.countDown();
                // B is under way now: give it the time to write, if anything lets it.
                sleep(300);
                return v.withExtraDisks(List.of(new Disk("d", "from A", 8)));
            });
            assertTrue(aDone.isPresent());
            assertTrue(bDone.get(10, TimeUnit.SECONDS).isPresent());
        } finally {
            b.shutdownNow();
        }
        Vm onDisk = store.find(a.id()).orElseThrow();
        assertEquals(List.of("from A"), onDisk.extraDisks().stream().map(Disk::name).collect(Collectors.toList()),
                "A's change is kept");
        assertEquals(List.of("from B"), onDisk.snapshots().stream().map(Snapshot::name).collect(Collectors.toList()),
                "B's change is kept");
    }

    @Test
    void anUpdateOfAVmThatIsGoneWritesNothing() throws Exception {
        Vm a = vm("a");
        store.save(a);
        new LibraryStore(library).delete(a.id());
        assertEquals(Optional.empty(), store.update(a.id(), v -> v.withState(VmState.RUNNING)));
        assertEquals(List.of(), store.list(), "not written back");
    }

    @Test
    void aLibraryCallInsideAnUpdateIsRefusedNotDeadlocked() throws Exception {
        Vm a = vm("a");
        store.save(a);
        LibraryStore other = new LibraryStore(library);
        assertThrows(IllegalStateException.class, () -> store.update(a.id(), v -> {
            try {
                other.save(vm("b"));
            } catch (IOException e) {
                throw new AssertionError(e);
            }
            return v;
        }));
        assertEquals(List.of(a), store.list());
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void concurrentUpdatesOfTwoStoresLoseNothing() throws Exception {
        Vm a = vm("a");
        store.save(a);
        LibraryStore other = new LibraryStore(library);
        int each = 100;
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (LibraryStore s : List.of(store, other)) {
                String who = s == store ? "A" : "B";
                done.add(pool.submit(() -> {
                    for (int i = 0; i < each; i++) {
                        String name = who + i;
                        s.update(a.id(), v -> {
                            List<Snapshot> all = new ArrayList<>(v.snapshots());
                            all.add(new Snapshot(name, name, "", 0));
                            return v.withSnapshots(all);
                        });
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(2 * each, store.find(a.id()).orElseThrow().snapshots().size());
    }

    private static String write(Path dir, String name, String content) throws IOException {
        Files.writeString(dir.resolve(name), content);
        return name;
    }

    @Test
    void unknownFieldsAndOsTypesDoNotMakeAFileBad() throws IOException {
        String id = UUID.randomUUID().toString();
        Files.writeString(library.resolve("vms").resolve(id + ".json"),
                "{\"id\":\"" + id + "\",\"name\":\"future\",\"osType\":\"haiku\",\"gpu\":\"virtio\"}");
        Vm vm = store.list().get(0);
        assertEquals(OsType.OTHER, vm.osType());
        assertEquals(VmState.STOPPED, vm.state());
    }

    @Test
    void saveReplacesTheWholeFileAndLeavesNoTempFile() throws IOException {
        Vm a = vm("a");
        store.save(a.withSnapshots(List.of(new Snapshot("s", "long".repeat(500), "", 1))));
        store.save(a);
        assertEquals(List.of(a), store.list());
        try (Stream<Path> files = Files.list(library.resolve("vms"))) {
            assertEquals(List.of(a.id() + ".json"),
                    files.map(p -> p.getFileName().toString()).collect(Collectors.toList()));
        }
    }

    @Test
    void aFailedWriteKeepsTheOldFileAndRemovesTheTempFile() throws IOException {
        Vm a = vm("a");
        Path target = library.resolve("vms").resolve(a.id() + ".json");
        Files.createDirectory(target);
        Files.writeString(target.resolve("occupied"), "x", StandardCharsets.UTF_8);

        assertThrows(IOException.class, () -> store.save(a));
        assertTrue(Files.isDirectory(target));
        try (Stream<Path> files = Files.list(library.resolve("vms"))) {
            assertFalse(files.anyMatch(p -> p.getFileName().toString().endsWith(".tmp")));
        }
    }

    @Test
    void idsThatCouldLeaveTheFolderAreRefused() {
        Vm evil = new Vm("../escape", "evil", OsType.OTHER, 1, 256, 1, "", false, VmState.STOPPED, List.of(), List.of(), null);
        assertThrows(IllegalArgumentException.class, () -> store.save(evil));
        assertTrue(store.find("../escape").isEmpty());
    }

    @Test
    void aMissingFolderListsAsEmpty() throws IOException {
        Files.delete(library.resolve("vms"));
        assertEquals(List.of(), store.list());
    }
}
