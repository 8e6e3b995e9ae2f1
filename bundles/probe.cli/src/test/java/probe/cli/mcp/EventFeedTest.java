package probe.cli.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import probe.api.wire.Json;

/** gui_events' queue: bounded, the oldest dropped and counted, the notes of the server in order. */
class EventFeedTest {
    private static ObjectNode event(String name, String about) {
        ObjectNode e = Json.object();
        e.put("event", name);
        e.put("name", about);
        e.put("seq", 1);
        return e;
    }

    @Test
    void theOldestAreDroppedAndCountedOnce() {
        EventFeed f = new EventFeed(() -> null, 3);
        f.add(null, "no GUI answers yet");
        for (int i = 0; i < 4; i++) {
            f.add(event("dialog.opened", "d" + i), null);
        }
        EventFeed.Batch b = f.take(2);
        assertEquals(2, b.lost);
        assertEquals(1, b.left);
        assertEquals("2 older events were dropped: the server keeps the last 1000\n"
                + "2 events since the last call, oldest first:\ndialog.opened d1\ndialog.opened d2\n1 more queued; call gui_events again",
                EventFeed.text(b));
        EventFeed.Batch rest = f.take(10);
        assertEquals(0, rest.lost);
        assertEquals("1 event since the last call, oldest first:\ndialog.opened d3", EventFeed.text(rest));
        assertEquals("no events since the last call", EventFeed.text(f.take(10)));
        f.add(null, "the GUI went away");
        assertEquals("1 event since the last call, oldest first:\n-- the GUI went away", EventFeed.text(f.take(10)));
    }
}
