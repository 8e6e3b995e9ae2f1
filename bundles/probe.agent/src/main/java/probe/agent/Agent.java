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
 * <p>This class, its record {@code Forget} and probe.paths' {@code ProbePaths} are all the agent puts on the
 * application's class path (the JVM appends the agent jar to it).
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
        Object framework = null;
        try (JarFile agentJar = new JarFile(jar.toFile())) {
            ClassLoader junix = junixsocket(agentJar, storage);
            // A second thread readies what the framework's start will ask of the JDK and of junixsocket while
            // this one starts Felix: most of an attach is loading classes into a cold JVM, one at a time.
            Thread prepare = new Thread(() -> prepare(junix), "hdp-gui-agent-prepare");
            prepare.setDaemon(true);
            prepare.setContextClassLoader(ClassLoader.getPlatformClassLoader());
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
            framework = factoryClass.getMethod("newFramework", Map.class).invoke(factory, props);
            Class<?> fw = loader.loadClass("org.osgi.framework.launch.Framework");
            Class<?> bundleClass = loader.loadClass("org.osgi.framework.Bundle");
            Class<?> contextClass = loader.loadClass("org.osgi.framework.BundleContext");
            // The context loader while the framework starts is the platform's. Threads started meanwhile inherit
            // it, and one that outlives the probe (Swing's TimerQueue, started by the probe's first timer) must not
            // keep the framework's loader alive after a detach; and what is looked up through it (SCR's
            // SAXParserFactory.newInstance) is the JDK's own, never a JAXP provider the application ships.
            ClassLoader previous = Thread.currentThread().getContextClassLoader();
            Thread.currentThread().setContextClassLoader(ClassLoader.getPlatformClassLoader());
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
                if (framework != null) {
                    // A bundle that did not start leaves the others running: stopped, so that no thread or
                    // loader of the probe stays behind a start that failed.
                    stopQuietly(loader, framework);
                }
                release(loader, storage);
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

    /** Stops {@code framework} (of {@code loader}) and waits for it, at most {@link #STOP_MILLIS}. */
    private static void stopFramework(ClassLoader loader, Object framework) throws Exception {
        Class<?> fw = loader.loadClass("org.osgi.framework.launch.Framework");
        fw.getMethod("stop").invoke(framework);
        fw.getMethod("waitForStop", long.class).invoke(framework, STOP_MILLIS);
    }

    /** Stops a framework whose start failed, within the stop's bound; what fails here is left as it is. */
    private static void stopQuietly(ClassLoader loader, Object framework) {
        try {
            stopFramework(loader, framework);
        } catch (Exception | LinkageError e) {
            System.err.println("HDP-GUI agent: could not stop the framework after a failed start: " + e);
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
            stopFramework(r.loader(), r.framework());
        } finally {
            release(r.loader(), r.storage());
        }
    }

    /**
     * What a stopped framework (or one that never was) leaves: its loader closed (null: none was made), its
     * storage removed, and the JDK's record method caches cleared of the probe's records, which the bundles
     * that ran may have had built. After a detach and after a start that failed alike.
     */
    private static void release(URLClassLoader loader, Path storage) throws IOException {
        try {
            if (loader != null) {
                loader.close();
            }
        } finally {
            delete(storage);
            forgetRecordTypes();
        }
    }

    /**
     * {@code java.lang.runtime.ObjectMethods} builds a record's equals, hashCode and toString from static
     * method handles whose {@code asType} keeps the last type asked for: after a detach the last probe record
     * so built kept its bundle's loader, the framework's and their classes alive (found with a heap dump's path
     * to a GC root). Java 17 keeps that type in one strong cache (ObjectMethods.OBJECT_EQ.asTypeCache); Java 20
     * and later keep a type of the JDK's or the application's loaders there and any other in a second, soft
     * cache (OBJECTS_EQUALS.asTypeSoftCache on 25), which the collector clears only when the heap runs short
     * or the reference has aged. So the methods are built twice more, for the receiver (OBJECT_EQ) and for a
     * component (OBJECTS_EQUALS, _HASHCODE, _TOSTRING) alike: first for a copy of {@link Forget} defined by a
     * loader of its own (on 20 and later it takes the soft cache's place, and that one-class loader is all that
     * stays softly reachable), then for Forget itself, of the application's loader (it takes the strong
     * cache's place; it stays loaded anyway, as this class does).
     */
    private static void forgetRecordTypes() {
        try {
            byte[] bytes;
            try (InputStream in = Agent.class.getResourceAsStream("Forget.class")) {
                bytes = in.readAllBytes();
            }
            Class<?> copy = new ForgetLoader().define(Forget.class.getName(), bytes);
            forget(java.lang.invoke.MethodHandles.privateLookupIn(copy, java.lang.invoke.MethodHandles.lookup()), copy);
            forget(java.lang.invoke.MethodHandles.privateLookupIn(Forget.class, java.lang.invoke.MethodHandles.lookup()), Forget.class);
        } catch (Throwable e) {
            // Only memory is at stake: the probe has stopped either way.
            System.err.println("HDP-GUI agent: could not clear the JDK's record method cache: " + e);
        }
    }

    /** Builds {@code record}'s equals, hashCode and toString as the JDK does for a record (its one component: next). */
    private static void forget(java.lang.invoke.MethodHandles.Lookup lookup, Class<?> record) throws Throwable {
        java.lang.invoke.MethodHandle getter = lookup.findGetter(record, "next", record);
        java.lang.invoke.MethodType[] types = {
            java.lang.invoke.MethodType.methodType(boolean.class, record, Object.class),
            java.lang.invoke.MethodType.methodType(int.class, record),
            java.lang.invoke.MethodType.methodType(String.class, record),
        };
        String[] names = {"equals", "hashCode", "toString"};
        for (int i = 0; i < names.length; i++) {
            java.lang.runtime.ObjectMethods.bootstrap(lookup, names[i], types[i], record, "next", getter);
        }
    }

    /** Defines one class, a copy of {@link Forget}, in a loader that is neither the JDK's nor the application's. */
    private static final class ForgetLoader extends ClassLoader {
        ForgetLoader() {
            super("hdp-gui-forget", ClassLoader.getPlatformClassLoader());
        }

        Class<?> define(String name, byte[] bytes) {
            return defineClass(name, bytes, 0, bytes.length);
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
