package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import probe.api.wire.Wire;
import probe.client.ProbeClient;
import probe.client.ProbeOpException;

/**
 * Strict, helpful arguments through the real socket against the real app: a misspelt argument,
 * op, dialog or scope is refused at once with what was probably meant, a control of a closed
 * dialog says the dialog is closed, and the keys beyond the first key table reach a real field.
 */
@ExtendWith(WithApp.class)
@ExtendWith(Bounded.class)
class ArgumentsIT {

    private static ProbeOpException fails(ProbeClient c, String op, ObjectNode args) {
        return assertThrows(ProbeOpException.class, () -> c.call(op, args));
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    @Test
    void anUnknownArgumentIsRefusedBeforeTheOpRunsWithTheNearestAndTheAcceptedOnes() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            ProbeOpException e = fails(c, "gui.list", Wire.object().put("scop", "sidebar"));
            assertEquals("gui.invalid_args", e.code());
            assertEquals("unknown argument 'scop' for gui.list; did you mean 'scope'? accepted: format, maxItems, query, scope",
                    e.getMessage());
            assertEquals(List.of("scop"), texts(e.details().get("unknown")));
            assertEquals(List.of("format", "maxItems", "query", "scope"), texts(e.details().get("accepted")));
            assertEquals(List.of("scope"), texts(e.details().get("nearest")));

            ProbeOpException w = fails(c, "gui.wait", Wire.object().put("dialog", "createVM").put("state", "open").put("timeout", 100));
            assertEquals("gui.invalid_args", w.code());
            assertEquals(List.of("timeoutMillis"), texts(w.details().get("nearest")));

            ProbeOpException none = fails(c, "gui.audit", Wire.object().put("scope", "dialog"));
            assertEquals("unknown argument 'scope' for gui.audit; gui.audit takes no arguments", none.getMessage());

            // Refused before it ran: a click with a stray key clicks nothing.
            ProbeOpException click = fails(c, "gui.click", Wire.object().put("identifier", "toolbar.button.createVM").put("double", true));
            assertEquals(List.of("button", "count", "effects", "identifier", "settleMillis", "x", "y"), texts(click.details().get("accepted")));
            assertEquals("closed", c.call("gui.wait", Wire.object().put("dialog", "createVM").put("state", "closed")).get("state").asText());

            // The handshake takes every key; probe.auth only its token.
            assertEquals(1, c.call("probe.hello", Wire.object().put("client", "itest")).get("protocol").intValue());
            assertEquals("gui.invalid_args", fails(c, "probe.auth", Wire.object().put("tokn", "x")).code());
        }
    }

    @Test
    void anUnknownOpNamesTheNearestOpsPresent() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            ProbeOpException e = fails(c, "gui.lst", Wire.object());
            assertEquals("protocol.unknown_op", e.code());
            assertEquals("gui.list", e.details().get("nearest").get(0).asText());
            assertTrue(e.getMessage().startsWith("unknown op 'gui.lst'; did you mean 'gui.list'?"), e.getMessage());
            assertEquals(0, fails(c, "fuzz.nothing.like.it", Wire.object()).details().get("nearest").size());
        }
    }

    @Test
    void waitingForANameTheAppNeverUsesIsAnsweredAtOnce() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            // Were it waited for, the reply would come after 60 s, long after this call's 20 s read timeout.
            ProbeOpException d = assertThrows(ProbeOpException.class, () -> c.call("gui.wait",
                    Wire.object().put("dialog", "createVm").put("state", "open").put("timeoutMillis", 60_000), Duration.ofSeconds(20)));
            assertEquals("gui.identifier_not_found", d.code());
            assertEquals("createVM", d.details().get("nearest").get(0).asText());
            assertTrue(texts(d.details().get("dialogs")).contains("encryptionPassword"), d.details().toString());

            ProbeOpException i = assertThrows(ProbeOpException.class, () -> c.call("gui.wait",
                    Wire.object().put("identifier", "dialog.createVM.buton.create").put("state", "showing").put("timeoutMillis", 60_000),
                    Duration.ofSeconds(20)));
            assertEquals("gui.identifier_not_found", i.code());
            assertEquals("dialog.createVM.button.create", i.details().get("nearest").get(0).asText());

            // The CLI prints the suggestion.
            Cli.Result r = Cli.run("gui", "wait", "--dialog", "createVm", "--state", "open", "--timeout-ms", "60000");
            assertEquals(1, r.exit(), r.err());
            assertTrue(r.err().contains("error gui.identifier_not_found: the app has no dialog 'createVm'; nearest: createVM"), r.err());

            // A name the app has is still waited for, up to its timeout.
            ProbeOpException t = assertThrows(ProbeOpException.class, () -> c.call("gui.wait",
                    Wire.object().put("identifier", "dialog.createVM.button.create").put("state", "showing").put("timeoutMillis", 200)));
            assertEquals("gui.timeout", t.code());
        }
    }

    @Test
    void aControlOfAClosedDialogSaysTheDialogIsNotOpen() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            ProbeOpException e = fails(c, "gui.click", Wire.object().put("identifier", "dialog.createVM.button.create"));
            assertEquals("gui.identifier_not_found", e.code());
            assertTrue(e.getMessage().startsWith("dialog 'createVM' is not open, so 'dialog.createVM.button.create' is not showing;"
                    + " open it first"), e.getMessage());
            assertEquals("createVM", e.details().get("dialog").asText());
            assertEquals(0, e.details().get("nearest").size(), "no unrelated control is suggested");

            ProbeOpException far = fails(c, "gui.click", Wire.object().put("identifier", "nothing.here.atall"));
            assertEquals(0, far.details().get("nearest").size(), "nothing absurdly far is suggested");
            assertTrue(far.getMessage().contains("the app never shows such an identifier"), far.getMessage());
        }
    }

    @Test
    void aMisspeltScopeIsATypoNotAnEmptyListing() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            ProbeOpException e = fails(c, "gui.list", Wire.object().put("scope", "dialg"));
            assertEquals("gui.identifier_not_found", e.code());
            assertEquals("dialog", e.details().get("nearest").get(0).asText());
            assertEquals(0, c.call("gui.list", Wire.object().put("scope", "dialog.about")).get("items").size(),
                    "a scope the app has, showing nothing now, lists nothing");
            Cli.Result r = Cli.run("gui", "list", "--scope", "dialg");
            assertEquals(1, r.exit(), r.out() + r.err());
            assertTrue(r.err().contains("nearest: dialog"), r.err());
        }
    }

    @Test
    void theKeysBeyondTheContractReachARealTextField() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            c.call("gui.click", Wire.object().put("identifier", "toolbar.button.createVM"));
            Probe.waitDialog(c, "createVM", "open");
            String field = "dialog.createVM.input.name";
            c.call("gui.keypress", Wire.object().put("key", "v").put("identifier", field));
            String[] keys = {"?", "kp5", "kpadd", "!", "/", "-", "kpdecimal", "kp0", "\"", "~", "insert"};
            for (String k : keys) {
                JsonNode data = c.call("gui.keypress", Wire.object().put("key", k));
                assertEquals(field, data.get("target").asText(), k);
            }
            JsonNode question = c.call("gui.keypress", Wire.object().put("key", "?"));
            assertEquals(List.of("shift"), texts(question.get("modifiers")), "? is shift and the / key");
            JsonNode items = c.call("gui.list", Wire.object().put("scope", field)).get("items");
            assertEquals("v?5+!/-.0\"~?", items.get(0).get("value").asText(), items.toString());

            Cli.Result r = Cli.run("gui", "keypress", "--key", "kpsubtract", "--identifier", field);
            assertEquals(0, r.exit(), r.err());
            assertEquals("v?5+!/-.0\"~?-", c.call("gui.list", Wire.object().put("scope", field)).get("items").get(0).get("value").asText());
            c.call("gui.keypress", Wire.object().put("key", "esc"));
            Probe.waitDialog(c, "createVM", "closed");
        }
    }

    /** A bundle with a catalogue and nothing else: its names are known while it runs, forgotten when it stops. */
    private static byte[] catalogueBundle(String names) throws Exception {
        java.util.jar.Manifest mf = new java.util.jar.Manifest();
        mf.getMainAttributes().put(java.util.jar.Attributes.Name.MANIFEST_VERSION, "1.0");
        mf.getMainAttributes().putValue("Bundle-ManifestVersion", "2");
        mf.getMainAttributes().putValue("Bundle-SymbolicName", "itest.catalogue.only");
        mf.getMainAttributes().putValue("Bundle-Version", "1.0.0");
        mf.getMainAttributes().putValue("Hdp-Catalogue", "names.txt");
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (java.util.jar.JarOutputStream jar = new java.util.jar.JarOutputStream(bytes, mf)) {
            jar.putNextEntry(new java.util.jar.JarEntry("names.txt"));
            jar.write(names.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            jar.closeEntry();
        }
        return bytes.toByteArray();
    }

    @Test
    void aBundlesCatalogueCountsWhileTheBundleRuns() throws Exception {
        org.osgi.framework.Bundle b = Fixture.context().installBundle("itest:catalogue-only",
                new java.io.ByteArrayInputStream(catalogueBundle("# a plugin's dialog\ndialog.pluginOnly\n")));
        try (ProbeClient c = Fixture.client()) {
            ObjectNode wait = Wire.object().put("dialog", "pluginOnly").put("state", "open").put("timeoutMillis", 200);
            assertEquals("gui.identifier_not_found", fails(c, "gui.wait", wait).code(), "installed, not started: not yet known");
            b.start();
            assertEquals("gui.timeout", fails(c, "gui.wait", wait).code(), "a name of a running bundle's catalogue is waited for");
            b.stop();
            assertEquals("gui.identifier_not_found", fails(c, "gui.wait", wait).code(), "a stopped bundle's names are forgotten");
        } finally {
            b.uninstall();
        }
    }

    /**
     * The string arguments that carry no name of anything the probe looks up: free text and secrets.
     * Every other string (or array of strings) argument an op of the contract, or the transport,
     * describes is either bounded as a name ({@code "format": "name"}, at most {@link
     * probe.api.Names#MAX_LENGTH}, checked by the transport before the op runs) or one of a few
     * choices ({@code enum}); a new op's argument that is neither fails here until its description
     * says which it is.
     */
    private static final java.util.Set<String> FREE_TEXT = java.util.Set.of("text", "token");

    @Test
    void everyArgumentOfEveryOpIsEitherABoundedNameOrNoName() throws Exception {
        List<String> unclassified = new ArrayList<>();
        int seen = 0;
        try (ProbeClient c = Fixture.client()) {
            for (JsonNode d : c.call("probe.describe").get("ops")) {
                String op = d.get("op").asText();
                if (!op.startsWith("gui.") && !op.startsWith("probe.")) {
                    continue;
                }
                if (d.get("args").isNull()) {
                    // The handshake takes any key: a newer client may say more than this server knows.
                    assertEquals("probe.hello", op, op + " describes its arguments");
                    continue;
                }
                for (JsonNode a : d.get("args")) {
                    String type = a.get("type").asText();
                    if (!type.equals("string") && !type.equals("array")) {
                        continue;
                    }
                    seen++;
                    boolean name = "name".equals(a.path("format").asText());
                    if (!name && !a.has("enum") && !FREE_TEXT.contains(a.get("name").asText())) {
                        unclassified.add(op + " " + a.get("name").asText());
                    }
                    if (name) {
                        // What the schema says is what the transport does.
                        ObjectNode huge = Wire.object();
                        String big = "x".repeat(probe.api.Names.MAX_LENGTH + 1);
                        if (type.equals("array")) {
                            huge.putArray(a.get("name").asText()).add(big);
                        } else {
                            huge.put(a.get("name").asText(), big);
                        }
                        for (JsonNode other : d.get("args")) {
                            if (other.path("required").asBoolean() && !other.get("name").equals(a.get("name"))) {
                                huge.put(other.get("name").asText(), other.get("type").asText().equals("string") ? "x" : null);
                            }
                        }
                        ProbeOpException e = fails(c, op, huge);
                        assertEquals("gui.invalid_args", e.code(), op + " " + a.get("name"));
                        assertTrue(e.getMessage().contains("1025 characters long"), op + " " + a.get("name") + ": " + e.getMessage());
                    }
                }
            }
        }
        assertTrue(seen > 12, "the ops describe their arguments: " + seen);
        assertEquals(List.of(), unclassified, "arguments neither bounded as names (\"format\": \"name\"), nor choices, nor known to be free text");
    }
}
