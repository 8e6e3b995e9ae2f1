package hvm.gui.internal.library;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import hvm.gui.internal.model.Vm;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The VM library on disk: one JSON file per VM, {@code <library>/vms/<id>.json}. Writes go to a
 * hidden temp file in the same folder and are then moved over the old file, so a reader (the
 * folder watcher, another HVM) never sees half a file. Files that do not parse are skipped.
 */
public final class LibraryStore {
    private static final System.Logger LOG = System.getLogger(LibraryStore.class.getName());
    private static final String SUFFIX = ".json";
    // Ids name files, so only uuid-like ids are accepted: nothing that could climb out of vms/.
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9-]{0,63}");

    private final Path vmsDir;
    private final Map<Path, FileTime> badFiles = new ConcurrentHashMap<>();
    private final ObjectMapper mapper = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(DeserializationFeature.READ_UNKNOWN_ENUM_VALUES_USING_DEFAULT_VALUE)
            .build();

    public LibraryStore(Path library) {
        this.vmsDir = library.resolve("vms");
    }

    /** The folder that holds the VM files (and that the watcher watches). */
    public Path vmsDir() {
        return vmsDir;
    }

    /** Creates the library's folders if they are missing. */
    public void open() throws IOException {
        Files.createDirectories(vmsDir);
    }

    /** Every VM whose file parses, sorted by name; each bad file is skipped with a log line. */
    public List<Vm> list() throws IOException {
        List<Vm> vms = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(vmsDir, LibraryStore::isVmFile)) {
            for (Path file : files) {
                read(file).ifPresent(vms::add);
            }
        } catch (NoSuchFileException e) {
            return List.of();
        }
        vms.sort(Comparator.comparing((Vm vm) -> vm.name().toLowerCase(Locale.ROOT)).thenComparing(Vm::id));
        return vms;
    }

    public Optional<Vm> find(String id) {
        return ID.matcher(id).matches() ? read(fileOf(id)) : Optional.empty();
    }

    /** Writes {@code vm} atomically, replacing its previous file. */
    public void save(Vm vm) throws IOException {
        Path target = fileOf(vm.id());
        Path temp = Files.createTempFile(vmsDir, "." + vm.id() + ".", ".tmp");
        try {
            Files.write(temp, mapper.writeValueAsBytes(vm));
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** Removes the VM's file; a VM that is already gone is not an error. */
    public void delete(String id) throws IOException {
        Files.deleteIfExists(fileOf(id));
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

    private Optional<Vm> read(Path file) {
        try {
            Vm vm = mapper.readValue(Files.readAllBytes(file), Vm.class);
            String expected = file.getFileName().toString();
            if (!expected.equals(vm.id() + SUFFIX)) {
                skip(file, "its id " + vm.id() + " does not match the file name");
                return Optional.empty();
            }
            badFiles.remove(file);
            return Optional.of(vm);
        } catch (NoSuchFileException e) {
            // Deleted between listing the folder and reading it: gone, not bad.
            badFiles.remove(file);
        } catch (JsonProcessingException e) {
            // Jackson also reports a record constructor's IllegalArgumentException this way.
            skip(file, e.getOriginalMessage());
        } catch (IOException | RuntimeException e) {
            skip(file, e.toString());
        }
        return Optional.empty();
    }

    // The list is read on every refresh: a bad file is reported once per version, not each time.
    private void skip(Path file, String why) {
        FileTime modified;
        try {
            modified = Files.getLastModifiedTime(file);
        } catch (IOException e) {
            modified = FileTime.fromMillis(0);
        }
        Level level = modified.equals(badFiles.put(file, modified)) ? Level.DEBUG : Level.WARNING;
        LOG.log(level, "Skipping VM file {0}: {1}", file, why);
    }
}
