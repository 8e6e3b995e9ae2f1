package probe.gogo.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.apache.felix.gogo.runtime.CommandProcessorImpl;
import org.apache.felix.gogo.runtime.threadio.ThreadIOImpl;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Converter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import probe.api.ErrorCodes;
import probe.api.OpContext;
import probe.api.OpDescription;
import probe.api.Ops;
import probe.api.ProbeException;
import probe.api.ProbeOp;
import probe.api.events.EventBus;
import probe.api.wire.Wire;

/**
 * The gui:* commands run through Gogo's real command processor (outside a framework), so options,
 * overloads and results are parsed and shown as the shell does, against fake op services.
 */
class GuiCommandsTest {
    /** This component's own commands; the others come and go with their ops. */
    private static final String[] FUNCTIONS = {"hello", "watch"};

    @TempDir
    Path dir;

    /**
     * One ThreadIO for the class, as a framework has one. Gogo's ThreadIO puts its own System.out
     * back whenever a command thread ends, and an interrupted job's thread ends after the job has
     * been reported: a ThreadIO per test would find the previous one's stream still set.
     */
    private static ThreadIOImpl threadIO;
    private CommandProcessorImpl processor;
    private GuiCommands commands;
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private CommandSession session;
    private long serviceIds;

    /** Every call an op got: its name, args and context. */
    private record Call(String op, ObjectNode args, OpContext ctx) {
    }

    private final List<Call> calls = new CopyOnWriteArrayList<>();

    private interface Answer {
        JsonNode answer(ObjectNode args) throws ProbeException;
    }

    private void op(String name, Answer answer) {
        op(name, 0, answer);
    }

    private long op(String name, int ranking, Answer answer) {
        long id = ++serviceIds;
        ProbeOp op = (ctx, args) -> {
            calls.add(new Call(name, args, ctx));
            return answer.answer(args);
        };
        commands.addOp(op, Map.of("probe.op", name, "service.id", id, "service.ranking", ranking), "test", description(name));
        return id;
    }

