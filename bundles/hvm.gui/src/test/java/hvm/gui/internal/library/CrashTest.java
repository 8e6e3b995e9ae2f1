package hvm.gui.internal.library;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import hvm.gui.internal.model.Snapshot;
import hvm.gui.internal.model.Vm;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writers killed with {@code kill -9} ({@link Process#destroyForcibly()}) at random points, and
 * two writer processes on one library: a child JVM ({@link SaveLoop}) on this test's class path
 * does the writing. After each kill every VM file must parse and hold the VM's old or new
 * version, none may be missing, and no temp file may survive the next {@link LibraryStore#open()}.
 */
class CrashTest {
    static final int ROUNDS = 30;
    static final long CHILD_START_MILLIS = 30_000;
    static final long WAIT_MILLIS = 10_000;
    static final long TOTAL_MILLIS = 180_000;
    static final ObjectMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.READ_UNKNOWN_ENUM_VALUES_USING_DEFAULT_VALUE).build();

    @TempDir
    Path library;

    @Test
    void aWriterKilledAtRandomPointsLeavesEveryVmWholeOldOrNew() throws Exception {
        long seed = Long.getLong("hvm.crash.seed", System.nanoTime());
        Random random = new Random(seed);
        long end = System.currentTimeMillis() + TOTAL_MILLIS;
        Path vms = library.resolve("vms");
        Set<String> savedNew = new HashSet<>();
        Set<String> maybeNew = new HashSet<>();
        int onDisk = 0;
        int saves = 0;
        int killedMidSave = 0;
        int tempsLeft = 0;
        for (int round = 1; round <= ROUNDS; round++) {
            assertTrue(System.currentTimeMillis() < end, "took longer than " + TOTAL_MILLIS + " ms (seed " + seed + ")");
            Child child = Child.start(library, "loop", Long.toString(seed + round));
            List<String> lines;
            try {
                assertEquals("ready " + onDisk, child.awaitFirstLine(), "the child read the version on disk");
                Thread.sleep(20 + random.nextInt(400));
            } finally {
                lines = child.kill();
            }
            int lastSaved = onDisk;
            int lastSaving = onDisk;
            boolean midSave = false;
            for (String line : lines) {
                String[] w = line.split(" ");
                switch (w[0]) {
                    case "saving":
                        lastSaving = Integer.parseInt(w[1]);
                        midSave = true;
                        break;
                    case "saved":
                        lastSaved = Integer.parseInt(w[1]);
                        midSave = false;
                        saves++;
                        break;
                    case "saving-new":
                        maybeNew.add(w[1]);
                        midSave = true;
                        break;
                    case "saved-new":
                        savedNew.add(w[1]);
                        midSave = false;
                        saves++;
                        break;
                    default:
                        break;
                }
            }
            killedMidSave += midSave ? 1 : 0;
            String where = "round " + round + " (seed " + seed + "), last lines " + lines.subList(Math.max(0, lines.size() - 3), lines.size());

            // Every VM file parses on its own, without the store (which would move a bad one aside).
            Set<String> ids = new HashSet<>();
            int steadyVersion = -1;
            try (Stream<Path> files = Files.list(vms)) {
                for (Path f : files.collect(Collectors.toList())) {
                    String name = f.getFileName().toString();
                    if (name.startsWith(".")) {
                        assertTrue(name.endsWith(".tmp"), "only temp files are hidden: " + name + ", " + where);
                        tempsLeft++;
                        continue;
                    }
                    assertTrue(name.endsWith(".json"), "only VM files: " + name + ", " + where);
                    assertTrue(Files.size(f) > 0, "an empty VM file " + name + ", " + where);
                    Vm vm = JSON.readValue(f.toFile(), Vm.class);
                    assertEquals(vm.id() + ".json", name, where);
                    ids.add(vm.id());
                    if (vm.id().equals(SaveLoop.STEADY)) {
                        steadyVersion = SaveLoop.versionOf(vm);
                    }
                }
            }
            if (lastSaved > 0) {
                assertTrue(steadyVersion == lastSaved || steadyVersion == lastSaving,
                        "the VM holds version " + steadyVersion + ", neither the old " + lastSaved + " nor the new " + lastSaving
                                + ", " + where);
            }
            Set<String> allIds = new HashSet<>(ids);
            Set<String> missing = new HashSet<>(savedNew);
            missing.removeAll(ids);
            assertEquals(Set.of(), missing, "saved VMs missing, " + where);
            ids.remove(SaveLoop.STEADY);
            ids.removeAll(maybeNew);
            assertEquals(Set.of(), ids, "VMs nobody saved, " + where);

            // The next start removes what the killed writer left, and lists the same VMs.
            LibraryStore store = new LibraryStore(library);
            store.open();
            try (Stream<Path> files = Files.list(vms)) {
                List<String> hidden = files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("."))
                        .collect(Collectors.toList());
                assertEquals(List.of(), hidden, "temp files left after open(), " + where);
            }
            assertEquals(allIds, store.list().stream().map(Vm::id).collect(Collectors.toSet()), "listed, " + where);
            onDisk = Math.max(steadyVersion, 0);
        }
        System.out.println("CrashTest: " + ROUNDS + " kills (seed " + seed + "), " + saves + " saves finished, "
                + killedMidSave + " kills between a save's start and its end, " + tempsLeft + " temp files left by them"
                + " (removed at the next open), the VM's last version " + onDisk + ", " + savedNew.size() + " new VMs");
    }

    @Test
    void twoWriterProcessesKeepEachOthersChanges() throws Exception {
        int each = 100;
        LibraryStore store = new LibraryStore(library);
        store.open();
        store.save(SaveLoop.steady(1, new Random(1)).withSnapshots(List.of()));
        Child a = Child.start(library, "append", Integer.toString(each));
        Child b = Child.start(library, "append", Integer.toString(each));
        try {
            assertEquals("ready", a.awaitFirstLine());
            assertEquals("ready", b.awaitFirstLine());
            assertTrue(a.process.waitFor(120, TimeUnit.SECONDS) && b.process.waitFor(120, TimeUnit.SECONDS), "both finished");
            assertEquals(0, a.process.exitValue(), a.lines().toString());
            assertEquals(0, b.process.exitValue(), b.lines().toString());
        } finally {
            a.kill();
            b.kill();
        }
        List<Snapshot> snapshots = store.find(SaveLoop.STEADY).orElseThrow().snapshots();
        assertEquals(2 * each, snapshots.stream().map(Snapshot::name).distinct().count(),
                "every change of both processes is kept");
        assertEquals(2 * each, snapshots.size());
    }

    /**
     * A {@link SaveLoop} JVM whose stdout goes to a file (a pipe read by a thread of ours would
     * lose the last lines: the JDK drains and closes a killed process's pipe under its reader).
     */
    static final class Child {
        final Process process;
        final Path out;

        private Child(Process process, Path out) {
            this.process = process;
            this.out = out;
        }

        static Child start(Path library, String mode, String arg) throws IOException {
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto",
                    "-cp", System.getProperty("java.class.path"), SaveLoop.class.getName(), mode, library.toString(), arg));
            Path out = Files.createTempFile(library, "crash-child-", ".out");
            Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            return new Child(p, out);
        }

        List<String> lines() throws IOException {
            String text = Files.readString(out, StandardCharsets.UTF_8);
            List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
            // A line the kill cut short is no line.
            lines.remove(lines.size() - 1);
            return lines;
        }

        String awaitFirstLine() throws Exception {
            long end = System.currentTimeMillis() + CHILD_START_MILLIS;
            for (List<String> lines = lines(); lines.isEmpty(); lines = lines()) {
                if (System.currentTimeMillis() > end || !process.isAlive() && lines().isEmpty()) {
                    fail("the child did not start within " + CHILD_START_MILLIS + " ms (alive: " + process.isAlive() + ")");
                }
                Thread.sleep(5);
            }
            return lines().get(0);
        }

        /** kill -9, then every line it wrote. */
        List<String> kill() throws Exception {
            process.destroyForcibly();
            assertTrue(process.waitFor(WAIT_MILLIS, TimeUnit.MILLISECONDS), "the child ended");
            List<String> lines = lines();
            Files.delete(out);
            return lines;
        }
    }
}
