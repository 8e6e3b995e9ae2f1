package hvm.gui.internal.library;

import hvm.gui.internal.model.OsType;
import hvm.gui.internal.model.Snapshot;
import hvm.gui.internal.model.Vm;
import hvm.gui.internal.model.VmState;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;

/**
 * The child JVM of {@link CrashTest}: writes a library until it is killed, saying on stdout what
 * it is about to write and what it has written. Never run by the suite on its own.
 *
 * <ul>
 * <li>{@code loop <library> <seed>}: new versions of one VM ({@link #STEADY}, named {@code v<n>},
 * with a payload of changing size) and, every third write, a new VM; lines {@code saving <n>},
 * {@code saved <n>}, {@code saving-new <id>}, {@code saved-new <id>}. Ends by itself after
 * {@link #MAX_MILLIS} if nobody kills it.</li>
 * <li>{@code once <library>}: one save of {@link #STEADY} (for strace).</li>
 * <li>{@code append <library> <n>}: {@code n} changes of {@link #STEADY} through
 * {@link LibraryStore#update}, each adding a snapshot named after this process; line {@code done}.</li>
 * </ul>
 */
public final class SaveLoop {
    static final String STEADY = "00000000-0000-4000-8000-00000000000a";
    static final long MAX_MILLIS = 60_000;

    private SaveLoop() {
    }

    public static void main(String[] args) throws Exception {
        LibraryStore store = new LibraryStore(Path.of(args[1]));
        store.open();
        switch (args[0]) {
            case "loop":
                loop(store, new Random(Long.parseLong(args[2])));
                break;
            case "once":
                store.save(steady(1, new Random(1)));
                break;
            case "append":
                append(store, Integer.parseInt(args[2]));
                break;
            default:
                throw new IllegalArgumentException(args[0]);
        }
    }

    static Vm steady(int version, Random random) {
        // A payload of 1 to 60 KB: a torn or empty write would not parse, or would parse short.
        List<Snapshot> payload = new ArrayList<>();
        int n = 1 + random.nextInt(60);
        for (int i = 0; i < n; i++) {
            payload.add(new Snapshot("s" + i, "v" + version, "x".repeat(1000), i));
        }
        return new Vm(STEADY, "v" + version, OsType.DEBIAN, 2, 2048, 32, "", false, VmState.STOPPED, List.of(), payload, null);
    }

    /** The version a record of {@link #steady} carries, checked whole: every snapshot says the same. */
    static int versionOf(Vm vm) {
        int version = Integer.parseInt(vm.name().substring(1));
        for (Snapshot s : vm.snapshots()) {
            if (!s.name().equals("v" + version)) {
                throw new IllegalStateException("a record mixing versions: " + vm.name() + " with " + s.name());
            }
        }
        return version;
    }

    private static void loop(LibraryStore store, Random random) throws Exception {
        int version = store.find(STEADY).map(SaveLoop::versionOf).orElse(0);
        System.out.println("ready " + version);
        System.out.flush();
        long end = System.currentTimeMillis() + MAX_MILLIS;
        for (int i = 1; System.currentTimeMillis() < end; i++) {
            if (i % 3 == 0) {
                String id = UUID.randomUUID().toString();
                say("saving-new " + id);
                store.save(new Vm(id, "new " + i, OsType.OTHER, 1, 512, 8, "", false, VmState.STOPPED, List.of(), List.of(), null));
                say("saved-new " + id);
            } else {
                version++;
                say("saving " + version);
                store.save(steady(version, random));
                say("saved " + version);
            }
        }
    }

    private static void append(LibraryStore store, int n) throws Exception {
        String me = Long.toString(ProcessHandle.current().pid());
        System.out.println("ready");
        System.out.flush();
        for (int k = 0; k < n; k++) {
            String name = me + "-" + k;
            long at = k;
            store.update(STEADY, v -> {
                List<Snapshot> all = new ArrayList<>(v.snapshots());
                all.add(new Snapshot(name, name, "", at));
                return v.withSnapshots(all);
            });
        }
        say("done");
    }

    private static void say(String line) {
        System.out.println(line);
        System.out.flush();
    }
}
