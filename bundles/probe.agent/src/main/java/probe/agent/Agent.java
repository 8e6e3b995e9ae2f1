package probe.agent;

import java.awt.GraphicsEnvironment;
import java.awt.Window;
import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.Instrumentation;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import probe.paths.ProbePaths;

/**
 * The probe as a Java agent. {@code -javaagent:hdp-gui-agent.jar} or an attach ({@code hvm-dbg attach PID})
 * starts an embedded Felix with the probe's bundles; loaded again with the argument {@code stop}
 * ({@code hvm-dbg detach PID}) it stops that framework, and nothing of the probe runs any more.
 *
 * <p>This class is the only one on the application's class path (the JVM appends the agent jar to it).
 * Felix and the bundles run in class loaders whose parent is the platform loader, never the
 * application's: an application's own Jackson or OSGi never meets the probe's. junixsocket has a loader
 * of its own that outlives a detach: its native library can be loaded by one class loader per JVM only,
 * so a second attach reuses it. The framework's storage is a private (0700) temporary folder, removed
 * when the probe stops; nothing is written into the application's folders.
 *
 * <p>How it went is left in two system properties the attaching side reads back through the attach API:
 * {@value #SOCKET_PROPERTY} (the socket, while the probe runs) and {@value #ERROR_PROPERTY} (why it did
 * not start).
 */
public final class Agent {
    /** While the probe runs: its socket. */
    public static final String SOCKET_PROPERTY = ProbePaths.AGENT_SOCKET_PROPERTY;
    /** Why the last start or stop failed, in one line. */
    public static final String ERROR_PROPERTY = ProbePaths.AGENT_ERROR_PROPERTY;
    /** How many windows were showing when the probe started. */
    public static final String WINDOWS_PROPERTY = ProbePaths.AGENT_WINDOWS_PROPERTY;
    private static final long STOP_MILLIS = 10_000;

    /** junixsocket's loader: created once per JVM, kept for the JVM's life (see the class comment). */
    private static ClassLoader junixsocket;
    /** What junixsocket's bundle exports (its Export-Package header), which its loader gives the framework. */
    private static String junixsocketExports;
    /** The running probe, or null. */
    private static Running running;

    private record Running(Object framework, URLClassLoader loader, Path storage, String socket) {
    }

    private Agent() {
    }

    /** {@code -javaagent}: starts the probe beside {@code main}, in a thread of its own so that main is not held up. */
    public static void premain(String args, Instrumentation inst) {
        Thread t = new Thread(() -> command(args), "hdp-gui-agent-start");
        t.setDaemon(true);
        t.start();
    }

    /** An attach: {@code stop} stops the probe, anything else starts it. */
    public static void agentmain(String args, Instrumentation inst) {
        command(args);
    }

    /** {@code Launcher-Agent-Class}: a jar run with {@code java -jar} that names this agent. */
    public static void agentmain(String args) {
        command(args);
    }

    private static synchronized void command(String args) {
        System.clearProperty(ERROR_PROPERTY);
        try {
            if (args != null && args.trim().equals("stop")) {
                stop();
            } else {
                start();
            }
        } catch (Exception | LinkageError e) {
            String why = e.getMessage() == null ? e.toString() : e.getMessage();
            System.setProperty(ERROR_PROPERTY, why.replace('\n', ' '));
            System.err.println("HDP-GUI agent: " + why);
        }
    }

