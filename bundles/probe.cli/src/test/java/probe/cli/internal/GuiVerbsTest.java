package probe.cli.internal;

import probe.cli.ops.CompiledDescriptions;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import probe.api.DescriptionJson;
import probe.api.OpDescription;
import probe.api.ProbeException;
import probe.api.RequestCheck;
import probe.api.wire.Wire;
import probe.testing.TestProbe;
import probe.client.format.Phrases;

/**
 * The gui verbs run in-process against a {@link TestProbe} that answers as the op bundles do
 * (their wire formats): what each verb sends, prints, and exits with.
 */
class GuiVerbsTest {
    private static final String SECRET = "s3cr3t-p\u00e4ss w0rd";

    @TempDir
    Path dir;

    private TestProbe probe;
    private volatile boolean dialogOpen = true;
    private volatile boolean problems;
    private volatile int eventsAfterSubscribe = 3;
    private volatile boolean closeAfterEvents;
    /** Every text gui.type received, to check it arrived whole. */
    private final List<String> typed = new CopyOnWriteArrayList<>();

    private record Run(int code, String out, String err) {
        @Override
        public String toString() {
            return "exit " + code + "\nout: " + out + "\nerr: " + err;
        }
    }

    static ObjectNode item(String role, String identifier, String label, String parent, int... frame) {
        ObjectNode o = Wire.object();
        o.put("identifier", identifier);
        o.put("type", "J" + role);
        o.put("role", role);
        o.put("window", "main");
        ArrayNode f = o.putArray("frame");
        for (int v : frame) {
            f.add(v);
        }
        o.put("label", label);
        o.put("enabled", true);
        o.put("focused", false);
        o.put("clickable", true);
        o.put("parent", parent);
        return o;
    }

    static ArrayNode mainItems() {
        ArrayNode items = Wire.mapper().createArrayNode();
        items.add(item("window", "main", "HVM", null, 0, 0, 1280, 800));
        items.add(item("group", "detail", null, "main", 200, 0, 1080, 800));
        ObjectNode start = item("button", "detail.button.start", "Start", "detail", 12, 40, 80, 24);
        start.put("enabled", false).put("clickable", false).put("reason", "it is disabled");
        items.add(start);
        items.add(item("button", "detail.button.stop", "Stop", "detail", 100, 40, 80, 24).put("focused", true));
        items.add(item("row", "sidebar.row.vm1", "vm1", "main", 0, 0, 200, 20).put("selected", true).put("visible", true));
        ObjectNode unnamed = item("button", null, "OK", "detail", 300, 40, 80, 24);
        unnamed.put("clickable", false).put("reason", "it is behind the modal dialog 'dialog.createVM'");
        items.add(unnamed);
        return items;
    }

    static ArrayNode dialogControls() {
        ArrayNode c = Wire.mapper().createArrayNode();
        c.add(item("dialog", "dialog.createVM", "Create VM", null, 300, 200, 400, 300).put("window", "dialog.createVM"));
        c.add(item("input", "dialog.createVM.input.name", "Name", "dialog.createVM", 10, 10, 200, 24).put("value", "vm2")
                .put("editable", true).put("window", "dialog.createVM"));
        c.add(item("password", "dialog.createVM.input.password", "Password", "dialog.createVM", 10, 40, 200, 24)
                .put("length", 8).put("editable", true).put("window", "dialog.createVM"));
        return c;
    }

