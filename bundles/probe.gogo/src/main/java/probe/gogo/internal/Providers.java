package probe.gogo.internal;

import java.util.Map;

/**
 * Which bundle provides each op of HDP-GUI v1, for naming it in gui.op_unavailable when the op was
 * never seen in this runtime (once seen, the bundle that provided it is named instead).
 */
final class Providers {
    static final Map<String, String> KNOWN = Map.ofEntries(
            Map.entry("gui.list", "probe.registry"), Map.entry("gui.audit", "probe.registry"), Map.entry("gui.wait", "probe.registry"),
            Map.entry("gui.screenshot", "probe.screenshot"), Map.entry("gui.click", "probe.click"), Map.entry("gui.type", "probe.type"),
            Map.entry("gui.keypress", "probe.key"), Map.entry("gui.dialog.current", "probe.events"),
            Map.entry("gui.event.subscribe", "probe.events"), Map.entry("gui.event.unsubscribe", "probe.events"));

    private Providers() {
    }
}
