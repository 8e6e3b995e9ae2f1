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
import java.util.List;
import java.util.UUID;
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
    void badFilesAreSkipped() throws IOException {
        Vm good = vm("good");
        store.save(good);
        Path vms = library.resolve("vms");
        String otherId = UUID.randomUUID().toString();
        Files.writeString(vms.resolve(UUID.randomUUID() + ".json"), "{ not json");
        Files.writeString(vms.resolve(UUID.randomUUID() + ".json"), "[]");
        Files.writeString(vms.resolve(UUID.randomUUID() + ".json"), "");
        Files.writeString(vms.resolve(otherId + ".json"), "{\"id\":\"" + otherId + "\",\"name\":\"  \"}");
        // A copy whose id no longer matches its file name would be saved over the original.
        Files.writeString(vms.resolve("copy-of-good.json"), Files.readString(vms.resolve(good.id() + ".json")));
        String encId = UUID.randomUUID().toString();
        Files.writeString(vms.resolve(encId + ".json"),
                "{\"id\":\"" + encId + "\",\"name\":\"enc\",\"encrypted\":true}");
        Files.writeString(vms.resolve("notes.txt"), "not a VM");
        Files.createDirectory(vms.resolve("folder.json"));

        assertEquals(List.of(good), store.list());
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
