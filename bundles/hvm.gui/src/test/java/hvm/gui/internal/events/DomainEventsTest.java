package hvm.gui.internal.events;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DomainEventsTest {
    @Test
    void eventsReachEveryListenerEvenWhenOneFails() {
        DomainEvents events = new DomainEvents();
        List<String> seen = new ArrayList<>();
        events.add((topic, props) -> {
            throw new IllegalStateException("EventAdmin went away");
        });
        events.add((topic, props) -> seen.add(topic + " " + new java.util.TreeMap<>(props)));

        events.listRefreshed(3);
        events.vmState("id-1", "Alpha", "running");
        events.error("It broke", "startVM");

        assertEquals(List.of(
                "hvm/gui/LIST_REFRESHED {vmCount=3}",
                "hvm/gui/VM_STATE {name=Alpha, state=running, vmId=id-1}",
                "hvm/gui/ERROR {message=It broke, source=startVM}"), seen);
    }

    @Test
    void withoutListenersNothingHappens() {
        DomainEvents events = new DomainEvents();
        DomainEventListener l = (topic, props) -> {
            throw new AssertionError("removed listener called");
        };
        events.add(l);
        events.remove(l);
        events.listRefreshed(0);
    }
}
