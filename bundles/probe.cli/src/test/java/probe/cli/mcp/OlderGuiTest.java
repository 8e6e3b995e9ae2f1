package probe.cli.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import probe.api.DescriptionJson;
import probe.api.Ops;
import probe.api.wire.Wire;
import probe.cli.internal.Known;
import probe.testing.TestProbe;

/**
 * A GUI older than gui.list's text (its description has no format, query or maxItems: a new
 * argument keeps protocol 1): gui_snapshot asks it for its items and writes the same lines itself,
 * query and cut included, instead of sending arguments the GUI would refuse.
 */
@Timeout(60)
class OlderGuiTest {
    @TempDir
    Path dir;

    /** gui.list's description as a GUI before the text gave it: scope only. */
    private static ObjectNode olderList() {
        ObjectNode d = DescriptionJson.served(Known.of(Ops.LIST).orElseThrow());
        ArrayNode args = (ArrayNode) d.get("args");
        for (int i = args.size() - 1; i >= 0; i--) {
            if (Set.of("query", "maxItems", "format").contains(args.get(i).path("name").asText())) {
                args.remove(i);
            }
        }
        d.remove("schema");
        return d;
    }

    @Test
    void theSnapshotOfAnOlderGuiIsWrittenHereFromItsItems() throws Exception {
        try (TestProbe probe = TestProbe.start(dir, (req, conn) -> {
            switch (req.path("op").asText()) {
                case Ops.DESCRIBE: {
                    ObjectNode d = Wire.object();
                    d.putArray("ops").add(olderList()).add(DescriptionJson.served(Known.of(Ops.DIALOG_CURRENT).orElseThrow()));
                    conn.reply(req, d);
                    break;
                }
                case Ops.LIST: {
                    ObjectNode d = Wire.object().put("scope", "window");
                    ArrayNode items = d.putArray("items");
                    items.addObject().put("identifier", "a.a").put("role", "button").put("label", "A");
                    items.addObject().put("identifier", "a.b").put("role", "button").put("label", "B");
                    conn.reply(req, d);
                    break;
                }
                case Ops.DIALOG_CURRENT:
                    conn.reply(req, Wire.object().putNull("name"));
                    break;
                default:
                    TestProbe.standard().handle(req, conn);
            }
        }); Probe p = new Probe(probe.socket(), Duration.ofSeconds(5), null)) {
            HvmMcp mcp = new HvmMcp(p, null, name -> null, new PrintStream(new ByteArrayOutputStream(), true));
            mcp.refresh();
            CallToolResult r = mcp.call("gui_snapshot", Map.of("query", "a.b", "maxItems", 5));
            assertFalse(r.isError(), text(r));
            assertEquals("now: no dialog open\nbutton a.b \"B\"\n1 others do not match \"a.b\"", text(r));
            assertEquals("{\"scope\":\"window\",\"count\":1}", ((JsonNode) Wire.mapper().valueToTree(r.structuredContent())).get("data").toString());
            List<ObjectNode> lists = probe.requests().stream().filter(q -> q.path("op").asText().equals(Ops.LIST)).toList();
            assertEquals(1, lists.size());
            assertEquals("{}", lists.get(0).path("args").toString(), "nothing the older GUI would refuse");

            CallToolResult cut = mcp.call("gui_snapshot", Map.of("maxItems", 1));
            assertTrue(text(cut).endsWith("\n+1 more not shown (maxItems 1): pass a scope, a query or a larger maxItems"), text(cut));
        }
    }

    private static String text(CallToolResult r) {
        return ((TextContent) r.content().get(0)).text();
    }
}
