package itest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.util.tracker.ServiceTracker;
import probe.client.ProbeClient;

/**
 * The running framework as the tests see it: the probe configured on a private socket, the GUI
 * on a private library folder, and helpers to reach both. Set up once per test JVM; its
 * configurations stay for the whole JVM, so it sets them itself (a test that needs another one for
 * a while gets it injected by osgi-test, which puts this one back after it: {@link #change}).
 */
public final class Fixture {
    /** Generous bound for anything the tests wait for; a healthy run needs a fraction of it. */
    public static final long WAIT_MILLIS = 20_000;
    public static final Duration WAIT = Duration.ofMillis(WAIT_MILLIS);
    /** The transport's configuration PID. */
    public static final String TRANSPORT_PID = "probe.transport";

    private static Path root;
    private static Path socket;
    private static Path library;
    private static ServiceTracker<ConfigurationAdmin, ConfigurationAdmin> configAdmin;

    private Fixture() {
    }

    public static BundleContext context() {
        return FrameworkUtil.getBundle(Fixture.class).getBundleContext();
    }

    /** Configures the transport and the GUI on private paths (once), and waits until the probe answers. */
    public static synchronized void start() throws Exception {
        if (root == null) {
            root = Files.createTempDirectory("hdp-itest");
            // The environment's socket wins over ConfigAdmin (docs/PROTOCOL.md, "Socket"); run/test sets a private one.
            String env = System.getenv("HVM_GUI_PROBE_SOCKET");
            socket = env != null && !env.isBlank() ? Path.of(env) : root.resolve("run").resolve("hvm-dbg-gui.sock");
            library = root.resolve("library");
            Files.createDirectories(library);
            configure("hvm.gui", Map.of("libraryPath", library.toString()));
            configure(TRANSPORT_PID, Map.of("socketPath", socket.toString(), "opTimeoutMillis", OP_TIMEOUT_MILLIS));
            // SCR applies a configuration asynchronously by restarting the transport: a probe that
            // answers before that is the one about to stop. Wait for the configured one.
            awaitTransport("the test's configuration", p -> Long.valueOf(OP_TIMEOUT_MILLIS).equals(p.get("opTimeoutMillis")));
        }
        awaitProbe();
    }

    /** The transport's operation timeout in the tests. */
    public static final long OP_TIMEOUT_MILLIS = 3000;

    /**
     * Waits until SCR runs the transport's server, active, with a configuration whose properties
     * {@code wanted} accepts (after {@link #change}: the transport restarts on its new configuration).
     */
    public static void awaitTransport(String what, java.util.function.Predicate<Map<String, Object>> wanted) throws InterruptedException {
        List<Map<String, Object>> seen = new java.util.ArrayList<>();
        try {
            await("the transport to run with " + what, () -> {
                ServiceTracker<org.osgi.service.component.runtime.ServiceComponentRuntime, org.osgi.service.component.runtime.ServiceComponentRuntime> t =
                        new ServiceTracker<>(context(), org.osgi.service.component.runtime.ServiceComponentRuntime.class, null);
                t.open();
                try {
                    org.osgi.service.component.runtime.ServiceComponentRuntime scr = t.getService();
                    if (scr == null) {
                        return false;
                    }
                    seen.clear();
                    for (org.osgi.service.component.runtime.dto.ComponentDescriptionDTO d : scr.getComponentDescriptionDTOs()) {
                        if ("probe.transport.internal.ProbeServer".equals(d.name)) {
                            for (org.osgi.service.component.runtime.dto.ComponentConfigurationDTO c : scr.getComponentConfigurationDTOs(d)) {
                                seen.add(c.properties);
                                if (c.state == org.osgi.service.component.runtime.dto.ComponentConfigurationDTO.ACTIVE && wanted.test(c.properties)) {
                                    return true;
                                }
                            }
                        }
                    }
                    return false;
                } finally {
                    t.close();
                }
            });
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; the transport's configurations: " + seen, e);
        }
    }

    public static Path socket() {
        return socket;
    }

    public static Path library() {
        return library;
    }

    /** The folder beside the project's modules (run/, bundles/), from the bndrun. */
    public static Path projectRoot() {
        return Path.of(context().getProperty("itest.project.root")).toAbsolutePath().normalize();
    }

    /** Waits until probe.hello answers on the socket. */
    public static void awaitProbe() throws InterruptedException {
        await("the probe to answer on " + socket, () -> {
            try (ProbeClient c = ProbeClient.connect(socket, Duration.ofSeconds(2))) {
                return c.call("probe.hello") != null;
            } catch (Exception e) {
                return false;
            }
        });
    }

    public static ProbeClient client() throws IOException {
        return ProbeClient.connect(socket, Duration.ofSeconds(15));
    }

    /** Replaces the configuration of {@code pid} with {@code props}, for the rest of the test JVM. */
    private static void configure(String pid, Map<String, ?> props) throws Exception {
        Configuration c = configAdmin().getConfiguration(pid, "?");
        Dictionary<String, Object> d = new Hashtable<>();
        props.forEach(d::put);
        c.update(d);
    }

    /**
     * Changes some properties of {@code config} and keeps the others: for a test that needs another
     * configuration for a while, with {@code config} injected by osgi-test
     * ({@code @InjectConfiguration(Fixture.TRANSPORT_PID) Configuration transport}), which puts the
     * configuration back as it was once the test has run.
     */
    public static void change(Configuration config, Map<String, ?> changes) throws IOException {
        Dictionary<String, Object> d = config.getProperties();
        changes.forEach(d::put);
        config.update(d);
    }

    /**
     * ConfigurationAdmin, tracked for the life of the test JVM: Felix's ConfigurationAdmin is a
     * service factory, so its object stops working once the tracker that got it is closed.
     */
    private static synchronized ConfigurationAdmin configAdmin() throws InterruptedException {
        if (configAdmin == null) {
            configAdmin = new ServiceTracker<>(context(), ConfigurationAdmin.class, null);
            configAdmin.open();
        }
        ConfigurationAdmin ca = configAdmin.waitForService(WAIT.toMillis());
        if (ca == null) {
            throw new AssertionError("no ConfigurationAdmin service within " + WAIT);
        }
        return ca;
    }

    public static Bundle bundle(String symbolicName) {
        for (Bundle b : context().getBundles()) {
            if (symbolicName.equals(b.getSymbolicName())) {
                return b;
            }
        }
        throw new AssertionError("no bundle " + symbolicName + " in the test runtime");
    }

    /** Polls {@code condition} every 20 ms until it holds, failing after {@link #WAIT}. */
    public static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + WAIT.toSeconds() + " s waiting for " + what);
            }
            Thread.sleep(20);
        }
    }
}
