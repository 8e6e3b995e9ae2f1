package probe.events.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.osgi.service.event.Event;

class DomainSourceTest {

    @Test
    void theAppsTopicsBecomeProtocolEvents() throws Exception {
        Hub hub = new Hub();
        try {
            List<ObjectNode> got = new CopyOnWriteArrayList<>();
            hub.subscribe(List.of("*"), got::add);
            DomainSource source = new DomainSource(hub);
            source.declare(7, DomainTopics.parse(hvmHeader()));
            source.handleEvent(new Event("hvm/gui/LIST_REFRESHED", Map.of("vmCount", 3)));
            source.handleEvent(new Event("hvm/gui/VM_STATE", Map.of("vmId", "id-1", "name", "Alpha", "state", "running")));
            source.handleEvent(new Event("hvm/gui/ERROR", Map.of("message", "It broke", "source", "startVM")));
            source.handleEvent(new Event("hvm/gui/SOMETHING_NEW", Map.of("x", 1)));
            source.handleEvent(new Event("hvm/gui/ERROR", Map.of("message", "no source")));
            HubTest.await(() -> got.size() == 4, "4 events");
            assertEquals("{\"event\":\"list.refreshed\",\"vmCount\":3}", strip(got.get(0)));
            assertEquals("{\"event\":\"vm.state\",\"vmId\":\"id-1\",\"name\":\"Alpha\",\"state\":\"running\"}", strip(got.get(1)));
            assertEquals("{\"event\":\"error\",\"message\":\"It broke\",\"source\":\"startVM\"}", strip(got.get(2)));
            assertEquals("{\"event\":\"error\",\"message\":\"no source\",\"source\":null}", strip(got.get(3)));
        } finally {
            hub.close();
        }
    }

    @Test
    void withoutADeclarationNoTopicIsAnEvent() throws Exception {
        Hub hub = new Hub();
        try {
            List<ObjectNode> got = new CopyOnWriteArrayList<>();
            hub.subscribe(List.of("*"), got::add);
            DomainSource source = new DomainSource(hub);
            source.handleEvent(new Event("hvm/gui/ERROR", Map.of("message", "It broke", "source", "startVM")));
            source.declare(7, DomainTopics.parse(hvmHeader()));
            source.declare(7, null);
            source.handleEvent(new Event("hvm/gui/ERROR", Map.of("message", "It broke", "source", "startVM")));
            source.declare(8, DomainTopics.parse("other/app/DONE=done(id)"));
            source.handleEvent(new Event("other/app/DONE", Map.of("id", 5L)));
            HubTest.await(() -> got.size() == 1, "1 event");
            assertEquals("{\"event\":\"done\",\"id\":5}", strip(got.get(0)));
        } finally {
            hub.close();
        }
    }

    @Test
    void aMalformedDeclarationIsRefusedWithTheEntry() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DomainTopics.parse("a/b=ok(x), broken"));
        assertTrue(e.getMessage().contains("'broken'"), e.getMessage());
    }

    /** HVM's own declaration, from its bnd.bnd: the one place it is written. */
    static String hvmHeader() throws Exception {
        String bnd = Files.readString(Path.of("../hvm.gui/bnd.bnd"));
        int at = bnd.indexOf(DomainTopics.HEADER + ":");
        StringBuilder value = new StringBuilder();
        for (String line : bnd.substring(at + DomainTopics.HEADER.length() + 1).split("\n")) {
            String l = line.strip();
            boolean more = l.endsWith("\\");
            value.append(more ? l.substring(0, l.length() - 1) : l);
            if (!more) {
                break;
            }
        }
        return value.toString();
    }

    private static String strip(ObjectNode e) {
        ObjectNode c = e.deepCopy();
        c.remove("seq");
        c.remove("ts");
        return c.toString();
    }
}
