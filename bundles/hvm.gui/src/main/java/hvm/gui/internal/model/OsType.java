package hvm.gui.internal.model;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;
import com.fasterxml.jackson.annotation.JsonProperty;

/** The guest operating system a VM is set up for. */
public enum OsType {
    @JsonProperty("ubuntu") UBUNTU("Ubuntu Linux"),
    @JsonProperty("debian") DEBIAN("Debian Linux"),
    @JsonProperty("fedora") FEDORA("Fedora Linux"),
    @JsonProperty("linux") LINUX("Other Linux"),
    @JsonProperty("windows11") WINDOWS_11("Windows 11"),
    @JsonProperty("windows10") WINDOWS_10("Windows 10"),
    @JsonProperty("macos") MACOS("macOS"),
    @JsonProperty("freebsd") FREEBSD("FreeBSD"),
    // A file written by a newer version with an OS this one does not know still loads.
    @JsonEnumDefaultValue @JsonProperty("other") OTHER("Other");

    private final String displayName;

    OsType(String displayName) {
        this.displayName = displayName;
    }

    public String displayName() {
        return displayName;
    }

    /** The key this OS has in a VM's file ({@code fedora}): its {@link JsonProperty} name. */
    public String key() {
        try {
            return OsType.class.getField(name()).getAnnotation(JsonProperty.class).value();
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String toString() {
        return displayName;
    }
}
