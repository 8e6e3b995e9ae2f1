package probe.events.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The app's declaration of which of its EventAdmin topics are protocol events: its manifest header
 * {@value #HEADER}, e.g. {@code hvm/gui/VM_STATE=vm.state(vmId name state), hvm/gui/ERROR=error(message source)}.
 * Each entry is a topic, the event name the probe publishes, and the properties it copies. Pure.
 */
final class DomainTopics {
    /** The manifest header a bundle declares its domain events in. */
    static final String HEADER = "Hdp-Events";

    /** One topic: the event it becomes and the properties copied into it, in this order. */
    record Mapping(String topic, String event, List<String> fields) {
    }

    private static final Pattern ENTRY = Pattern.compile("\\s*([A-Za-z0-9_\\-/]+)\\s*=\\s*([a-z][A-Za-z0-9_.\\-]*)\\s*\\(([^)]*)\\)\\s*");

    private DomainTopics() {
    }

    /**
     * The mappings of a header's value.
     *
     * @throws IllegalArgumentException naming the entry that is not {@code topic=event(field ...)}
     */
    static List<Mapping> parse(String header) {
        List<Mapping> out = new ArrayList<>();
        for (String entry : header.split(",")) {
            if (entry.isBlank()) {
                continue;
            }
            Matcher m = ENTRY.matcher(entry);
            if (!m.matches()) {
                throw new IllegalArgumentException("'" + entry.strip() + "' is not topic=event(field ...), as in hvm/gui/ERROR=error(message source)");
            }
            List<String> fields = new ArrayList<>();
            for (String f : m.group(3).trim().split("\\s+")) {
                if (!f.isEmpty()) {
                    fields.add(f);
                }
            }
            out.add(new Mapping(m.group(1), m.group(2), List.copyOf(fields)));
        }
        return out;
    }
}
