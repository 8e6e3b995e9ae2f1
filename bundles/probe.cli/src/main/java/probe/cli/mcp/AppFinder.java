package probe.cli.mcp;

import java.nio.file.Path;
import java.time.Duration;
import probe.cli.jvm.Attach;
import probe.cli.jvm.Jvms;
import probe.client.ProbeClientException;

/**
 * The application an MCP server follows by name ({@code hvm-dbg --app NAME mcp}, or gui_attach): the
 * one JVM of this user that the name names ({@link Jvms#resolve}: a name {@code hvm-dbg ps} shows, a
 * jar, a main class, a pid, or the title of a window where a probe answers), with the probe loaded into it when none answers there ({@link
 * Attach#attach}, as {@code hvm-dbg attach} does: the same checks, the same refusals). {@link
 * ProbeLink} asks it whenever no probe answers where it looked last, so an application that was
 * started again (another pid) is found again and the server's tools follow it.
 */
final class AppFinder {
    private final String name;
    private final Duration timeout;
    private volatile Jvms.Jvm last;

    /**
     * @param name what names the application
     * @param timeout how long the probe loaded into it may take to answer
     */
    AppFinder(String name, Duration timeout) {
        this.name = name;
        this.timeout = timeout;
    }

    /** The name it was given. */
    String name() {
        return name;
    }

    /** The JVM it found last, or null. */
    Jvms.Jvm last() {
        return last;
    }

    /**
     * The socket of the probe in the JVM the name names now, the probe loaded into it first when
     * none is there. One search at a time: the tools' connection and the event feed's may ask at once.
     *
     * @throws NotFound when no single JVM of this user has that name, or the probe cannot be loaded into it
     */
    synchronized Path find() {
        Jvms.Jvm j;
        try {
            j = Jvms.resolve(name);
        } catch (Jvms.Unresolved e) {
            throw new NotFound(e.getMessage());
        } catch (NoClassDefFoundError e) {
            throw new NotFound("finding an application by name needs the attach API (module jdk.attach): run hvm-dbg with a JDK's java");
        }
        try {
            Path socket = Attach.attach(j.pid(), timeout).socket();
            last = j;
            return socket;
        } catch (Attach.Refused e) {
            throw new NotFound("the probe could not be loaded into " + j.name() + " (pid " + j.pid() + "): " + e.getMessage());
        }
    }

    /** No single JVM of this user has the name, or the probe could not be loaded into it: the message says which. */
    static final class NotFound extends ProbeClientException {
        private static final long serialVersionUID = 1L;

        NotFound(String message) {
            super(message, null);
        }
    }
}
