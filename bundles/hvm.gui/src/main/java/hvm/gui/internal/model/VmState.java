package hvm.gui.internal.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Whether a VM record is marked running; nothing actually runs. */
public enum VmState {
    @JsonProperty("stopped") STOPPED("stopped"),
    @JsonProperty("running") RUNNING("running");

    private final String wire;

    VmState(String wire) {
        this.wire = wire;
    }

    /** The lower-case word used in the JSON files, the detail pane and the domain events. */
    public String wire() {
        return wire;
    }
}
