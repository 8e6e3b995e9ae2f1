package hvm.gui.internal.model;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.Objects;

/** A named point in a VM's history; {@code createdAt} is epoch milliseconds. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Snapshot(String id, String name, String description, long createdAt) {
    public Snapshot {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        description = description == null ? "" : description;
    }
}
