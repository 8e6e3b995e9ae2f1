package itest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;

/** VM records written straight into the GUI's library folder, as another program would. */
public final class Library {

    private Library() {
    }

    /** Writes a stopped, unencrypted VM named {@code name}; returns its file. */
    public static Path writeVm(String name) throws IOException {
        String id = UUID.randomUUID().toString();
        Path dir = Fixture.library().resolve("vms");
        Files.createDirectories(dir);
        Path file = dir.resolve(id + ".json");
        String json = "{\"id\":\"" + id + "\",\"name\":\"" + name + "\",\"osType\":\"debian\",\"cpus\":2,\"memoryMiB\":2048,"
                + "\"diskGiB\":64,\"encrypted\":false,\"state\":\"stopped\",\"extraDisks\":[],\"snapshots\":[]}";
        Path tmp = dir.resolve("." + id + ".tmp");
        Files.writeString(tmp, json);
        Files.move(tmp, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        return file;
    }
}
