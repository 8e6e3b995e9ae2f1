package hvm.gui.internal.ui.dialog;

import hvm.gui.internal.model.Vm;
import java.util.Map;

/** The {@code hdp.context} of a dialog about one VM. */
final class VmContext {
    private VmContext() {
    }

    static Map<String, Object> of(Vm vm) {
        return Map.of("vmId", vm.id(), "vmName", vm.name());
    }
}