    @BeforeEach
    void start() throws Exception {
        probe = TestProbe.start(dir, checked((req, conn) -> {
            String op = req.path("op").asText();
            JsonNode args = req.path("args");
            switch (op) {
                case "gui.list": {
                    String scope = args.path("scope").asText("window");
                    if (scope.equals("dialog") && !dialogOpen) {
                        conn.fail(req, "gui.no_window", "no dialog is open", null);
                        return;
                    }
                    ObjectNode d = Wire.object().put("scope", scope);
                    d.set("items", scope.equals("window") ? mainItems() : scope.equals("dialog") ? dialogControls()
                            : Wire.mapper().createArrayNode());
                    conn.reply(req, d);
                    return;
                }
                case "gui.dialog.current": {
                    ObjectNode d = Wire.object();
                    if (dialogOpen) {
                        d.put("name", "createVM").put("title", "Create VM").put("modal", true).put("focused", true);
                        d.set("controls", dialogControls());
                    } else {
                        d.putNull("name");
                        d.putNull("title");
                        d.put("modal", false).put("focused", false);
                        d.putArray("controls");
                    }
                    conn.reply(req, d);
                    return;
                }
                case "gui.audit": {
                    ObjectNode d = Wire.object();
                    ArrayNode p = d.putArray("problems");
                    d.put("checked", 6); // as the op counts what gui.list shows
                    if (problems) {
                        p.add(item("button", null, "OK", "dialog.createVM", 300, 40, 80, 24).put("window", "dialog.createVM")
                                .put("problem", "no identifier"));
                        p.add(item("button", "detail.button.x", "X", "detail", 1, 2, 3, 4).put("problem", "shared identifier"));
                        p.add(item("button", "detail.button.x", "X", "detail", 5, 6, 7, 8).put("problem", "shared identifier"));
                    }
                    conn.reply(req, d);
                    return;
                }
                case "gui.click": {
                    String id = args.path("identifier").asText();
                    if (id.equals("detail.button.start")) {
                        conn.fail(req, "gui.not_clickable", "'detail.button.start' is not clickable: it is disabled", null);
                        return;
                    }
                    ObjectNode d = Wire.object().put("identifier", id);
                    d.putArray("clicked").add(52).add(52);
                    d.put("button", args.path("button").asText()).put("count", args.path("count").asInt());
                    if (id.equals("toolbar.button.createVM") && args.path("effects").asBoolean(true)) {
                        d.put("settled", true);
                        d.set("effects", receipt());
                    }
                    conn.reply(req, d);
                    return;
                }
                case "gui.select": {
                    String id = args.path("identifier").asText();
                    if (args.path("label").asText().equals("Plan 9")) {
                        ObjectNode details = Wire.object().put("identifier", id).put("count", 9);
                        details.putArray("nearest").add("Fedora Linux");
                        conn.fail(req, "gui.identifier_not_found", "'" + id + "' has no item labelled \"Plan 9\"; nearest: \"Fedora Linux\"",
                                details);
                        return;
                    }
                    ObjectNode d = Wire.object().put("identifier", id).put("selected", id + ".row.fedora").put("label", "Fedora Linux")
                            .put("index", 2);
                    withReceipt(d, args);
                    conn.reply(req, d);
                    return;
                }
                case "gui.hover": {
                    ObjectNode d = Wire.object().put("identifier", args.path("identifier").asText());
                    d.putArray("at").add(40).add(12);
                    d.put("tooltip", "Start the selected VM");
                    withReceipt(d, args);
                    conn.reply(req, d);
                    return;
                }
                case "gui.scroll": {
                    ObjectNode d = Wire.object().put("identifier", args.path("identifier").asText());
                    d.putArray("at").add(140).add(400);
                    d.put("dy", args.path("dy").asInt(0)).put("dx", args.path("dx").asInt(0));
                    withReceipt(d, args);
                    conn.reply(req, d);
                    return;
                }
                case "gui.type": {
                    String text = args.path("text").asText();
                    typed.add(text);
                    if (args.path("identifier").asText().equals("detail.button.stop")) {
                        conn.fail(req, "gui.not_editable", "'detail.button.stop' is a button, not a text control", null);
                        return;
                    }
                    conn.reply(req, Wire.object().put("identifier", args.path("identifier").asText())
                            .put("typed", text.codePointCount(0, text.length())));
                    return;
                }
                case "gui.keypress": {
                    ObjectNode d = Wire.object().put("key", args.path("key").asText());
                    d.set("modifiers", args.has("modifiers") ? args.get("modifiers") : Wire.mapper().createArrayNode());
                    d.put("target", args.path("identifier").asText("detail.button.stop"));
                    conn.reply(req, d);
                    return;
                }
                case "gui.wait": {
                    if (args.has("value")) {
                        if (args.path("identifier").asText().equals("never.there")) {
                            ObjectNode details = Wire.object().put("wanted", args.get("value").asText()).put("lastValue", "Stopped")
                                    .put("timeoutMillis", 100);
                            conn.fail(req, "gui.timeout", "'never.there' was still \"Stopped\" after 100 ms (waited for \"Running\")", details);
                            return;
                        }
                        conn.reply(req, Wire.object().put("value", args.get("value").asText()).put("waitedMillis", 1200));
                        return;
                    }
                    if (args.path("identifier").asText().equals("never.there")) {
                        ObjectNode details = Wire.object().put("wanted", "showing").put("lastState", "hidden").put("timeoutMillis", 100);
                        conn.fail(req, "gui.timeout", "'never.there' was still hidden after 100 ms (waited for showing)", details);
                        return;
                    }
                    conn.reply(req, Wire.object().put("state", args.path("state").asText()).put("waitedMillis", 12));
                    return;
                }
                case "gui.event.subscribe": {
                    ObjectNode d = Wire.object();
                    d.set("subscribed", args.has("events") ? args.get("events") : Wire.mapper().createArrayNode().add("*"));
                    conn.reply(req, d);
                    for (int i = 1; i <= eventsAfterSubscribe; i++) {
                        ObjectNode e = Wire.object().put("event", "dialog.opened").put("name", "createVM").put("title", "Create VM")
                                .put("vmId", "vm-" + i).put("seq", i).put("ts", 1764612345678L);
                        conn.send(e);
                    }
                    if (closeAfterEvents) {
                        conn.close();
                    }
                    return;
                }
                default:
                    conn.fail(req, "protocol.unknown_op", "no op '" + op + "'", null);
            }
        }));
    }

    @AfterEach
    void stop() throws Exception {
        probe.close();
    }

