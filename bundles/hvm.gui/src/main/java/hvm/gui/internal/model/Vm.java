package hvm.gui.internal.model;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Objects;

/**
 * One VM record, as stored in {@code <library>/vms/<id>.json}. Immutable: every change makes a
 * new record, which the library writes whole.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Vm(
        String id,
        String name,
        OsType osType,
        int cpus,
        int memoryMiB,
        int diskGiB,
        String isoPath,
        boolean encrypted,
        VmState state,
        List<Disk> extraDisks,
        List<Snapshot> snapshots,
        KeyVerifier keyVerifier) {

    public Vm {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("name is blank");
        }
        if (encrypted && keyVerifier == null) {
            throw new IllegalArgumentException("an encrypted VM needs a key verifier");
        }
        osType = osType == null ? OsType.OTHER : osType;
        isoPath = isoPath == null ? "" : isoPath;
        state = state == null ? VmState.STOPPED : state;
        extraDisks = extraDisks == null ? List.of() : List.copyOf(extraDisks);
        snapshots = snapshots == null ? List.of() : List.copyOf(snapshots);
    }

    public boolean running() {
        return state == VmState.RUNNING;
    }

    public Vm withState(VmState newState) {
        return new Vm(id, name, osType, cpus, memoryMiB, diskGiB, isoPath, encrypted, newState, extraDisks, snapshots, keyVerifier);
    }

    public Vm withConfig(String newName, OsType newOs, int newCpus, int newMemoryMiB, String newIsoPath) {
        return new Vm(id, newName, newOs, newCpus, newMemoryMiB, diskGiB, newIsoPath, encrypted, state, extraDisks, snapshots, keyVerifier);
    }

    public Vm withDiskGiB(int newDiskGiB) {
        return new Vm(id, name, osType, cpus, memoryMiB, newDiskGiB, isoPath, encrypted, state, extraDisks, snapshots, keyVerifier);
    }

    public Vm withExtraDisks(List<Disk> newDisks) {
        return new Vm(id, name, osType, cpus, memoryMiB, diskGiB, isoPath, encrypted, state, newDisks, snapshots, keyVerifier);
    }

    public Vm withSnapshots(List<Snapshot> newSnapshots) {
        return new Vm(id, name, osType, cpus, memoryMiB, diskGiB, isoPath, encrypted, state, extraDisks, newSnapshots, keyVerifier);
    }

    /** A copy under a new id and name, stopped, with its disks but without its snapshots (a full clone of the current state). */
    public Vm cloneAs(String newId, String newName, List<Disk> newDisks) {
        return new Vm(newId, newName, osType, cpus, memoryMiB, diskGiB, isoPath, encrypted, VmState.STOPPED, newDisks, List.of(), keyVerifier);
    }
}
