package probe.cli.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import probe.api.Ops;
import probe.api.wire.Wire;
import probe.testing.TestProbe;

/**
 * What the MCP server sends again when its connection to the GUI closes under a call: a request
 * known never to have reached the GUI, or an op that only looks; never an action whose reply was
 * lost after it was written (the GUI may have done it: a click must not happen twice). Against a
 * {@link TestProbe} that closes the connection after reading a request, as a GUI that stops does.
 */
@Timeout(60)
class RetryTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream log = new ByteArrayOutputStream();

    /** Answers gui.list, gui.dialog.current and gui.click, except that it closes the connection instead of answering {@code dropOnce} the first time. */
    private static TestProbe.Handler gui(String dropOnce, AtomicInteger dropped) {
        return (req, conn) -> {
            String op = req.path("op").asText();
            if (op.equals(dropOnce) && dropped.getAndIncrement() == 0) {
                conn.close();
                return;
            }
            switch (op) {
                case Ops.DIALOG_CURRENT:
                    conn.reply(req, Wire.object().putNull("name"));
                    break;
                case Ops.LIST: {
                    // As the probe answers gui_snapshot's request (format text): its lines.
                    ObjectNode d = Wire.object().put("scope", "window").put("count", 1).put("text", "button a.b \"A\"");
                    conn.reply(req, d);
                    break;
                }
                case Ops.CLICK: {
                    ObjectNode d = Wire.object().put("identifier", "a.b");
                    d.putArray("clicked").add(3).add(4);
                    conn.reply(req, d);
                    break;
                }
                default:
                    TestProbe.standard().handle(req, conn);
            }
        };
    }

    private ProbeTools server(ProbeLink probe) {
        return new ProbeTools(probe, null, name -> null, new PrintStream(log, true));
    }

    private static String text(CallToolResult r) {
        return ((TextContent) r.content().get(0)).text();
    }

    private static long count(TestProbe probe, String op) {
        return probe.requests().stream().filter(r -> r.path("op").asText().equals(op)).count();
    }

    @Test
    void aClickWhoseReplyWasLostIsNotSentAgainAndTheModelIsToldToLook() throws Exception {
        AtomicInteger dropped = new AtomicInteger();
        try (TestProbe probe = TestProbe.start(dir, gui(Ops.CLICK, dropped)); ProbeLink p = new ProbeLink(probe.socket(), Duration.ofSeconds(5), null)) {
            ProbeTools mcp = server(p);
            assertFalse(mcp.call("gui_snapshot", Map.of()).isError(), "the connection has served a call");
            CallToolResult click = mcp.call("gui_click", Map.of("identifier", "a.b"));
            assertEquals(1, count(probe, Ops.CLICK), "the click reached the GUI once and was not sent again: " + probe.requests());
            assertTrue(click.isError(), text(click));
            assertTrue(text(click).startsWith("error client.reply_lost: the connection to the GUI closed after gui.click was sent"
                    + " and before its reply came"), text(click));
            assertTrue(text(click).contains("gui_snapshot"), "says how to find out: " + text(click));

            // The next call connects again and is answered.
            CallToolResult again = mcp.call("gui_click", Map.of("identifier", "a.b"));
            assertFalse(again.isError(), text(again));
            assertEquals(2, count(probe, Ops.CLICK));
        }
    }

    @Test
    void anOpThatOnlyLooksIsSentAgainOnANewConnection() throws Exception {
        AtomicInteger dropped = new AtomicInteger();
        try (TestProbe probe = TestProbe.start(dir, gui(Ops.LIST, dropped)); ProbeLink p = new ProbeLink(probe.socket(), Duration.ofSeconds(5), null)) {
            ProbeTools mcp = server(p);
            assertFalse(mcp.call("gui_click", Map.of("identifier", "a.b")).isError(), "the connection has served a call");
            CallToolResult snapshot = mcp.call("gui_snapshot", Map.of());
            assertFalse(snapshot.isError(), text(snapshot));
            assertTrue(text(snapshot).contains("button a.b \"A\""), text(snapshot));
            assertEquals(2, count(probe, Ops.LIST), "sent again after the first connection closed under it");
        }
    }

    /**
     * A GUI that stopped and started again while the server's connection was idle: the click's
     * write fails (the old connection is closed through and through first, so that the write
     * cannot land in its buffer), so it is sent again, once.
     */
    @Test
    void aClickThatCouldNotBeWrittenIsSentOnANewConnection() throws Exception {
        Path socket;
        ProbeLink p;
        ProbeTools mcp;
        CountDownLatch gone = new CountDownLatch(1);
        TestProbe.Handler answers = gui("none", new AtomicInteger());
        try (TestProbe first = TestProbe.start(dir, (req, conn) -> {
            answers.handle(req, conn);
            if (req.path("op").asText().equals(Ops.DIALOG_CURRENT)) {
                conn.close();
                gone.countDown();
            }
        })) {
            socket = first.socket();
            p = new ProbeLink(socket, Duration.ofSeconds(5), null);
            mcp = server(p);
            assertFalse(mcp.call("gui_snapshot", Map.of()).isError());
            assertTrue(gone.await(10, TimeUnit.SECONDS), "the first GUI closed the connection");
        }
        try (TestProbe second = TestProbe.start(dir, gui("none", new AtomicInteger())); ProbeLink closing = p) {
            CallToolResult click = mcp.call("gui_click", Map.of("identifier", "a.b"));
            assertFalse(click.isError(), text(click));
            assertEquals(1, count(second, Ops.CLICK), second.requests().toString());
        }
    }
}
