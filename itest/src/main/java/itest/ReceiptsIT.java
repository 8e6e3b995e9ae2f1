package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import probe.api.wire.Wire;
import probe.client.ProbeClient;
import probe.client.ProbeOpException;

/**
 * Every action answers what it changed, through the real socket against the real app: the
 * receipt of a click that opens a dialog, of typing, of a toggle that shows more fields, of a key
 * that closes the dialog, of a click that starts a VM; each matches what a following
 * {@code gui.list} shows. And the waits that need no polling: for a value, for an idle GUI.
 */
@ExtendWith(WithApp.class)
@ExtendWith(Bounded.class)
class ReceiptsIT {

    /**
     * The settling's bound for the actions here: it ends as soon as the GUI has settled, so a
     * generous bound costs nothing, and it keeps a slow first paint of a dialog on a loaded machine
     * from cutting the settling short (the default is 100 ms).
     */
    private static final long SETTLE = 5000;

    private static ObjectNode args(String k, String v) {
        return Wire.object().put(k, v);
    }

    private static ObjectNode act(String k, String v) {
        return args(k, v).put("settleMillis", SETTLE);
    }

    private static Set<String> texts(JsonNode array) {
        Set<String> out = new HashSet<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static JsonNode change(JsonNode effects, String identifier, String field) {
        for (JsonNode c : effects.get("changed")) {
            if (identifier.equals(c.get("identifier").asText()) && field.equals(c.get("field").asText())) {
                return c;
            }
        }
        return null;
    }

    /**
     * What the receipt says is what {@code gui.list} shows right after: every changed field has its
     * new value there (a field typed into, its text's length), what appeared is listed, what
     * disappeared is not, and the focus is where the receipt says.
     */
    /** An item of a closed menu, which the window's listing folds into its menu: listed when the scope names it; else null. */
    private static JsonNode inClosedMenu(ProbeClient c, String id) throws Exception {
        for (JsonNode i : c.call("gui.list", args("scope", id)).get("items")) {
            if (id.equals(i.path("identifier").asText()) && i.path("inClosedMenu").asBoolean()) {
                return i;
            }
        }
        return null;
    }

    private static void matchesTheList(ProbeClient c, JsonNode effects) throws Exception {
        JsonNode items = c.call("gui.list", args("scope", "window")).get("items");
        Map<String, JsonNode> byId = new HashMap<>();
        String focused = null;
        for (JsonNode i : items) {
            if (i.hasNonNull("identifier")) {
                byId.putIfAbsent(i.get("identifier").asText(), i);
                if (i.path("focused").asBoolean()) {
                    focused = i.get("identifier").asText();
                }
            }
        }
        for (JsonNode ch : effects.get("changed")) {
            String id = ch.get("identifier").asText();
            String field = ch.get("field").asText();
            JsonNode item = byId.containsKey(id) ? byId.get(id) : inClosedMenu(c, id);
            if (field.equals("showing")) {
                assertEquals(ch.get("after").asBoolean(), item != null && !item.path("inClosedMenu").asBoolean(), ch + " vs " + item);
                continue;
            }
            assertNotNull(item, "gui.list has " + id + " that the receipt changed: " + ch);
            if (field.equals("length") && !item.has("length")) {
                assertEquals(ch.get("after").asInt(), item.get("value").asText().length(), ch + " vs " + item);
            } else {
                assertEquals(ch.get("after"), item.get(field), ch + " vs " + item);
            }
        }
        for (JsonNode id : effects.get("appeared")) {
            assertTrue(byId.containsKey(id.asText()) || inClosedMenu(c, id.asText()) != null, "gui.list has " + id + ", which appeared");
        }
        for (JsonNode id : effects.get("disappeared")) {
            assertFalse(byId.containsKey(id.asText()) || inClosedMenu(c, id.asText()) != null,
                    "gui.list no longer has " + id + ", which disappeared");
        }
        JsonNode after = effects.get("focus").get("after");
        if (!after.isNull()) {
            assertEquals(after.asText(), focused, "the focus is where the receipt says");
        }
    }

    @Test
    void eachActionSaysWhatItChangedAndGuiListAgrees() throws Exception {
        String name = "ReceiptText VM " + System.nanoTime() % 100000;
        try (ProbeClient c = Fixture.client()) {
            // A click that opens a modal dialog replies while the dialog is open, once it settled.
            JsonNode open = c.call("gui.click", act("identifier", "toolbar.button.createVM"));
            assertTrue(open.get("settled").asBoolean(), open.toString());
            JsonNode e = open.get("effects");
            assertEquals(Set.of("createVM"), texts(e.get("opened")), e.toString());
            assertTrue(e.get("closed").isEmpty(), e.toString());
            // Before: wherever the focus was in the main window (nowhere, when the last dialog closed without a window manager).
            assertFalse(e.get("focus").get("before").asText("").startsWith("dialog.createVM."), e.toString());
            assertTrue(e.get("focus").get("after").asText().startsWith("dialog.createVM."), e.toString());
            assertTrue(texts(e.get("appeared")).contains("dialog.createVM.input.name"), e.toString());
            assertFalse(texts(e.get("appeared")).contains("dialog.createVM.input.password"), "shown only while encrypting: " + e);
            boolean announced = false;
            for (JsonNode ev : e.get("events")) {
                announced |= ev.get("event").asText().equals("dialog.opened") && ev.get("name").asText().equals("createVM")
                        && ev.get("seq").isIntegralNumber();
            }
            assertTrue(announced, "the bus's dialog.opened is in the receipt: " + e);
            assertTrue(e.get("settledMillis").isIntegralNumber());
            matchesTheList(c, e);
            assertEquals("createVM", c.call("gui.dialog.current").get("name").asText(), "the dialog is open, as the receipt says");

            // Typing: the field took the text, told by its length, never by the text.
            JsonNode typed = c.call("gui.type", act("identifier", "dialog.createVM.input.name").put("text", name));
            assertFalse(typed.toString().contains(name), typed.toString());
            JsonNode length = change(typed.get("effects"), "dialog.createVM.input.name", "length");
            assertEquals(0, length.get("before").asInt(), typed.toString());
            assertEquals(name.length(), length.get("after").asInt(), typed.toString());
            JsonNode create = change(typed.get("effects"), "dialog.createVM.button.create", "enabled");
            assertTrue(create != null && create.get("after").asBoolean(), "a name is all Create needed: " + typed);
            matchesTheList(c, typed.get("effects"));

            // A toggle that shows the password fields, and disables Create until they are filled.
            JsonNode encrypt = c.call("gui.click", act("identifier", "dialog.createVM.toggle.encrypt")).get("effects");
            JsonNode toggled = change(encrypt, "dialog.createVM.toggle.encrypt", "value");
            assertFalse(toggled.get("before").asBoolean());
            assertTrue(toggled.get("after").asBoolean());
            assertTrue(texts(encrypt.get("appeared")).containsAll(Set.of("dialog.createVM.input.password", "dialog.createVM.input.confirm")),
                    encrypt.toString());
            assertFalse(change(encrypt, "dialog.createVM.button.create", "enabled").get("after").asBoolean(), encrypt.toString());
            matchesTheList(c, encrypt);

            // A key that closes the dialog.
            JsonNode esc = c.call("gui.keypress", act("key", "esc")).get("effects");
            assertEquals(Set.of("createVM"), texts(esc.get("closed")), esc.toString());
            assertTrue(texts(esc.get("disappeared")).contains("dialog.createVM.input.name"), esc.toString());
            boolean closed = false;
            for (JsonNode ev : esc.get("events")) {
                closed |= ev.get("event").asText().equals("dialog.closed") && ev.get("name").asText().equals("createVM");
            }
            assertTrue(closed, esc.toString());
            matchesTheList(c, esc);
        }
    }

    @Test
    void startingAVmShowsRunningAndAValueWaitSeesIt() throws Exception {
        String name = "Started " + System.nanoTime() % 100000;
        Library.writeVm(name);
        try (ProbeClient c = Fixture.client()) {
            Probe.waitFor(c, "sidebar.row." + name, "showing");
            JsonNode select = c.call("gui.click", act("identifier", "sidebar.row." + name)).get("effects");
            assertTrue(change(select, "sidebar.row." + name, "selected").get("after").asBoolean(), select.toString());
            assertEquals("Stopped", c.call("gui.wait", args("identifier", "detail.label.state").put("value", "Stopped")
                    .put("timeoutMillis", 15000)).get("value").asText());
            JsonNode start = c.call("gui.click", act("identifier", "detail.button.start")).get("effects");
            matchesTheList(c, start);
            JsonNode waited = c.call("gui.wait", args("identifier", "detail.label.state").put("value", "Running").put("timeoutMillis", 15000));
            assertEquals("Running", waited.get("value").asText());
            assertTrue(waited.get("waitedMillis").isIntegralNumber());
            JsonNode state = change(start, "detail.label.state", "value");
            if (state != null) {
                assertEquals("Stopped", state.get("before").asText(), start.toString());
                assertEquals("Running", state.get("after").asText(), start.toString());
            }

            // Not so in time: the last value seen.
            ProbeOpException late = null;
            try {
                c.call("gui.wait", args("identifier", "detail.label.state").put("value", "Paused").put("timeoutMillis", 200));
            } catch (ProbeOpException x) {
                late = x;
            }
            assertNotNull(late, "a value that never comes times out");
            assertEquals("gui.timeout", late.code());
            assertEquals("Running", late.details().get("lastValue").asText(), late.details().toString());

            // The whole GUI, idle.
            JsonNode idle = c.call("gui.wait", Wire.object().put("state", "idle").put("quietMillis", 50).put("timeoutMillis", 15000));
            assertEquals("idle", idle.get("state").asText());
            assertTrue(idle.get("waitedMillis").asLong() >= 50, idle.toString());
        }
    }

    @Test
    void effectsFalseLeavesTheReceiptOut() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            JsonNode open = c.call("gui.click", args("identifier", "toolbar.button.createVM").put("effects", false));
            assertFalse(open.has("effects"), open.toString());
            assertTrue(open.has("settled"), open.toString());
            JsonNode esc = c.call("gui.keypress", args("key", "esc").put("effects", false).put("settleMillis", 0));
            assertFalse(esc.has("effects") || esc.has("settled"), esc.toString());
            Probe.waitDialog(c, "createVM", "closed");
        }
    }

    @Test
    void theCliPrintsTheReceiptAndWaitsForAValue() throws Exception {
        String name = "Cli VM " + System.nanoTime() % 100000;
        Cli.Result open = Cli.run("gui", "click", "--identifier", "toolbar.button.createVM", "--settle-ms", "5000").ok();
        assertTrue(open.out().startsWith("clicked toolbar.button.createVM ") && open.out().contains("opened createVM"), open.out());
        assertTrue(open.out().contains("focus dialog.createVM."), open.out());
        Cli.Result typed = Cli.run("gui", "type", "--identifier", "dialog.createVM.input.name", "--text", name).ok();
        assertTrue(typed.out().contains("dialog.createVM.input.name length=" + name.length()), typed.out());
        assertFalse(typed.out().contains(name), typed.out());
        Cli.Result value = Cli.run("gui", "wait", "--identifier", "dialog.createVM.input.name", "--value", name).ok();
        assertEquals("dialog.createVM.input.name is \"" + name + "\"", value.out().substring(0, value.out().indexOf(" (waited")));
        Cli.Result json = Cli.run("--json", "gui", "keypress", "--key", "esc", "--settle-ms", "5000").ok();
        JsonNode data = Wire.mapper().readTree(json.out());
        assertEquals("createVM", data.get("effects").get("closed").get(0).asText(), json.out());
        Cli.Result idle = Cli.run("gui", "wait", "--state", "idle").ok();
        assertTrue(idle.out().startsWith("the GUI is idle (waited "), idle.out());
    }
}