    private static void start() throws Exception {
        if (running != null) {
            return; // already there: the attaching side reads the socket property
        }
        if (GraphicsEnvironment.isHeadless()) {
            throw new IllegalStateException("this JVM is headless (java.awt.headless=true or no display): the probe has no GUI to serve");
        }
        Path jar = Path.of(Agent.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path storage = Files.createTempDirectory("hdp-gui-agent", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        URLClassLoader loader = null;
        try (JarFile agentJar = new JarFile(jar.toFile())) {
            ClassLoader junix = junixsocket(agentJar, storage);
            // A second thread readies what the framework's start will ask of the JDK and of junixsocket while
            // this one starts Felix: most of an attach is loading classes into a cold JVM, one at a time.
            Thread prepare = new Thread(() -> prepare(junix), "hdp-gui-agent-prepare");
            prepare.setDaemon(true);
            prepare.setContextClassLoader(ClassLoader.getSystemClassLoader());
            prepare.start();
            Path felix = extract(agentJar, agentJar.getJarEntry("probe-agent/framework/org.apache.felix.framework.jar"), storage);
            loader = new URLClassLoader("hdp-gui-felix", new URL[] {felix.toUri().toURL()}, junix);
            long pid = ProcessHandle.current().pid();
            String socket = socketPath(pid);
            Map<String, String> props = new HashMap<>();
            props.put("org.osgi.framework.storage", storage.resolve("cache").toString());
            props.put("org.osgi.framework.storage.clean", "onFirstInit");
            // junixsocket's packages come from its loader, at the version its bundle exports them.
            props.put("org.osgi.framework.system.packages.extra", junixsocketExports);
            // One resolver thread: the application's cores are its own.
            props.put("felix.resolver.parallelism", "1");
            // SCR's timer that updates its runtime service's change count ends once the count has been
            // quiet this long: 100 ms after the components settle rather than 5 s (its default).
            props.put("ds.service.changecount.timeout", "100");
            props.put(ProbePaths.SOCKET_FRAMEWORK_PROPERTY, socket);
            Class<?> factoryClass = loader.loadClass("org.apache.felix.framework.FrameworkFactory");
            Object factory = factoryClass.getConstructor().newInstance();
            Object framework = factoryClass.getMethod("newFramework", Map.class).invoke(factory, props);
            Class<?> fw = loader.loadClass("org.osgi.framework.launch.Framework");
            Class<?> bundleClass = loader.loadClass("org.osgi.framework.Bundle");
            Class<?> contextClass = loader.loadClass("org.osgi.framework.BundleContext");
            // The context loader while the framework starts is the application's, as on a thread it started:
            // threads started meanwhile inherit it, and one that outlives the probe (Swing's TimerQueue, started
            // by the probe's first timer) must not keep the framework's loader alive after a detach.
            ClassLoader previous = Thread.currentThread().getContextClassLoader();
            Thread.currentThread().setContextClassLoader(ClassLoader.getSystemClassLoader());
            try {
                fw.getMethod("init").invoke(framework);
                Object context = bundleClass.getMethod("getBundleContext").invoke(framework);
                List<Object> bundles = new ArrayList<>();
                for (Enumeration<JarEntry> en = agentJar.entries(); en.hasMoreElements();) {
                    JarEntry e = en.nextElement();
                    if (e.getName().startsWith("probe-agent/bundles/") && e.getName().endsWith(".jar")) {
                        try (InputStream in = agentJar.getInputStream(e)) {
                            bundles.add(contextClass.getMethod("installBundle", String.class, InputStream.class)
                                    .invoke(context, "hdp-gui-agent:" + e.getName(), in));
                        }
                    }
                }
                fw.getMethod("start").invoke(framework);
                for (Object b : bundles) {
                    Object headers = bundleClass.getMethod("getHeaders").invoke(b);
                    Object fragment = headers.getClass().getMethod("get", Object.class).invoke(headers, "Fragment-Host");
                    if (fragment == null) {
                        bundleClass.getMethod("start").invoke(b);
                    }
                }
            } finally {
                Thread.currentThread().setContextClassLoader(previous);
            }
            prepare.join(STOP_MILLIS); // long done: it only took a head start
            running = new Running(framework, loader, storage, socket);
            System.setProperty(WINDOWS_PROPERTY, Integer.toString(showingWindows()));
            System.setProperty(SOCKET_PROPERTY, socket);
        } catch (Exception | LinkageError e) {
            if (running == null) {
                if (loader != null) {
                    loader.close();
                }
                delete(storage);
            }
            if (e instanceof java.lang.reflect.InvocationTargetException ite && ite.getCause() != null) {
                throw new IllegalStateException("the probe did not start: " + ite.getCause(), ite.getCause());
            }
            throw e;
        }
    }

    /**
     * Loads and initialises, ahead of the framework, what its start will need from outside it: the JDK's SAX
     * parser (SCR reads each bundle's component descriptions with it) and junixsocket's selector provider
     * with its native library (the transport opens its socket and selector first thing). Only a head start:
     * whatever fails here fails again, and is reported, where it is really used.
     */
    private static void prepare(ClassLoader junix) {
        try {
            javax.xml.parsers.SAXParserFactory xml = javax.xml.parsers.SAXParserFactory.newInstance();
            xml.setNamespaceAware(true);
            xml.newSAXParser().getXMLReader();
            Class.forName("org.newsclub.net.unix.AFUNIXSelectorProvider", true, junix).getMethod("provider").invoke(null);
            Class.forName("org.newsclub.net.unix.AFUNIXServerSocketChannel", true, junix);
            Class.forName("org.newsclub.net.unix.AFUNIXSocketChannel", true, junix);
        } catch (Exception | LinkageError e) {
            // see above
        }
    }

    private static void stop() throws Exception {
        Running r = running;
        if (r == null) {
            return;
        }
        running = null;
        System.clearProperty(SOCKET_PROPERTY);
        System.clearProperty(WINDOWS_PROPERTY);
        try {
            Class<?> fw = r.loader().loadClass("org.osgi.framework.launch.Framework");
            fw.getMethod("stop").invoke(r.framework());
            fw.getMethod("waitForStop", long.class).invoke(r.framework(), STOP_MILLIS);
        } finally {
            r.loader().close();
            delete(r.storage());
            forgetRecordTypes();
        }
    }

    /** A record of this class's own, whose methods' bootstrap replaces what the JDK remembers of the probe's records. */
    private record Forget(Forget next) {
    }

    /**
     * {@code java.lang.runtime.ObjectMethods} builds a record's equals, hashCode and toString from static
     * method handles whose {@code asType} keeps the last type asked for. Java 17 keeps it strongly: after a
     * detach the last probe record so built kept its bundle's loader, the framework's and their classes (some
     * 5 MB of metaspace) alive for the JVM's life (found with a heap dump's path to a GC root:
     * ObjectMethods.OBJECT_EQ.asTypeCache). Building this class's record's methods once more puts a type of the
     * application's loader (this class stays loaded anyway) in their place, for the receiver (OBJECT_EQ) and for
     * a component (OBJECTS_EQUALS, _HASHCODE, _TOSTRING) alike. Java 20 and later keep a type of a loader other
     * than the JDK's and the application's in a second, soft cache ({@code asTypeSoftCache}), which a type of
     * the application's loader does not replace: there the probe's loaders stay only softly reachable, and the
     * collector frees them when the heap runs short or the soft reference ages out (-XX:SoftRefLRUPolicyMSPerMB).
     */
    private static void forgetRecordTypes() {
        try {
            java.lang.invoke.MethodHandles.Lookup lookup = java.lang.invoke.MethodHandles.lookup();
            java.lang.invoke.MethodHandle getter = lookup.findGetter(Forget.class, "next", Forget.class);
            java.lang.invoke.MethodType[] types = {
                java.lang.invoke.MethodType.methodType(boolean.class, Forget.class, Object.class),
                java.lang.invoke.MethodType.methodType(int.class, Forget.class),
                java.lang.invoke.MethodType.methodType(String.class, Forget.class),
            };
            String[] names = {"equals", "hashCode", "toString"};
            for (int i = 0; i < names.length; i++) {
                java.lang.runtime.ObjectMethods.bootstrap(lookup, names[i], types[i], Forget.class, "next", getter);
            }
        } catch (Throwable e) {
            // Only memory is at stake: the probe has stopped either way.
            System.err.println("HDP-GUI agent: could not clear the JDK's record method cache: " + e);
        }
    }

    private static int showingWindows() {
        int n = 0;
        for (Window w : Window.getWindows()) {
            if (w.isShowing()) {
                n++;
            }
        }
        return n;
    }

    /** The per-application socket, by the rules the clients and probe.api's SocketPaths share (probe.paths). */
    private static String socketPath(long pid) {
        return ProbePaths.forApplication(pid).toString();
    }

    /**
     * junixsocket's loader, made by the first start: its jar is copied into {@code storage}, opened, and
     * the copy deleted once the loader holds it open (the loader reads it through its open file).
     */
    private static ClassLoader junixsocket(JarFile agentJar, Path storage) throws IOException, ClassNotFoundException {
        if (junixsocket == null) {
            Path copy = extract(agentJar, agentJar.stream().filter(e -> e.getName().startsWith("probe-agent/junixsocket/")
                    && e.getName().endsWith(".jar")).findFirst().orElse(null), storage);
            try (JarFile j = new JarFile(copy.toFile())) {
                junixsocketExports = j.getManifest().getMainAttributes().getValue("Export-Package");
            }
            if (junixsocketExports == null) {
                throw new IOException("the agent's junixsocket bundle exports nothing: rebuild the agent jar");
            }
            URLClassLoader l = new URLClassLoader("hdp-gui-junixsocket", new URL[] {copy.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
            l.loadClass("org.newsclub.net.unix.AFUNIXSocket");
            junixsocket = l;
        }
        return junixsocket;
    }

    private static Path extract(JarFile jar, JarEntry entry, Path dir) throws IOException {
        if (entry == null) {
            throw new IOException("the agent jar " + jar.getName() + " is incomplete: rebuild it");
        }
        Path to = dir.resolve(entry.getName().substring(entry.getName().lastIndexOf('/') + 1));
        try (InputStream in = jar.getInputStream(entry)) {
            Files.copy(in, to, StandardCopyOption.REPLACE_EXISTING);
        }
        return to;
    }

    private static void delete(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            System.err.println("HDP-GUI agent: could not remove " + dir + ": " + e.getMessage());
        }
    }
}