    /**
     * A receipt for a select, hover or scroll on a control named {@code receipt.*}, unless the
     * request says {@code effects: false}: one changed value and one control that appeared.
     */
    private static void withReceipt(ObjectNode d, JsonNode args) {
        if (!args.path("identifier").asText().startsWith("receipt.") || !args.path("effects").asBoolean(true)) {
            return;
        }
        d.put("settled", true);
        ObjectNode e = d.putObject("effects");
        e.putArray("changed").addObject().put("identifier", "receipt.label.shown").put("field", "value").put("before", "a").put("after", "b");
        e.putArray("appeared").add("receipt.row.vm30");
        e.put("settledMillis", 2);
    }

    /** The receipt of clicking toolbar.button.createVM, as the probe gives it. */
    private static ObjectNode receipt() {
        ObjectNode e = Wire.object();
        e.putArray("opened").add("createVM");
        e.putArray("closed");
        e.putObject("focus").put("before", "toolbar.button.createVM").put("after", "dialog.createVM.input.name");
        e.putArray("changed").addObject().put("identifier", "dialog.createVM.button.create").put("field", "enabled").put("before", true)
                .put("after", false);
        e.putArray("appeared").add("dialog.createVM").add("dialog.createVM.input.name").add("dialog.createVM.button.create")
                .add("dialog.createVM.button.cancel");
        e.putArray("disappeared");
        e.putArray("events").addObject().put("event", "dialog.opened").put("name", "createVM").put("seq", 12);
        e.put("settledMillis", 3);
        return e;
    }

    /** How many requests the probe refused as the transport and the ops would (gui.invalid_args). */
    private int refused;

    /**
     * The probe's checks around {@code ops}, as the real one makes them: each request of an op that
     * hvm-dbg has the description of is checked against it (defaults filled in, gui.invalid_args
     * naming the argument) before the op sees it, and then against what the op itself says of
     * arguments that go together ({@link #opRule}).
     */
    private TestProbe.Handler checked(TestProbe.Handler ops) {
        return (req, conn) -> {
            String op = req.path("op").asText();
            if (op.equals("probe.hello")) {
                TestProbe.standard().handle(req, conn);
                return;
            }
            if (op.equals("probe.describe")) {
                // As the real probe serves them: every op of the contract described.
                ObjectNode all = Wire.object();
                com.fasterxml.jackson.databind.node.ArrayNode list = all.putArray("ops");
                CompiledDescriptions.all().forEach(k -> list.add(DescriptionJson.served(k)));
                all.putArray("unavailable");
                conn.reply(req, all);
                return;
            }
            java.util.Optional<OpDescription> d = CompiledDescriptions.of(op);
            if (d.isEmpty()) {
                ops.handle(req, conn);
                return;
            }
            ObjectNode given = req.path("args").isObject() ? (ObjectNode) req.get("args") : Wire.object();
            try {
                ObjectNode filled = RequestCheck.check(d.get(), given);
                String rule = opRule(op, given);
                if (rule != null) {
                    throw ProbeException.invalidArgs(rule);
                }
                ObjectNode checkedReq = req.deepCopy();
                checkedReq.set("args", filled);
                ops.handle(checkedReq, conn);
            } catch (ProbeException e) {
                refused++;
                conn.fail(req, e.code(), e.getMessage(), e.details());
            }
        };
    }

    /** What gui.select, gui.scroll and gui.wait refuse of arguments that go together (their own words, shortened). */
    private static String opRule(String op, ObjectNode a) {
        switch (op) {
            case "gui.select": {
                int given = (a.has("label") ? 1 : 0) + (a.has("row") ? 1 : 0) + (a.has("index") ? 1 : 0);
                return given == 1 ? null : "give exactly one of 'label', 'row' or 'index'";
            }
            case "gui.scroll":
                return a.path("dy").asInt(0) == 0 && a.path("dx").asInt(0) == 0 ? "give 'dy' or 'dx', not both zero" : null;
            case "gui.wait": {
                boolean id = a.has("identifier");
                boolean dialog = a.has("dialog");
                String state = a.path("state").asText(null);
                if (a.has("value")) {
                    return !id || dialog || state != null || a.has("quietMillis") ? "'value' goes with 'identifier' alone" : null;
                }
                if ("idle".equals(state)) {
                    return id || dialog ? "state 'idle' is the whole GUI's: give it without 'identifier' or 'dialog'" : null;
                }
                if (a.has("quietMillis")) {
                    return "'quietMillis' goes with state 'idle'";
                }
                if (id == dialog) {
                    return "give 'identifier' with state showing, hidden, enabled or disabled (or with a value), 'dialog' with state open or closed, or state idle";
                }
                if (state == null) {
                    return "argument 'state' is required";
                }
                List<String> states = id ? List.of("showing", "hidden", "enabled", "disabled") : List.of("open", "closed");
                return states.contains(state) ? null : "argument 'state' must be one of " + String.join(", ", states);
            }
            default:
                return null;
        }
    }

    private Run run(String... args) {
        return runWithInput(new ByteArrayInputStream(new byte[0]), args);
    }