    /** The description an op bundle of the contract declares, read from its sources beside this module; null for another op. */
    static URL description(String op) {
        try (DirectoryStream<Path> bundles = Files.newDirectoryStream(Path.of(".."))) {
            for (Path b : bundles) {
                Path f = b.resolve("src/main/resources").resolve(OpDescription.location(op));
                if (Files.isRegularFile(f)) {
                    return f.toUri().toURL();
                }
            }
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Compares args as JSON (an int and a long of the same value alike). */
    private static void assertArgs(String expected, ObjectNode actual) throws Exception {
        assertEquals(Wire.mapper().readTree(expected), Wire.mapper().readTree(actual.toString()), actual.toString());
    }

    private Call last() {
        return calls.get(calls.size() - 1);
    }

    @BeforeAll
    static void startThreadIO() {
        threadIO = new ThreadIOImpl();
        threadIO.start();
    }

    @AfterAll
    static void stopThreadIO() {
        threadIO.stop();
    }

    @BeforeEach
    void start() {
        processor = new CommandProcessorImpl(threadIO);
        // Each verb's command registered with the processor as the framework would (a Function service).
        commands = new GuiCommands("1.2.3", (verb, function) -> {
            processor.addCommand("gui", function, verb);
            return () -> processor.removeCommand("gui", verb, function);
        });
        for (String f : FUNCTIONS) {
            processor.addCommand("gui", commands, f);
        }
        processor.addConverter(new JsonConverter());
        session = newSession("");
    }

    private CommandSession newSession(String keyboard) {
        return processor.createSession(new ByteArrayInputStream(keyboard.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(console, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream(), true));
    }

    @AfterEach
    void stop() {
        session.close();
        processor.stop();
    }

    private Object run(String line) throws Exception {
        return session.execute(line);
    }

    private String consoleText() {
        return console.toString(StandardCharsets.UTF_8);
    }

    private static ObjectNode item(String role, String identifier, String label, String parent) {
        ObjectNode o = Wire.object().put("identifier", identifier).put("role", role).put("label", label);
        o.putArray("frame").add(1).add(2).add(3).add(4);
        o.put("enabled", true).put("clickable", true).put("focused", false).put("parent", parent);
        return o;
    }

    private void listOp() {
        op("gui.list", args -> {
            ObjectNode d = Wire.object().put("scope", args.path("scope").asText("window"));
            ArrayNode items = d.putArray("items");
            items.add(item("window", "main", "HVM", null));
            items.add(item("button", "detail.button.start", "Start", "main").put("enabled", false).put("clickable", false)
                    .put("reason", "it is disabled"));
            return d;
        });
    }

    // ---- the commands ----

    @Test
    void helloNamesTheOpsPresentNow() throws Exception {
        listOp();
        op("gui.click", args -> null);
        assertEquals("protocol 1\nserver hdp-gui-gogo 1.2.3\nops (2):\n  gui.click\n  gui.list", run("gui:hello"));
        JsonNode json = (JsonNode) run("gui:hello --json");
        assertEquals(2, json.get("ops").size());
    }

    @Test
    void listReturnsTheTreeOrTheData() throws Exception {
        listOp();
        assertEquals("window main \"HVM\"\n  button detail.button.start \"Start\"  disabled", run("gui:list"));
        assertEquals("window", last().args().get("scope").textValue());
        assertEquals(GogoContext.INSTANCE, last().ctx());
        assertTrue(last().ctx().session().isEmpty());
        assertEquals(5000, last().ctx().timeoutMillis());
        assertEquals("gogo", last().ctx().caller());

        Object json = run("gui:list -j dialog");
        assertTrue(json instanceof JsonNode, String.valueOf(json));
        assertEquals("dialog", ((JsonNode) json).get("scope").textValue());
        assertEquals("dialog", last().args().get("scope").textValue());
        // What the shell prints for a result: the converter's indented JSON.
        String shown = session.format(json, Converter.INSPECT).toString();
        assertTrue(shown.startsWith("{\n") && shown.contains("\"scope\" : \"dialog\""), shown);
        assertEquals("sidebar", ((JsonNode) run("gui:list sidebar --json")).get("scope").textValue(), "options go anywhere");
        run("x = gui:list -j dialog");
        assertEquals("dialog", ((JsonNode) run("$x get scope")).textValue(), "a script walks the data");
    }

    @Test
    void listTakesTheOptionsOfTheCommandLine() throws Exception {
        listOp();
        // The CLI's spelling (hvm-dbg gui list --scope dialog), with = too; the shorthand stays.
        for (String line : new String[] {"gui:list --scope dialog", "gui:list --scope=dialog", "gui:list dialog", "gui:list -j --scope dialog"}) {
            Object r = run(line);
            assertEquals("dialog", last().args().get("scope").textValue(), line);
            assertTrue(r instanceof JsonNode == line.contains("-j"), line + ": " + r);
        }
        // A wrong line gets what is wrong and the command's usage, from the op's description.
        String options = "[--scope S] [--query TEXT] [--max-items N] [--format VALUE]";
        String usage = "Usage: gui:list [--json] " + options + "\nThe controls a person sees now";
        GuiError shortOption = assertThrows(GuiError.class, () -> run("gui:list -s dialog"));
        assertEquals(ErrorCodes.INVALID_ARGS, shortOption.code());
        assertTrue(shortOption.getMessage().startsWith("gui.invalid_args: unexpected '-s': list takes options only (" + options + ")\n"
                + usage), shortOption.getMessage());
        GuiError typo = assertThrows(GuiError.class, () -> run("gui:list --scop dialog"));
        assertTrue(typo.getMessage().startsWith("gui.invalid_args: unknown option '--scop' for list; did you mean --scope?"), typo.getMessage());
        assertTrue(typo.getMessage().contains("\n" + usage), typo.getMessage());
        assertTrue(typo.getMessage().matches("(?s).*--scope S +window \\(the main window.*"), typo.getMessage());
        // The description's other options, as the CLI spells them.
        run("gui:list --query vm --max-items 3 --format text");
        assertEquals("{\"scope\":\"window\",\"query\":\"vm\",\"maxItems\":3,\"format\":\"text\"}", last().args().toString());
        GuiError two = assertThrows(GuiError.class, () -> run("gui:list dialog sidebar"));
        assertTrue(two.getMessage().startsWith("gui.invalid_args: 1 word(s) too many ('sidebar'): gui:list takes at most 1 besides its options (scope)"),
                two.getMessage());
        // --help prints it.
        String help = (String) run("gui:list --help");
        assertTrue(help.startsWith(usage), help);
        assertTrue(help.contains("\nShorthand: gui:list S (these words in this order, with the options before or after them)\n"), help);
    }

    @Test
    void anOpComesAndGoesAsACommandFromItsDescription() throws Exception {
        Path echo = dir.resolve("demo.echo.json");
        Files.writeString(echo, "{\"op\": \"demo.echo\", \"verb\": \"echo\", \"title\": \"Say it again\", \"acts\": false, \"args\": ["
                + "{\"name\": \"text\", \"type\": \"string\", \"required\": true, \"label\": \"T\"},"
                + "{\"name\": \"times\", \"type\": \"integer\", \"minimum\": 1, \"maximum\": 5, \"default\": 1}]}");
        ProbeOp op = (ctx, args) -> {
            calls.add(new Call("demo.echo", args, ctx));
            return Wire.object().put("said", args.get("text").textValue().repeat(args.get("times").intValue()));
        };
        Exception before = assertThrows(IllegalArgumentException.class, () -> run("gui:echo --text hi"));
        assertEquals("Command not found: gui:echo", before.getMessage());
        commands.addOp(op, Map.of("probe.op", "demo.echo", "service.id", 77L), "demo", echo.toUri().toURL());
        assertEquals("said hihi", run("gui:echo --text hi --times 2"), "no wording of its own: its fields, as hvm-dbg and MCP say them");
        assertEquals("hi", ((JsonNode) run("gui:echo --text hi -j")).get("said").textValue());
        assertArgs("{\"text\":\"hi\",\"times\":1}", last().args());
        GuiError range = assertThrows(GuiError.class, () -> run("gui:echo --text hi --times 9"));
        assertTrue(range.getMessage().startsWith("gui.invalid_args: --times must be an integer from 1 to 5, got 9\n"
                + "Usage: gui:echo [--json] --text T [--times N]\nSay it again\n"), range.getMessage());
        GuiError missing = assertThrows(GuiError.class, () -> run("gui:echo"));
        assertTrue(missing.getMessage().startsWith("gui.invalid_args: --text is required"), missing.getMessage());
        GuiError positional = assertThrows(GuiError.class, () -> run("gui:echo hi"));
        assertTrue(positional.getMessage().startsWith("gui.invalid_args: unexpected 'hi': echo takes options only"), positional.getMessage());
        assertTrue(((String) run("gui:hello")).contains("demo.echo"));

        commands.removeOp(op, Map.of("probe.op", "demo.echo", "service.id", 77L));
        Exception after = assertThrows(IllegalArgumentException.class, () -> run("gui:echo --text hi"));
        assertEquals("Command not found: gui:echo", after.getMessage());
    }

    @Test
    void everyOpOfTheContractIsACommand() throws Exception {
        // The contract: every op the probe's own bundles describe (beside this module), the transport's own but.
        List<String> contract = new ArrayList<>();
        try (java.util.stream.Stream<Path> files = Files.walk(Path.of(".."))) {
            files.filter(p -> p.toString().replace('\\', '/').contains("/src/main/resources/OSGI-INF/probe/ops/gui."))
                    .forEach(p -> contract.add(p.getFileName().toString().replaceFirst("\\.json$", "")));
        }
        for (String op : contract) {
            assertNotNull(description(op), op + " declares its description");
            op(op, args -> Wire.object());
        }
        for (String op : contract) {
            String verb = OpDescription.read(description(op).openStream()).verb();
            assertTrue(op.startsWith("gui.event.") || processor.getCommands().contains("gui:" + verb),
                    "gui:" + verb + " in " + processor.getCommands());
        }
        assertFalse(processor.getCommands().contains("gui:unwatch"), "the socket's unsubscribe is no command: gui:watch ends its own");
        Set<String> verbs = new java.util.TreeSet<>(Set.of("hello", "watch"));
        for (String op : contract) {
            if (!op.startsWith("gui.event.")) {
                verbs.add(OpDescription.read(description(op).openStream()).verb());
            }
        }
        assertTrue(verbs.containsAll(Set.of("audit", "click", "dialog", "hover", "keypress", "list", "screenshot", "scroll", "select",
                "type", "wait")), verbs.toString());
        assertEquals(verbs, processor.getCommands().stream().filter(n -> n.startsWith("gui:")).map(n -> n.substring(4))
                .collect(Collectors.toCollection(java.util.TreeSet::new)));
    }

    @Test
    void aSecretOfAnyOpIsAskedForNeverTakenFromTheLineAsked() throws Exception {
        Path login = dir.resolve("demo.login.json");
        Files.writeString(login, "{\"op\": \"demo.login\", \"verb\": \"login\", \"acts\": true, \"args\": ["
                + "{\"name\": \"user\", \"type\": \"string\", \"required\": true},"
                + "{\"name\": \"password\", \"type\": \"string\", \"secret\": true, \"required\": true}]}");
        List<String> got = new ArrayList<>();
        commands.addOp((ctx, args) -> {
            got.add(args.get("password").textValue());
            return Wire.object().put("user", args.get("user").textValue());
        }, Map.of("probe.op", "demo.login", "service.id", 78L), "demo", login.toUri().toURL());
        session.close();
        session = newSession("pa55 word\n");
        assertEquals("user ann", run("gui:login --user ann --password-stdin"));
        assertEquals(List.of("pa55 word"), got);
        assertTrue(consoleText().contains("password for gui:login (shown as you type it"), consoleText());
        assertFalse(consoleText().contains("pa55"), consoleText());
    }

    @Test
    void anOpWithoutDescriptionTakesOneJsonObject() throws Exception {
        op("demo.old", args -> Wire.object().set("got", args));
        assertEquals("got {\"a\":1}", run("gui:demo.old '{\"a\": 1}'"));
        assertTrue(((String) run("gui:demo.old --help")).contains("demo.old has no description of its own"));
    }

    @Test
    void dialogAndAudit() throws Exception {
        op("gui.dialog.current", args -> Wire.object().putNull("name"));
        assertEquals("no dialog open", run("gui:dialog"));
        op("gui.audit", args -> Wire.object().set("problems", Wire.mapper().createArrayNode()));
        assertEquals("audit: nothing to fix", run("gui:audit"), "an audit that does not say how many it checked");
        op("gui.audit", 1, args -> Wire.object().put("checked", 2).set("problems", Wire.mapper().createArrayNode()));
        assertEquals("audit: nothing to fix (2 controls checked)", run("gui:audit"));
    }

    @Test
    void clickPassesButtonAndCount() throws Exception {
        op("gui.click", args -> {
            ObjectNode d = Wire.object().put("identifier", args.get("identifier").textValue());
            d.putArray("clicked").add(10).add(20);
            return d.put("button", args.get("button").textValue()).put("count", args.get("count").intValue());
        });
        assertEquals("clicked detail.button.stop at [10,20]", run("gui:click detail.button.stop"));
        // The op gets its args as the transport gives them: checked, the description's defaults filled in.
        assertArgs("{\"identifier\":\"detail.button.stop\",\"button\":\"left\",\"count\":1,\"effects\":true,\"settleMillis\":100}",
                last().args());
        assertEquals("double-clicked sidebar.row.vm1 with the right button at [10,20]",
                run("gui:click --button right --count 2 sidebar.row.vm1"));
        assertArgs("{\"identifier\":\"sidebar.row.vm1\",\"button\":\"right\",\"count\":2,\"effects\":true,\"settleMillis\":100}",
                last().args());
        run("gui:click --identifier=sidebar.row.vm1 --no-effects");
        assertArgs("{\"identifier\":\"sidebar.row.vm1\",\"button\":\"left\",\"count\":1,\"effects\":false,\"settleMillis\":100}",
                last().args());
    }

    @Test
    void selectByLabelRowOrIndex() throws Exception {
        op("gui.select", args -> Wire.object().put("identifier", args.get("identifier").textValue())
                .put("selected", "dialog.createVM.combo.os.row.fedora").put("label", "Fedora Linux").put("index", 2));
        assertEquals("selected \"Fedora Linux\" in dialog.createVM.combo.os (dialog.createVM.combo.os.row.fedora, index 2)",
                run("gui:select dialog.createVM.combo.os 'Fedora Linux'"));
        String receipt = ",\"effects\":true,\"settleMillis\":100}";
        assertArgs("{\"identifier\":\"dialog.createVM.combo.os\",\"label\":\"Fedora Linux\"" + receipt, last().args());
        run("gui:select --row fedora dialog.createVM.combo.os");
        assertArgs("{\"identifier\":\"dialog.createVM.combo.os\",\"row\":\"fedora\"" + receipt, last().args());
        run("gui:select --index 2 dialog.createVM.combo.os");
        assertArgs("{\"identifier\":\"dialog.createVM.combo.os\",\"index\":2" + receipt, last().args());
        int before = calls.size();
        GuiError e = assertThrows(GuiError.class, () -> run("gui:select --index two dialog.createVM.combo.os"));
        assertEquals("gui.invalid_args", e.code());
        assertEquals(before, calls.size());
    }

    @Test
    void hoverAndScroll() throws Exception {
        op("gui.hover", args -> {
            ObjectNode d = Wire.object().put("identifier", args.get("identifier").textValue());
            d.putArray("at").add(40).add(12);
            return d.put("tooltip", "Start the selected VM");
        });
        assertEquals("hovering over toolbar.button.start at [40,12]; tooltip \"Start the selected VM\"", run("gui:hover toolbar.button.start"));
        op("gui.scroll", args -> {
            ObjectNode d = Wire.object().put("identifier", args.get("identifier").textValue());
            d.putArray("at").add(1).add(2);
            return d.put("dy", args.get("dy").intValue()).put("dx", args.get("dx").intValue());
        });
        assertEquals("scrolled sidebar.list 3 notches down at [1,2]", run("gui:scroll sidebar.list 3"));
        assertArgs("{\"identifier\":\"sidebar.list\",\"dy\":3,\"dx\":0,\"effects\":true,\"settleMillis\":100}", last().args());
        assertEquals("scrolled sidebar.list 2 notches up, 1 notch left at [1,2]", run("gui:scroll --dx -1 sidebar.list -2"));
        assertArgs("{\"identifier\":\"sidebar.list\",\"dy\":-2,\"dx\":-1,\"effects\":true,\"settleMillis\":100}", last().args());
    }

    @Test
    void actionsShowTheirReceipt() throws Exception {
        op("gui.click", args -> {
            ObjectNode d = Wire.object().put("identifier", args.get("identifier").textValue());
            d.putArray("clicked").add(10).add(20);
            d.put("button", "left").put("count", 1).put("settled", true);
            ObjectNode e = d.putObject("effects");
            e.putArray("opened").add("createVM");
            e.putObject("focus").put("before", "toolbar.button.createVM").put("after", "dialog.createVM.input.name");
            e.putArray("changed");
            return d;
        });
        String line = (String) run("gui:click toolbar.button.createVM");
        assertTrue(line.startsWith("clicked toolbar.button.createVM ") && line.endsWith("opened createVM; focus dialog.createVM.input.name"), line);
        assertEquals("createVM", ((JsonNode) run("gui:click -j toolbar.button.createVM")).get("effects").get("opened").get(0).asText());
        op("gui.type", args -> {
            ObjectNode d = Wire.object().put("identifier", "a.input.name").put("typed", 3);
            d.putObject("effects").putArray("changed").addObject().put("identifier", "a.input.name").put("field", "length")
                    .put("before", 0).put("after", 3);
            return d;
        });
        String typed = (String) run("gui:type a.input.name vm2");
        assertTrue(typed.startsWith("typed 3 characters into a.input.name ") && typed.endsWith("a.input.name length=3"), typed);
        assertFalse(typed.contains("vm2"), typed);
    }

    @Test
    void selectHoverAndScrollShowTheirReceiptAndTakeItsOptions() throws Exception {
        op("gui.select", args -> {
            ObjectNode d = Wire.object().put("identifier", "a.combo.os").put("selected", "a.combo.os.row.fedora")
                    .put("label", "Fedora Linux").put("index", 2).put("settled", true);
            d.putObject("effects").putArray("changed").addObject().put("identifier", "a.combo.os").put("field", "value")
                    .put("before", "Debian").put("after", "Fedora Linux");
            return d;
        });
        String selected = (String) run("gui:select a.combo.os 'Fedora Linux'");
        assertTrue(selected.startsWith("selected \"Fedora Linux\" in a.combo.os (a.combo.os.row.fedora, index 2) ")
                && selected.endsWith("a.combo.os value=\"Fedora Linux\""), selected);
        run("gui:select --no-effects --settle-ms 0 a.combo.os 'Fedora Linux'");
        assertArgs("{\"effects\":false,\"settleMillis\":0,\"identifier\":\"a.combo.os\",\"label\":\"Fedora Linux\"}", last().args());
        op("gui.hover", args -> {
            ObjectNode d = Wire.object().put("identifier", "toolbar.button.start").put("tooltip", "Start").put("settled", true);
            d.putArray("at").add(40).add(12);
            d.putObject("effects").putArray("changed");
            return d;
        });
        String hovered = (String) run("gui:hover toolbar.button.start");
        assertTrue(hovered.startsWith("hovering over toolbar.button.start; tooltip \"Start\" ") && hovered.endsWith("no other change"), hovered);
        op("gui.scroll", args -> {
            ObjectNode d = Wire.object().put("identifier", "sidebar.list").put("dy", 3).put("dx", 0).put("settled", true);
            d.putArray("at").add(1).add(2);
            d.putObject("effects").putArray("appeared").add("sidebar.row.vm30");
            return d;
        });
        String scrolled = (String) run("gui:scroll --settle-ms 250 sidebar.list 3");
        assertTrue(scrolled.startsWith("scrolled sidebar.list 3 notches down ") && scrolled.contains("appeared sidebar.row.vm30"), scrolled);
        assertEquals(250, last().args().get("settleMillis").intValue());
        int before = calls.size();
        GuiError e = assertThrows(GuiError.class, () -> run("gui:scroll --settle-ms 10001 sidebar.list 3"));
        assertEquals("gui.invalid_args", e.code());
        assertTrue(e.getMessage().startsWith("gui.invalid_args: --settle-ms must be an integer from 0 to 10000, got 10001\nUsage: gui:scroll"),
                "the limit the description declares: " + e.getMessage());
        assertEquals(before, calls.size(), "refused before anything is sent");
    }

    @Test
    void typeTextOrAskForIt() throws Exception {
        List<String> typed = new ArrayList<>();
        op("gui.type", args -> {
            typed.add(args.get("text").textValue());
            return Wire.object().put("identifier", args.get("identifier").textValue()).put("typed", args.get("text").textValue().length());
        });
        assertEquals("typed 3 characters into dialog.createVM.input.name", run("gui:type --replace dialog.createVM.input.name vm2"));
        assertArgs("{\"identifier\":\"dialog.createVM.input.name\",\"text\":\"vm2\",\"replace\":true,\"effects\":true,\"settleMillis\":100}",
                last().args());
        assertEquals("typed 2 characters into a.b", run("gui:type --identifier a.b --text hi"));
        assertEquals("typed 11 characters into a.b", run("gui:type a.b 'two words!!'"));

        session.close();
        session = newSession("s3cret pass\nnext line\n");
        assertEquals("typed 11 characters into dialog.x.input.password", run("gui:type --prompt dialog.x.input.password"));
        assertEquals("s3cret pass", typed.get(typed.size() - 1));
        assertFalse(last().args().get("replace").booleanValue());
        assertTrue(consoleText().contains("text for dialog.x.input.password"), consoleText());
        assertFalse(consoleText().contains("s3cret"), consoleText());

        // A target that does not show fails before the text is asked for: the listing of it alone says so.
        session.close();
        console.reset();
        session = newSession("never read\n");
        op("gui.list", args -> {
            throw new ProbeException(ErrorCodes.IDENTIFIER_NOT_FOUND, "no control 'dialog.x.input.pasword' (nearest: dialog.x.input.password)",
                    null);
        });
        int before = typed.size();
        GuiError unknown = assertThrows(GuiError.class, () -> run("gui:type -p dialog.x.input.pasword"));
        assertEquals(ErrorCodes.IDENTIFIER_NOT_FOUND, unknown.code());
        assertFalse(consoleText().contains("text for"), "not asked for: " + consoleText());
        assertEquals(before, typed.size(), "nothing typed");
        assertEquals("gui.identifier_not_found: no control 'dialog.x.input.pasword' (nearest: dialog.x.input.password)", unknown.toString(),
                "what gogo.jline prints for a failed command");

        GuiError neither = assertThrows(GuiError.class, () -> run("gui:type dialog.x.input.password"));
        assertEquals(ErrorCodes.INVALID_ARGS, neither.code());
        assertTrue(neither.getMessage().startsWith("gui.invalid_args: --text is required"), neither.getMessage());
        GuiError both = assertThrows(GuiError.class, () -> run("gui:type -p dialog.x.input.password s3cret"));
        assertFalse(both.getMessage().contains("s3cret"), both.getMessage());
    }

    @Test
    void keypressWithModifiersAndTarget() throws Exception {
        op("gui.keypress", args -> {
            ObjectNode d = Wire.object().put("key", args.get("key").textValue());
            d.set("modifiers", args.has("modifiers") ? args.get("modifiers") : Wire.mapper().createArrayNode());
            return d.put("target", args.path("identifier").asText("detail.button.stop"));
        });
        assertEquals("pressed ctrl+shift+a on dialog.x.input.name", run("gui:keypress --modifiers ctrl,shift a dialog.x.input.name"));
        assertArgs("{\"key\":\"a\",\"modifiers\":[\"ctrl\",\"shift\"],\"identifier\":\"dialog.x.input.name\",\"effects\":true,"
                + "\"settleMillis\":100}", last().args());
        assertEquals("pressed esc on detail.button.stop", run("gui:keypress esc"));
        assertArgs("{\"key\":\"esc\",\"effects\":true,\"settleMillis\":100}", last().args());
    }

    @Test
    void waitForControlsAndDialogs() throws Exception {
        op("gui.wait", args -> {
            if (args.path("identifier").asText().equals("never.there")) {
                throw new ProbeException(ErrorCodes.TIMEOUT, "'never.there' was still hidden after 100 ms (waited for showing)",
                        ProbeException.newDetails().put("lastState", "hidden"));
            }
            // As the op does: a state is needed; with open or closed, the identifier names a dialog, which the reply names.
            if (!args.has("state") && !args.has("value")) {
                throw ProbeException.invalidArgs("argument 'state' is required");
            }
            String state = args.get("state").textValue();
            ObjectNode done = Wire.object().put("state", state).put("waitedMillis", 7);
            boolean dialog = state.equals("open") || state.equals("closed");
            return dialog ? done.put("dialog", args.path("dialog").asText(args.path("identifier").asText().replaceFirst("^dialog\\.", ""))) : done;
        });
        assertEquals("detail.button.start is enabled (waited 7 ms)", run("gui:wait detail.button.start enabled"));
        assertArgs("{\"identifier\":\"detail.button.start\",\"state\":\"enabled\",\"timeoutMillis\":5000}", last().args());
        assertEquals("dialog createVM is open (waited 7 ms)", run("gui:wait dialog.createVM open"));
        assertArgs("{\"identifier\":\"dialog.createVM\",\"state\":\"open\",\"timeoutMillis\":5000}", last().args());
        // Two words, as on every front end: the op takes a dialog's name for open or closed.
        run("gui:wait --timeout-ms 250 createVM closed");
        assertArgs("{\"identifier\":\"createVM\",\"state\":\"closed\",\"timeoutMillis\":250}", last().args());
        run("gui:wait --dialog createVM --state closed");
        assertArgs("{\"dialog\":\"createVM\",\"state\":\"closed\",\"timeoutMillis\":5000}", last().args());

        // What goes together is the op's to say (the real one: RegistryIT); the line says what it is missing.
        GuiError missing = assertThrows(GuiError.class, () -> run("gui:wait detail.button.start"));
        assertEquals(ErrorCodes.INVALID_ARGS, missing.code());
        assertTrue(missing.getMessage().contains("'state' is required"), missing.getMessage());
        // Alone (no Object.wait is tried: the command is a Function of its own).
        GuiError needs = assertThrows(GuiError.class, () -> run("gui:wait"));
        assertEquals(ErrorCodes.INVALID_ARGS, needs.code());
        GuiError many = assertThrows(GuiError.class, () -> run("gui:wait a b c"));
        assertTrue(many.getMessage().startsWith("gui.invalid_args: 1 word(s) too many ('c'): gui:wait takes at most 2 besides its options"
                + " (identifier, state)"), many.getMessage());
        GuiError state = assertThrows(GuiError.class, () -> run("gui:wait 1 2"));
        assertTrue(state.getMessage().startsWith("gui.invalid_args: --state must be one of showing, hidden"), state.getMessage());

        GuiError e = assertThrows(GuiError.class, () -> run("gui:wait --timeout-ms 100 never.there showing"));
        assertEquals(ErrorCodes.TIMEOUT, e.code());
        assertEquals("gui.timeout: 'never.there' was still hidden after 100 ms (waited for showing)", e.getMessage());
        assertEquals("hidden", e.details().get("lastState").textValue());
        session.put("exception", e);
        assertEquals(ErrorCodes.TIMEOUT, run("$exception code"), "what a script reads after a failure");
    }

    @Test
    void waitForAValueOrAnIdleGui() throws Exception {
        op("gui.wait", args -> args.has("value")
                ? Wire.object().put("value", args.get("value").asText()).put("waitedMillis", 1200)
                : Wire.object().put("state", "idle").put("waitedMillis", 63));
        assertEquals("detail.label.state is \"Running\" (waited 1200 ms)", run("gui:wait --value Running detail.label.state"));
        assertArgs("{\"identifier\":\"detail.label.state\",\"value\":\"Running\",\"timeoutMillis\":5000}", last().args());
        assertEquals("the GUI is idle (waited 63 ms)", run("gui:wait --quiet-ms 80 idle"));
        assertArgs("{\"state\":\"idle\",\"quietMillis\":80,\"timeoutMillis\":5000}", last().args());
        assertEquals("idle", ((JsonNode) run("gui:wait -j idle")).get("state").asText());
    }

    @Test
    void screenshotWritesThePngBesideTheShell() throws Exception {
        byte[] png = {(byte) 0x89, 'P', 'N', 'G', 1, 2, 3};
        op("gui.screenshot", args -> Wire.object().put("format", "png").put("width", 2).put("height", 3)
                .put("png_base64", Base64.getEncoder().encodeToString(png)));
        session.currentDir(dir);
        assertEquals("wrote " + dir.resolve("shot.png") + " (2x3)", run("gui:screenshot shot.png"));
        assertEquals("window", last().args().get("scope").textValue());
        assertEquals(List.of((byte) 0x89, (byte) 'P'), List.of(Files.readAllBytes(dir.resolve("shot.png"))[0],
                Files.readAllBytes(dir.resolve("shot.png"))[1]));
        op("gui.screenshot", 1, args -> {
            ObjectNode d = Wire.object().put("format", "png").put("width", 2).put("height", 3)
                    .put("png_base64", Base64.getEncoder().encodeToString(png));
            if (args.get("annotate").booleanValue()) {
                d.putArray("marks").addObject().put("number", 1).put("identifier", "toolbar.button.createVM").put("role", "button");
            }
            return d;
        });
        assertEquals("wrote " + dir.resolve("a.png") + " (2x3)\n1 mark (number, identifier, role, label):\n1  toolbar.button.createVM  button",
                run("gui:screenshot --annotate a.png"));
        assertTrue(assertThrows(GuiError.class, () -> run("gui:screenshot")).getMessage()
                .startsWith("gui.invalid_args: gui:screenshot needs the FILE to write\nUsage: gui:screenshot [--json] [--scope S]"));
        JsonNode json = (JsonNode) run("gui:screenshot -j --scope dialog d.png");
        assertEquals(dir.resolve("d.png").toString(), json.get("output").textValue());
        assertEquals("dialog", last().args().get("scope").textValue());
    }

    // ---- ops coming and going, failing ----

    @Test
    void anAbsentOpIsUnavailableAndTheBestRankedAnswers() throws Exception {
        // No op, no command: gui:click comes with gui.click. Called as its op goes, it says which bundle to start.
        Exception notThere = assertThrows(IllegalArgumentException.class, () -> run("gui:click x"));
        assertEquals("Command not found: gui:click", notThere.getMessage());
        GuiError none = assertThrows(GuiError.class, () -> commands.call("gui.click", Wire.object()));
        // Never seen in this framework (no bundle here provided it), so no bundle to name: in the words a
        // socket's client gets (OpTable.absent); the transport names one installed but stopped
        // (TransportIT), OpTable the one that last provided it (OpTableTest).
        assertEquals(ErrorCodes.UNKNOWN_OP, none.code());
        assertEquals("protocol.unknown_op: unknown op 'gui.click'; present now: none", none.getMessage());
        GuiError unknown = assertThrows(GuiError.class, () -> commands.call("gui.someday", null));
        assertEquals("protocol.unknown_op: unknown op 'gui.someday'; present now: none", unknown.getMessage());

        long low = op("gui.dialog.current", 0, args -> Wire.object().put("name", "low"));
        long high = op("gui.dialog.current", 5, args -> Wire.object().put("name", "high"));
        assertEquals("high", run("gui:dialog"));
        commands.removeOp(null, Map.of("service.id", high));
        assertEquals("low", run("gui:dialog"));
        commands.removeOp(null, Map.of("service.id", low));
        assertThrows(IllegalArgumentException.class, () -> run("gui:dialog"), "the command went with its op");
        commands.addOp((ctx, args) -> null, Map.of("service.id", 99L));
        assertTrue(commands.hello(false).toString().endsWith("ops (0):"), "a service without probe.op is ignored");
    }

    @Test
    void opFailuresBecomeClearMessages() throws Exception {
        op("gui.click", args -> {
            ObjectNode details = ProbeException.newDetails();
            details.putArray("nearest").add("detail.button.start");
            throw new ProbeException(ErrorCodes.IDENTIFIER_NOT_FOUND, "no view with id 'detail.button.strat'", details);
        });
        GuiError e = assertThrows(GuiError.class, () -> run("gui:click detail.button.strat"));
        assertEquals("gui.identifier_not_found: no view with id 'detail.button.strat' (nearest: detail.button.start)", e.getMessage());

        op("gui.type", args -> {
            throw new IllegalStateException("boom");
        });
        GuiError internal = assertThrows(GuiError.class, () -> run("gui:type a.b hunter2"));
        assertEquals(ErrorCodes.INTERNAL, internal.code());
        assertEquals("internal: gui.type failed: java.lang.IllegalStateException: boom", internal.getMessage());
    }

    // ---- watch ----

    /** A bus that, on subscribe, delivers {@code burst} events from another thread. */
    private static final class FakeBus implements EventBus {
        final AtomicReference<List<String>> patterns = new AtomicReference<>();
        volatile int burst;
        volatile boolean synchronous;
        volatile boolean closed;

        @Override
        public void publish(String name, ObjectNode fields) {
        }

        @Override
        public AutoCloseable subscribe(List<String> p, Consumer<ObjectNode> sink) {
            patterns.set(p);
            Runnable send = () -> {
                for (int i = 1; i <= burst; i++) {
                    sink.accept(Wire.object().put("event", "dialog.opened").put("name", "createVM").put("title", "Create VM")
                            .put("vmId", "vm-" + i).put("seq", i).put("ts", 1L));
                }
            };
            if (synchronous) {
                send.run();
            } else {
                new Thread(send).start();
            }
            return () -> closed = true;
        }
    }

    @Test
    void watchPrintsEventsToTheConsoleUntilCount() throws Exception {
        FakeBus bus = new FakeBus();
        bus.burst = 3;
        commands.eventBus = bus;
        assertEquals("watched 2 events (count reached)", run("gui:watch 2"));
        assertEquals("dialog.opened createVM \"Create VM\" vmId=vm-1\ndialog.opened createVM \"Create VM\" vmId=vm-2\n", consoleText());
        assertEquals(List.of("*"), bus.patterns.get());
        assertTrue(bus.closed, "unsubscribed at the end");

        console.reset();
        assertEquals("watched 1 event (count reached)", run("gui:watch --json -e 'dialog.*,vm.state' 1"));
        assertEquals(List.of("dialog.*", "vm.state"), bus.patterns.get());
        assertEquals("vm-1", Wire.mapper().readTree(consoleText()).get("vmId").textValue());
    }

    @Test
    void watchStopsAtItsTimeout() throws Exception {
        FakeBus bus = new FakeBus();
        commands.eventBus = bus;
        long t0 = System.nanoTime();
        assertEquals("watched 0 events (time up)", run("gui:watch -t 0.3"));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(ms >= 250 && ms < 5000, ms + " ms");
    }

    @Test
    void watchReportsEventsItCouldNotKeep() throws Exception {
        FakeBus bus = new FakeBus();
        bus.burst = Watcher.QUEUE_SIZE + 10;
        bus.synchronous = true;
        commands.eventBus = bus;
        assertEquals("watched 1024 events (time up)", run("gui:watch -t 1"));
        assertTrue(consoleText().startsWith("events.lost count=10\n"), consoleText().substring(0, 80));
    }

    @Test
    void watchEndsOnInterrupt() throws Exception {
        FakeBus bus = new FakeBus();
        commands.eventBus = bus;
        AtomicReference<Object> result = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                result.set(run("gui:watch"));
            } catch (Exception e) {
                result.set(e);
            }
        });
        t.start();
        // What a shell does at Ctrl-C where it can (gogo.jline): interrupt the foreground job.
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (session.foregroundJob() == null && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        Thread.sleep(200);
        session.foregroundJob().interrupt();
        t.join(5000);
        assertFalse(t.isAlive());
        // Gogo reports an interrupted job as InterruptedException, whatever the command returned;
        // what counts is that the watch ended and unsubscribed.
        assertTrue(result.get() instanceof InterruptedException || "watched 0 events (interrupted)".equals(result.get()),
                String.valueOf(result.get()));
        while (!bus.closed && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertTrue(bus.closed, "the watch ended and unsubscribed");
    }

    @Test
    void aKeyOnTheTerminalEndsTheWatchAndIsConsumed() throws Exception {
        ByteArrayInputStream keys = new ByteArrayInputStream("\n".getBytes(StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        assertEquals("watched 0 events (key pressed)", new Watcher(new FakeBus(), out, keys).watch(List.of("*"), false, 0, 0));
        assertEquals(0, keys.available());
        assertTrue(consoleText().startsWith("watching * (press Enter to stop)"), consoleText());
        assertFalse(GuiCommands.isTerminal(keys), "no console in a test JVM");
    }

    @Test
    void watchWithoutTheBusSaysWhy() {
        GuiError e = assertThrows(GuiError.class, () -> run("gui:watch 1"));
        assertEquals(ErrorCodes.OP_UNAVAILABLE, e.code());
        assertTrue(e.getMessage().contains("probe.events"), e.getMessage());
    }

    @Test
    void readLineStopsAtTheNewline() throws Exception {
        assertEquals("abc", GuiCommands.readLine(new ByteArrayInputStream("abc\r\ndef".getBytes(StandardCharsets.UTF_8))));
        assertEquals("p\u00e4ss", GuiCommands.readLine(new ByteArrayInputStream("p\u00e4ss".getBytes(StandardCharsets.UTF_8))));
    }

    @Test
    void converterShowsOnlyJson() throws Exception {
        JsonConverter c = new JsonConverter();
        JsonNode n = Wire.object().put("a", 1);
        assertEquals("{\n  \"a\" : 1\n}", c.format(n, Converter.INSPECT, null).toString());
        assertEquals("{\"a\":1}", c.format(n, Converter.LINE, null).toString());
        assertEquals(null, c.format("text", Converter.INSPECT, null));
        assertEquals(null, c.convert(JsonNode.class, "{}"));
        assertNotNull(session);
    }
}
