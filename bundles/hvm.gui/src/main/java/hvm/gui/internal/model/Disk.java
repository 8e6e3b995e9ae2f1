package hvm.gui.internal.model;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.Objects;

/** An extra virtual disk attached to a VM (the system disk is {@link Vm#diskGiB()}). */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Disk(String id, String name, int sizeGiB) {
    public Disk {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
    }

    public Disk withSize(int newSizeGiB) {
        return new Disk(id, name, newSizeGiB);
    }
}