    private Run runWithInput(InputStream stdin, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String[] all = new String[args.length + 2];
        all[0] = "--socket";
        all[1] = probe.socket().toString();
        System.arraycopy(args, 0, all, 2, args.length);
        int code = HvmDbg.run(all, stdin, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(code, out.toString(), err.toString());
    }

    private static InputStream text(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
    }

    private ObjectNode lastArgs() {
        List<ObjectNode> r = probe.requests();
        return (ObjectNode) r.get(r.size() - 1).get("args");
    }

    private String lastOp() {
        List<ObjectNode> r = probe.requests();
        return r.get(r.size() - 1).get("op").textValue();
    }

    // ---- list ----

    @Test
    void listPrintsAnIndentedTree() {
        Run r = run("gui", "list");
        assertEquals(0, r.code, r.toString());
        assertEquals(String.join("\n",
                "window main \"HVM\"",
                "  group detail",
                "    button detail.button.start \"Start\"  disabled",
                "    button detail.button.stop \"Stop\"  focused",
                "    button (no identifier) \"OK\"",
                "  row sidebar.row.vm1 \"vm1\"  selected",
                "1 control is behind the modal dialog 'dialog.createVM': close or operate it first") + "\n", r.out);
        assertEquals("", r.err);
        assertEquals("gui.list", lastOp());
        assertFalse(lastArgs().has("scope"), "the op's default scope");
    }

    @Test
    void listJsonPrintsTheDataAndScopeIsSent() throws Exception {
        Run r = run("gui", "list", "--scope", "dialog", "--json");
        assertEquals(0, r.code, r.toString());
        JsonNode data = Wire.mapper().readTree(r.out);
        assertEquals("dialog", data.get("scope").textValue());
        assertEquals(dialogControls(), data.get("items"));
        assertEquals("dialog", lastArgs().get("scope").textValue());
    }

    @Test
    void listOfAnEmptyScopeSaysSo() {
        Run r = run("gui", "list", "--scope", "nothing.here");
        assertEquals(0, r.code, r.toString());
        assertEquals("no items in scope nothing.here", r.out.trim());
    }

    @Test
    void listOfAClosedDialogIsAProbeError() {
        dialogOpen = false;
        Run r = run("gui", "list", "--scope", "dialog");
        assertEquals(1, r.code, r.toString());
        assertEquals("error gui.no_window: no dialog is open", r.err.trim());
    }

    // ---- dialog ----

    @Test
    void dialogPrintsItsHeadAndControls() {
        Run r = run("gui", "dialog");
        assertEquals(0, r.code, r.toString());
        assertEquals(String.join("\n",
                "createVM \"Create VM\" (modal)",
                "  dialog dialog.createVM \"Create VM\"",
                "    input dialog.createVM.input.name \"Name\"  value=\"vm2\"",
                "    password dialog.createVM.input.password \"Password\"  length=8") + "\n", r.out);
        assertEquals("gui.dialog.current", lastOp());
    }

    @Test
    void noDialogExitsZero() throws Exception {
        dialogOpen = false;
        Run r = run("gui", "dialog");
        assertEquals(0, r.code, r.toString());
        assertEquals("no dialog open\n", r.out);
        Run json = run("--json", "gui", "dialog");
        assertEquals(0, json.code, json.toString());
        assertTrue(Wire.mapper().readTree(json.out).get("name").isNull());
    }

    // ---- audit ----

    @Test
    void cleanAuditSaysHowManyControlsItChecked() {
        Run r = run("gui", "audit");
        assertEquals(0, r.code, r.toString());
        assertEquals("audit: nothing to fix (6 controls checked)\n", r.out);
        assertEquals(0, run("gui", "audit", "--strict").code);
    }

    @Test
    void auditProblemsArePrintedAndOnlyStrictFails() throws Exception {
        problems = true;
        Run r = run("gui", "audit");
        assertEquals(0, r.code, r.toString());
        assertEquals(String.join("\n",
                "no identifier: button (no identifier) \"OK\"  at [300,40,80,24]  window=dialog.createVM  parent=dialog.createVM",
                "shared identifier: button detail.button.x \"X\"  at [1,2,3,4]  window=main  parent=detail",
                "shared identifier: button detail.button.x \"X\"  at [5,6,7,8]  window=main  parent=detail",
                "audit: 3 problems: 1 no identifier, 2 shared identifier") + "\n", r.out);
        assertEquals("gui.audit", lastOp(), "no gui.list to count when there are problems");

        Run strict = run("gui", "audit", "--strict");
        assertEquals(1, strict.code, strict.toString());
        assertTrue(strict.out.contains("audit: 3 problems"), strict.out);

        Run json = run("gui", "audit", "--strict", "--json");
        assertEquals(1, json.code, json.toString());
        assertEquals(3, Wire.mapper().readTree(json.out).get("problems").size());
    }

    // ---- click ----

    @Test
    void clickSendsButtonAndCount() {
        Run r = run("gui", "click", "--identifier", "detail.button.stop");
        assertEquals(0, r.code, r.toString());
        assertEquals("clicked detail.button.stop at [52,52]\n", r.out);
        // Only what was given: the probe fills in the defaults (button left, count 1).
        assertEquals(Wire.object().put("identifier", "detail.button.stop"), lastArgs());

        Run right = run("gui", "click", "--identifier", "sidebar.row.vm1", "--button", "right", "--double");
        assertEquals(0, right.code, right.toString());
        assertEquals("double-clicked sidebar.row.vm1 with the right button at [52,52]\n", right.out);
        assertEquals(Wire.object().put("identifier", "sidebar.row.vm1").put("button", "right").put("count", 2), lastArgs());
    }

    @Test
    void clickPrintsItsReceiptInTwoLinesAndAllOfItWithJson() throws Exception {
        Run r = run("gui", "click", "--identifier", "toolbar.button.createVM");
        assertEquals(0, r.code, r.toString());
        String nothing = Phrases.receipt(Wire.object().set("effects", Wire.object()));
        String arrow = nothing.substring(0, nothing.indexOf("no visible change"));
        assertEquals("clicked toolbar.button.createVM" + arrow + "opened createVM; focus dialog.createVM.input.name;"
                + " dialog.createVM.button.create disabled\n"
                + "  appeared dialog.createVM and its 3 controls\n", r.out,
                "a dialog that came with its controls is one entry; the event that says it opened is said once");
        Run json = run("--json", "gui", "click", "--identifier", "toolbar.button.createVM");
        assertEquals(receipt(), Wire.mapper().readTree(json.out).get("effects"));

        Run without = run("gui", "click", "--identifier", "toolbar.button.createVM", "--no-effects", "--settle-ms", "0");
        assertEquals(0, without.code, without.toString());
        assertEquals("clicked toolbar.button.createVM at [52,52]\n", without.out);
        assertEquals(Wire.object().put("identifier", "toolbar.button.createVM").put("effects", false).put("settleMillis", 0), lastArgs());
        int before = opsSent();
        int refusedBefore = refused;
        assertEquals(2, run("gui", "click", "--identifier", "x", "--settle-ms", "10001").code);
        assertEquals(2, run("gui", "type", "--identifier", "x", "--text", "y", "--settle-ms", "-1").code);
        assertEquals(before + refused - refusedBefore, opsSent(), "sent only what the op itself refuses (gui.invalid_args)");
    }

    @Test
    void clickRefusedIsAProbeErrorAndBadUsageSendsNothing() {
        Run r = run("gui", "click", "--identifier", "detail.button.start");
        assertEquals(1, r.code, r.toString());
        assertEquals("error gui.not_clickable: 'detail.button.start' is not clickable: it is disabled", r.err.trim());

        int before = opsSent();
        int refusedBefore = refused;
        assertEquals(2, run("gui", "click").code, "no --identifier");
        assertEquals(2, run("gui", "click", "--identifier", "x", "--button", "fourth").code);
        assertEquals(before + refused - refusedBefore, opsSent(), "sent only what the op itself refuses (gui.invalid_args)");
    }

    // ---- select, hover, scroll ----

    @Test
    void selectHoverAndScrollPrintTheirReceipt() throws Exception {
        String nothing = Phrases.receipt(Wire.object().set("effects", Wire.object()));
        String arrow = nothing.substring(0, nothing.length() - "no visible change".length());
        String rest = arrow + "receipt.label.shown value=\"b\"\n  appeared receipt.row.vm30\n";
        Run selected = run("gui", "select", "--identifier", "receipt.combo", "--label", "Fedora Linux");
        assertEquals(0, selected.code, selected.err);
        assertEquals("selected \"Fedora Linux\" in receipt.combo (receipt.combo.row.fedora, index 2)" + rest, selected.out);
        Run hovered = run("gui", "hover", "--identifier", "receipt.button");
        assertEquals("hovering over receipt.button; tooltip \"Start the selected VM\"" + rest, hovered.out);
        Run scrolled = run("gui", "scroll", "--identifier", "receipt.list", "--dy", "3");
        assertEquals("scrolled receipt.list 3 notches down" + rest, scrolled.out);
        Run json = run("--json", "gui", "scroll", "--identifier", "receipt.list", "--dy", "3");
        assertEquals("receipt.row.vm30", Wire.mapper().readTree(json.out).get("effects").get("appeared").get(0).asText());

        Run without = run("gui", "select", "--identifier", "receipt.combo", "--row", "fedora", "--no-effects", "--settle-ms", "0");
        assertEquals("selected \"Fedora Linux\" in receipt.combo (receipt.combo.row.fedora, index 2)\n", without.out);
        assertEquals(false, lastArgs().get("effects").asBoolean());
        assertEquals(0, lastArgs().get("settleMillis").asInt());
        run("gui", "hover", "--identifier", "receipt.button", "--settle-ms", "250");
        assertEquals(250, lastArgs().get("settleMillis").asInt());
        assertEquals("hovering over receipt.button at [40,12]; tooltip \"Start the selected VM\"\n",
                run("gui", "hover", "--identifier", "receipt.button", "--no-effects").out);
        assertEquals(2, run("gui", "scroll", "--identifier", "x", "--dy", "1", "--settle-ms", "10001").code);
        assertEquals(2, run("gui", "hover", "--identifier", "x", "--settle-ms", "-1").code);
    }

    @Test
    void selectSendsExactlyOneWayToNameTheItem() {
        Run r = run("gui", "select", "--identifier", "dialog.createVM.combo.os", "--label", "Fedora Linux");
        assertEquals(0, r.code, r.toString());
        assertEquals("selected \"Fedora Linux\" in dialog.createVM.combo.os (dialog.createVM.combo.os.row.fedora, index 2)\n", r.out);
        assertEquals(Wire.object().put("identifier", "dialog.createVM.combo.os").put("label", "Fedora Linux"), lastArgs());
        assertEquals(0, run("gui", "select", "--identifier", "a.combo", "--row", "fedora").code);
        assertEquals(Wire.object().put("identifier", "a.combo").put("row", "fedora"), lastArgs());
        Run json = run("--json", "gui", "select", "--identifier", "a.combo", "--index", "2");
        assertEquals(0, json.code, json.toString());
        assertEquals(Wire.object().put("identifier", "a.combo").put("index", 2), lastArgs());
        assertTrue(json.out.contains("\"selected\":\"a.combo.row.fedora\""), json.out);

        Run missing = run("gui", "select", "--identifier", "a.combo", "--label", "Plan 9");
        assertEquals(1, missing.code, missing.toString());
        assertTrue(missing.err.contains("gui.identifier_not_found") && missing.err.contains("Fedora Linux"), missing.err);

        int before = opsSent();
        int refusedBefore = refused;
        assertEquals(2, run("gui", "select", "--identifier", "a.combo").code, "no item named");
        assertEquals(2, run("gui", "select", "--identifier", "a.combo", "--label", "x", "--index", "1").code, "two ways");
        assertEquals(2, run("gui", "select", "--identifier", "a.combo", "--index", "-1").code);
        assertEquals(2, run("gui", "select", "--label", "x").code, "no --identifier");
        assertEquals(before + refused - refusedBefore, opsSent(), "sent only what the op itself refuses (gui.invalid_args)");
    }

    @Test
    void hoverPrintsTheTooltip() {
        Run r = run("gui", "hover", "--identifier", "toolbar.button.start");
        assertEquals(0, r.code, r.toString());
        assertEquals("hovering over toolbar.button.start at [40,12]; tooltip \"Start the selected VM\"\n", r.out);
        assertEquals(Wire.object().put("identifier", "toolbar.button.start"), lastArgs());
        assertEquals(2, run("gui", "hover").code);
    }

    @Test
    void scrollSendsNotchesEitherWay() {
        Run r = run("gui", "scroll", "--identifier", "sidebar.list", "--dy", "3");
        assertEquals(0, r.code, r.toString());
        assertEquals("scrolled sidebar.list 3 notches down at [140,400]\n", r.out);
        assertEquals(Wire.object().put("identifier", "sidebar.list").put("dy", 3), lastArgs());
        Run up = run("gui", "scroll", "--identifier", "sidebar.list", "--dy", "-1", "--dx", "-2");
        assertEquals(0, up.code, up.toString());
        assertEquals("scrolled sidebar.list 1 notch up, 2 notches left at [140,400]\n", up.out);
        assertEquals(Wire.object().put("identifier", "sidebar.list").put("dy", -1).put("dx", -2), lastArgs());

        int before = opsSent();
        int refusedBefore = refused;
        assertEquals(2, run("gui", "scroll", "--identifier", "sidebar.list").code, "no notches");
        assertEquals(2, run("gui", "scroll", "--identifier", "sidebar.list", "--dy", "0").code);
        assertEquals(2, run("gui", "scroll", "--identifier", "sidebar.list", "--dy", "101").code);
        assertEquals(before + refused - refusedBefore, opsSent(), "sent only what the op itself refuses (gui.invalid_args)");
    }

    // ---- type ----

    @Test
    void typeSendsTheTextAndPrintsOnlyItsLength() {
        Run r = run("gui", "type", "--identifier", "dialog.createVM.input.name", "--text", "vm2", "--replace");
        assertEquals(0, r.code, r.toString());
        assertEquals("typed 3 characters into dialog.createVM.input.name\n", r.out);
        assertEquals(Wire.object().put("identifier", "dialog.createVM.input.name").put("text", "vm2").put("replace", true),
                lastArgs());
    }

    @Test
    void textStdinIsReadWholeLessOneNewlineAndNeverShown() {
        String id = "dialog.createVM.input.password";
        Run r = runWithInput(text(SECRET + "\n"), "gui", "type", "--identifier", id, "--text-stdin");
        assertEquals(0, r.code, r.toString());
        assertEquals("typed 16 characters into " + id + "\n", r.out);
        assertEquals(SECRET, typed.get(0));
        assertFalse(lastArgs().has("replace"));

        Run json = runWithInput(text(SECRET + "\r\n"), "--json", "gui", "type", "--identifier", id, "--text-stdin");
        assertEquals(0, json.code, json.toString());
        assertEquals(SECRET, typed.get(1), "\\r\\n is one newline");

        Run two = runWithInput(text("line one\nline two\n\n"), "gui", "type", "--identifier", id, "--text-stdin");
        assertEquals(0, two.code, two.toString());
        assertEquals("line one\nline two\n", typed.get(2), "only ONE trailing newline goes");

        Run none = runWithInput(text(SECRET), "gui", "type", "--identifier", id, "--text-stdin");
        assertEquals(0, none.code, none.toString());
        assertEquals(SECRET, typed.get(3));

        for (Run each : List.of(r, json, two, none)) {
            assertFalse(each.out.contains(SECRET) || each.err.contains(SECRET), each.toString());
            assertFalse(each.out.contains("line one") || each.err.contains("line one"), each.toString());
        }
    }

    @Test
    void typedTextNeverShowsInErrors() {
        Run refused = runWithInput(text(SECRET), "--json", "gui", "type", "--identifier", "detail.button.stop", "--text-stdin");
        assertEquals(1, refused.code, refused.toString());
        assertTrue(refused.err.startsWith("error gui.not_editable:"), refused.err);

        Run both = runWithInput(text(SECRET), "gui", "type", "--identifier", "x", "--text", SECRET, "--text-stdin");
        assertEquals(2, both.code, both.toString());
        Run extra = run("gui", "type", "--identifier", "x", "--text", SECRET, SECRET);
        assertEquals(2, extra.code, extra.toString());
        assertTrue(extra.err.startsWith("1 word(s) too many: type takes no word besides its options"), extra.err);
        assertFalse(extra.err.contains(SECRET) || extra.out.contains(SECRET), extra.toString());
        Run glued = run("gui", "type", "--text=" + SECRET, "--identifier");
        assertEquals(2, glued.code, glued.toString());
        Run neither = run("gui", "type", "--identifier", "x");
        assertEquals(2, neither.code, neither.toString());
        byte[] latin1 = "p\u00e4ss".getBytes(StandardCharsets.ISO_8859_1);
        Run notUtf8 = runWithInput(new ByteArrayInputStream(latin1), "gui", "type", "--identifier", "x", "--text-stdin");
        assertEquals(2, notUtf8.code, notUtf8.toString());
        assertTrue(notUtf8.err.contains("standard input is not UTF-8"), notUtf8.err);

        for (Run each : List.of(refused, both, extra, glued, neither, notUtf8)) {
            assertFalse(each.out.contains(SECRET) || each.err.contains(SECRET), each.toString());
            assertFalse(each.err.contains("p\u00e4ss"), each.toString());
        }
    }

    // ---- keypress ----

    @Test
    void keypressSendsKeyModifiersAndTarget() {
        Run r = run("gui", "keypress", "--key", "a", "--modifiers", "ctrl,shift", "--identifier", "dialog.createVM.input.name");
        assertEquals(0, r.code, r.toString());
        assertEquals("pressed ctrl+shift+a on dialog.createVM.input.name\n", r.out);
        ObjectNode expected = Wire.object().put("key", "a");
        expected.putArray("modifiers").add("ctrl").add("shift");
        expected.put("identifier", "dialog.createVM.input.name");
        assertEquals(expected, lastArgs());

        Run plain = run("gui", "keypress", "--key", "esc");
        assertEquals(0, plain.code, plain.toString());
        assertEquals("pressed esc on detail.button.stop\n", plain.out);
        assertEquals(Wire.object().put("key", "esc"), lastArgs());
        assertEquals(2, run("gui", "keypress").code, "no --key");
    }

    // ---- wait ----

    @Test
    void waitForAControlOrADialog() {
        Run r = run("gui", "wait", "--identifier", "detail.button.start", "--state", "enabled");
        assertEquals(0, r.code, r.toString());
        assertEquals("detail.button.start is enabled (waited 12 ms)\n", r.out);
        assertEquals(Wire.object().put("identifier", "detail.button.start").put("state", "enabled"), lastArgs());

        Run d = run("gui", "wait", "--dialog", "createVM", "--state", "closed", "--timeout-ms", "250");
        assertEquals(0, d.code, d.toString());
        assertEquals("dialog createVM is closed (waited 12 ms)\n", d.out);
        assertEquals(Wire.object().put("dialog", "createVM").put("state", "closed").put("timeoutMillis", 250), lastArgs());
    }

    @Test
    void waitForAValueOrAnIdleGui() {
        Run r = run("gui", "wait", "--identifier", "detail.label.state", "--value", "Running");
        assertEquals(0, r.code, r.toString());
        assertEquals("detail.label.state is \"Running\" (waited 1200 ms)\n", r.out);
        assertEquals(Wire.object().put("identifier", "detail.label.state").put("value", "Running"), lastArgs());

        Run idle = run("gui", "wait", "--state", "idle", "--quiet-ms", "80");
        assertEquals(0, idle.code, idle.toString());
        assertEquals("the GUI is idle (waited 12 ms)\n", idle.out);
        assertEquals(Wire.object().put("state", "idle").put("quietMillis", 80), lastArgs());

        Run late = run("gui", "wait", "--identifier", "never.there", "--value", "Running", "--timeout-ms", "100");
        assertEquals(1, late.code, late.toString());
        assertTrue(late.err.contains("gui.timeout") && late.err.contains("Stopped"), late.err);
        Run json = run("--json", "gui", "wait", "--identifier", "never.there", "--value", "Running", "--timeout-ms", "100");
        assertTrue(json.err.contains("\"lastValue\":\"Stopped\""), json.err);

        int before = opsSent();
        int refusedBefore = refused;
        assertEquals(2, run("gui", "wait", "--value", "Running").code, "a value needs --identifier");
        assertEquals(2, run("gui", "wait", "--dialog", "createVM", "--value", "x").code);
        assertEquals(2, run("gui", "wait", "--identifier", "x", "--value", "x", "--state", "showing").code);
        assertEquals(2, run("gui", "wait", "--identifier", "x", "--state", "idle").code);
        assertEquals(2, run("gui", "wait", "--state", "idle", "--quiet-ms", "0").code);
        assertEquals(2, run("gui", "wait", "--identifier", "x", "--state", "showing", "--quiet-ms", "5").code);
        assertEquals(2, run("gui", "wait").code);
        assertEquals(before + refused - refusedBefore, opsSent(), "sent only what the op itself refuses (gui.invalid_args)");
    }

    @Test
    void waitUsageIsCheckedBeforeAnythingIsSent() {
        int before = opsSent();
        int refusedBefore = refused;
        assertEquals(2, run("gui", "wait", "--identifier", "x", "--state", "open").code);
        assertEquals(2, run("gui", "wait", "--dialog", "createVM", "--state", "enabled").code);
        assertEquals(2, run("gui", "wait", "--identifier", "x", "--dialog", "createVM", "--state", "open").code);
        assertEquals(2, run("gui", "wait", "--state", "open").code);
        assertEquals(2, run("gui", "wait", "--identifier", "x").code);
        assertEquals(2, run("gui", "wait", "--identifier", "x", "--state", "showing", "--timeout-ms", "-1").code);
        assertEquals(before + refused - refusedBefore, opsSent(), "sent only what the op itself refuses (gui.invalid_args)");
    }

    @Test
    void waitTimeoutIsAProbeErrorWithTheLastState() {
        Run r = run("gui", "wait", "--identifier", "never.there", "--state", "showing", "--timeout-ms", "100");
        assertEquals(1, r.code, r.toString());
        assertEquals("error gui.timeout: 'never.there' was still hidden after 100 ms (waited for showing)", r.err.trim());
        Run json = run("--json", "gui", "wait", "--identifier", "never.there", "--state", "showing", "--timeout-ms", "100");
        assertEquals(1, json.code, json.toString());
        assertTrue(json.err.contains("\"lastState\":\"hidden\""), json.err);
    }

    // ---- watch ----

    @Test
    void watchPrintsReadableEventsAndStopsAfterCount() {
        Run r = run("gui", "watch", "--count", "2");
        assertEquals(0, r.code, r.toString());
        assertEquals("dialog.opened createVM \"Create VM\" vmId=vm-1\ndialog.opened createVM \"Create VM\" vmId=vm-2\n", r.out);
        assertEquals("gui.event.subscribe", lastOp());
        assertTrue(lastArgs() == null || !lastArgs().has("events"), "all events by default");
    }

    @Test
    void watchJsonPrintsEachEventAsALineAndSendsThePatterns() throws Exception {
        Run r = run("--json", "gui", "watch", "--events", "dialog.*,vm.state", "--events", "error", "--count", "3");
        assertEquals(0, r.code, r.toString());
        String[] lines = r.out.split("\n");
        assertEquals(3, lines.length, r.out);
        assertEquals("vm-3", Wire.mapper().readTree(lines[2]).get("vmId").textValue());
        assertEquals(1764612345678L, Wire.mapper().readTree(lines[0]).get("ts").longValue());
        ArrayNode patterns = Wire.mapper().createArrayNode().add("dialog.*").add("vm.state").add("error");
        assertEquals(patterns, lastArgs().get("events"));
    }

    @Test
    void watchStopsAtItsTimeoutAndExitsZero() {
        eventsAfterSubscribe = 1;
        long t0 = System.nanoTime();
        Run r = run("gui", "watch", "--timeout", "0.4");
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(0, r.code, r.toString());
        assertEquals(1, r.out.split("\n").length, r.out);
        assertTrue(ms >= 350 && ms < 5000, ms + " ms");
        Run before = run("--timeout", "0.3", "gui", "watch");
        assertEquals(0, before.code, "--timeout before the command counts too: " + before);
        assertEquals(2, run("gui", "watch", "--count", "0").code);
    }

    @Test
    void watchExitsThreeWhenTheProbeGoesAway() {
        eventsAfterSubscribe = 1;
        closeAfterEvents = true;
        Run r = run("gui", "watch");
        assertEquals(3, r.code, r.toString());
        assertTrue(r.out.startsWith("dialog.opened createVM"), r.out);
        assertTrue(r.err.startsWith("no probe answers on"), r.err);
    }

    /** How many requests of ops the probe got: the hello and probe.describe that give hvm-dbg the descriptions are not counted. */
    private int opsSent() {
        return (int) probe.requests().stream().filter(q -> !q.path("op").asText().equals("probe.hello")
                && !q.path("op").asText().equals("probe.describe")).count();
    }
}
