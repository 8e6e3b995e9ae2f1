package itest;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;

/**
 * The probe as a plugin (run/target/export/plugin) and what Gogo's {@code install}/{@code start}/
 * {@code uninstall} do with it, done through the BundleContext: the same framework calls.
 */
public final class Plugin {
    private Plugin() {
    }

    /**
     * The plugin's set as features/probe.bnd declares it ({@code probe.plugin.bundles}, the one list the
     * runtimes, the export, the agent and hvm-dbg take it from); a bnd file is a properties file.
     */
    public static Set<String> declared() throws IOException {
        Properties bnd = new Properties();
        try (Reader r = Files.newBufferedReader(Fixture.projectRoot().resolve("features").resolve("probe.bnd"))) {
            bnd.load(r);
        }
        String list = bnd.getProperty("probe.plugin.bundles");
        if (list == null) {
            throw new AssertionError("features/probe.bnd declares no probe.plugin.bundles");
        }
        Set<String> names = new TreeSet<>();
        for (String n : list.split(",")) {
            names.add(n.trim());
        }
        return names;
    }

    public static Path folder() {
        Path p = Fixture.projectRoot().resolve("run").resolve("target").resolve("export").resolve("plugin");
        if (!Files.isDirectory(p)) {
            throw new AssertionError(p + " is built before the integration tests (mvn package exports it)");
        }
        return p;
    }

    public static List<Path> jars() throws IOException {
        try (Stream<Path> s = Files.list(folder())) {
            return s.filter(p -> p.toString().endsWith(".jar")).sorted().collect(Collectors.toList());
        }
    }

    public static String symbolicName(Path jar) throws IOException {
        try (JarFile j = new JarFile(jar.toFile())) {
            return j.getManifest().getMainAttributes().getValue("Bundle-SymbolicName").split(";")[0].trim();
        }
    }

    /** The junixsocket library bundle: installed once, kept when the probe is removed (docs/PLUGINS.md). */
    public static final String LIBRARY = "org.newsclub.net.unix";

    /** The plugin's probe bundles: what removing the probe takes out (all but {@link #LIBRARY}). */
    public static List<Path> probeJars() throws IOException {
        List<Path> out = new ArrayList<>();
        for (Path j : jars()) {
            if (!symbolicName(j).equals(LIBRARY)) {
                out.add(j);
            }
        }
        return out;
    }

    /**
     * The plugin's bundles that a cycle takes out and puts back: the probe's, but probe.api, which
     * the test bundle and the client library import themselves (uninstalling it would leave them
     * wired to a removed bundle; the host runtime test removes it too).
     */
    public static List<Path> cycled() throws IOException {
        List<Path> out = new ArrayList<>();
        for (Path j : probeJars()) {
            if (!symbolicName(j).equals("probe.api")) {
                out.add(j);
            }
        }
        return out;
    }

    /** Uninstalls every installed bundle named like one of {@code jars}. */
    public static void uninstall(List<Path> jars) throws IOException, BundleException {
        List<String> names = new ArrayList<>();
        for (Path j : jars) {
            names.add(symbolicName(j));
        }
        for (Bundle b : Fixture.context().getBundles()) {
            if (names.contains(b.getSymbolicName())) {
                b.uninstall();
            }
        }
    }

    /** Installs {@code jars} (as Gogo's install file:... does), then starts them all. */
    public static List<Bundle> installAndStart(List<Path> jars) throws BundleException {
        BundleContext ctx = Fixture.context();
        List<Bundle> installed = new ArrayList<>();
        for (Path j : jars) {
            installed.add(ctx.installBundle(j.toUri().toString()));
        }
        for (Bundle b : installed) {
            b.start();
        }
        return installed;
    }
}
