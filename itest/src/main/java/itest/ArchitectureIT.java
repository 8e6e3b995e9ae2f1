package itest;

import static java.util.Map.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.namespace.PackageNamespace;
import org.osgi.framework.wiring.BundleWire;
import org.osgi.framework.wiring.BundleWiring;

/**
 * Which bundle of the project may import which, as docs/ARCHITECTURE.md draws it, checked on the
 * wiring the framework made: the GUI imports nothing of the probe, the API nothing of anyone, an op
 * bundle only the API (and probe.input, the ops that act), the transport the API and junixsocket,
 * the Gogo commands the API and the client library's readable text.
 */
@ExtendWith(Bounded.class)
class ArchitectureIT {
    /** For each bundle of the project, the other bundles of the project whose packages it may import. */
    static final Map<String, Set<String>> MAY_IMPORT = Map.ofEntries(
            entry("hvm.gui", Set.of()),
            entry("org.newsclub.net.unix", Set.of()),
            entry("probe.api", Set.of()),
            entry("probe.input", Set.of("probe.api")),
            entry("probe.transport", Set.of("probe.api", "org.newsclub.net.unix")),
            entry("probe.registry", Set.of("probe.api")),
            entry("probe.screenshot", Set.of("probe.api")),
            entry("probe.events", Set.of("probe.api")),
            entry("probe.click", Set.of("probe.api", "probe.input")),
            entry("probe.type", Set.of("probe.api", "probe.input")),
            entry("probe.key", Set.of("probe.api", "probe.input")),
            entry("probe.client", Set.of("probe.api")),
            entry("probe.gogo", Set.of("probe.api", "probe.client")),
            // A fragment of gogo.jline (the debug console's profile): it imports nothing of the project.
            entry("probe.gogo.profile", Set.of()));

    /**
     * The probe's bundles that the agent loads into someone else's application never use Jackson's
     * ObjectMapper (they read and write lines with probe.api.wire.Json and make trees with Wire.object and
     * Wire.array): a call to Wire.mapper() or a mapper of their own would load its 277 classes there. Checked
     * in the bytes of each class those bundles hold in the agent jar: a reference to the mapper's class is in
     * the constant pool of any class that calls it. probe.api's Wire (and its holder class), which offers the
     * mapper to the clients, is the one exception.
     */
    @Test
    void noBundleTheAgentLoadsUsesJacksonsObjectMapper() throws Exception {
        java.nio.file.Path agent = Fixture.projectRoot().resolve("bundles/probe.agent/target/hdp-gui-agent.jar");
        assertTrue(java.nio.file.Files.isRegularFile(agent), agent + " is built before the integration tests");
        List<String> users = new ArrayList<>();
        int classes = 0;
        try (java.util.jar.JarFile jar = new java.util.jar.JarFile(agent.toFile())) {
            for (java.util.jar.JarEntry e : java.util.Collections.list(jar.entries())) {
                if (!e.getName().startsWith("probe-agent/bundles/probe.") || !e.getName().endsWith(".jar")) {
                    continue;
                }
                try (java.util.jar.JarInputStream in = new java.util.jar.JarInputStream(jar.getInputStream(e))) {
                    for (java.util.jar.JarEntry c; (c = in.getNextJarEntry()) != null;) {
                        if (!c.getName().endsWith(".class")) {
                            continue;
                        }
                        classes++;
                        // ISO-8859-1 maps each byte to one char, so the search is over the class file's bytes.
                        String bytes = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.ISO_8859_1);
                        if (!c.getName().matches("probe/api/wire/Wire(\\$.*)?\\.class")
                                && bytes.contains("com/fasterxml/jackson/databind/ObjectMapper")) {
                            users.add(e.getName().substring(e.getName().lastIndexOf('/') + 1) + "!" + c.getName());
                        }
                    }
                }
            }
        }
        assertTrue(classes > 100, "the agent's probe bundles were read: " + classes + " classes");
        assertEquals(List.of(), users, "classes of the agent's bundles that use Jackson's ObjectMapper");
    }

    @BeforeAll
    static void up() throws Exception {
        Fixture.start();
    }

    @Test
    void eachBundleImportsOnlyWhatTheArchitectureAllows() throws Exception {
        Set<String> seen = new TreeSet<>();
        List<String> wrong = new ArrayList<>();
        for (Bundle b : Fixture.context().getBundles()) {
            String name = b.getSymbolicName();
            Set<String> allowed = MAY_IMPORT.get(name);
            if (allowed == null) {
                assertTrue(!name.startsWith("probe.") && !name.startsWith("hvm."), name + " is a bundle of the project that"
                        + " ArchitectureIT.MAY_IMPORT (and docs/ARCHITECTURE.md) do not place");
                continue;
            }
            seen.add(name);
            BundleWiring wiring = b.adapt(BundleWiring.class);
            assertNotNull(wiring, name + " is resolved");
            for (BundleWire w : wiring.getRequiredWires(PackageNamespace.PACKAGE_NAMESPACE)) {
                String provider = w.getProvider().getBundle().getSymbolicName();
                if (!provider.equals(name) && MAY_IMPORT.containsKey(provider) && !allowed.contains(provider)) {
                    wrong.add(name + " imports " + w.getCapability().getAttributes().get(PackageNamespace.PACKAGE_NAMESPACE) + " from "
                            + provider);
                }
            }
        }
        assertEquals(MAY_IMPORT.keySet(), seen, "every bundle of the project is in the test runtime");
        Set<String> unplaced = new TreeSet<>(Plugin.declared());
        unplaced.removeAll(MAY_IMPORT.keySet());
        assertEquals(Set.of(), unplaced, "bundles of the plugin (features/probe.bnd) that MAY_IMPORT does not place");
        assertEquals(List.of(), wrong, "imports that docs/ARCHITECTURE.md does not allow");
    }

    /**
     * Every test class of this bundle (its Test-Cases header, as the tester reads it) is bounded:
     * it carries {@link Bounded}, and JUnit's default timeout runs each method in a thread of its
     * own (itest.bndrun), so a stuck test fails with its name and a thread dump instead of eating the run.
     */
    @Test
    void everyTestClassIsBounded() throws Exception {
        assertNotNull(System.getProperty("junit.jupiter.execution.timeout.default"), "itest.bndrun sets JUnit's default timeout");
        assertEquals("SEPARATE_THREAD", System.getProperty("junit.jupiter.execution.timeout.thread.mode.default"),
                "a timed-out test's thread is left behind, never waited for");
        Bundle self = FrameworkUtil.getBundle(ArchitectureIT.class);
        String cases = self.getHeaders().get("Test-Cases");
        assertNotNull(cases, "the itest bundle lists its test classes");
        List<String> unbounded = new ArrayList<>();
        for (String name : cases.split("\\s*,\\s*")) {
            Class<?> c = self.loadClass(name.trim());
            boolean bounded = false;
            for (ExtendWith e : c.getAnnotationsByType(ExtendWith.class)) {
                bounded |= List.of(e.value()).contains(Bounded.class);
            }
            if (!bounded) {
                unbounded.add(c.getName());
            }
        }
        assertTrue(cases.split(",").length > 20, "Test-Cases lists the test classes: " + cases);
        assertEquals(List.of(), unbounded, "test classes without @ExtendWith(Bounded.class)");
    }
}
