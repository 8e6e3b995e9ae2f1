package probe.events.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
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

    private static String strip(ObjectNode e) {
        ObjectNode c = e.deepCopy();
        c.remove("seq");
        c.remove("ts");
        return c.toString();
    }
}
