package probe.events.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class OpsSourceTest {
    /** An op that comes or goes once the source runs is an event for whoever names it; the ops there at its start are not. */
    @Test
    void anOpThatComesOrGoesIsAnEventForThoseWhoNameIt() throws Exception {
        Hub hub = new Hub();
        try {
            List<ObjectNode> named = new CopyOnWriteArrayList<>();
            List<ObjectNode> all = new CopyOnWriteArrayList<>();
            hub.subscribe(List.of("probe.ops.changed"), named::add);
            hub.subscribe(List.of("*"), all::add);
            OpsSource source = new OpsSource(hub);
            source.added(null, Map.of("probe.op", "gui.click"));
            source.activate();
            source.added(null, Map.of("probe.op", "demo.echo"));
            source.added(null, Map.of("no.name", 1));
            source.removed(Map.of("probe.op", "demo.echo"));
            HubTest.await(() -> named.size() == 2, "2 events");
            assertEquals("demo.echo added", named.get(0).get("op").asText() + " " + named.get(0).get("change").asText());
            assertEquals("demo.echo removed", named.get(1).get("op").asText() + " " + named.get(1).get("change").asText());
            Thread.sleep(100);
            assertEquals(List.of(), all, "optional: * does not cover it");
        } finally {
            hub.close();
        }
    }

    /** Why the op tables refuse an op, read as they read it; null for a sound description. */
    @Test
    void aMalformedDescriptionIsSaidWhyAsTheOpTablesRefuseIt(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path sound = dir.resolve("sound.json");
        java.nio.file.Files.writeString(sound, "{\"op\": \"acme.noop\", \"args\": []}");
        java.nio.file.Path typo = dir.resolve("typo.json");
        java.nio.file.Files.writeString(typo, "{\"op\": \"acme.noop\", \"arsg\": []}");
        assertEquals(null, OpsSource.malformed(sound.toUri().toURL(), "acme.noop"));
        String why = OpsSource.malformed(typo.toUri().toURL(), "acme.noop");
        org.junit.jupiter.api.Assertions.assertTrue(why != null && why.contains("unknown key 'arsg' (did you mean 'args'?)"), why);
        org.junit.jupiter.api.Assertions.assertTrue(OpsSource.malformed(sound.toUri().toURL(), "acme.other").contains("describes acme.noop"));
    }
}
