package probe.transport.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** The transport's configuration, PID {@code probe.transport} (a FileInstall {@code probe.transport.cfg} works). */
@ObjectClassDefinition(name = "HDP-GUI probe transport", description = "The Unix socket on which the GUI probe answers.")
public @interface TransportConfig {

    @AttributeDefinition(description = "Socket path. Empty: HVM_GUI_PROBE_SOCKET, else the per-OS default. The environment wins over this property.")
    String socketPath() default "";

    @AttributeDefinition(description = "Longest request line in bytes; a longer one is answered protocol.line_too_long.", min = "64")
    int maxLineBytes() default 1024 * 1024;

    @AttributeDefinition(description = "Connections open at once. When a new client comes with this many open, among those not"
            + " subscribed to events the oldest that has sent no whole line, else the one silent longest, is closed"
            + " (protocol.evicted); only when all are subscribers is the"
            + " new one refused (protocol.too_many_connections). An idle connection costs no thread.", min = "1")
    int maxConnections() default 1024;

    @AttributeDefinition(description = "Threads that run ops at most (started as needed, ended when idle). A connection's ops run"
            + " one after another; a long gui.wait holds one thread.", min = "1")
    int opThreads() default 64;

    @AttributeDefinition(description = "How long an op may wait for the event dispatch thread before gui.timeout.", min = "1")
    long opTimeoutMillis() default 5000;

    @AttributeDefinition(description = "When set, the first request of a connection must be probe.auth with this token.", type = org.osgi.service.metatype.annotations.AttributeType.PASSWORD)
    String token() default "";

    @AttributeDefinition(description = "A file whose first line is the token (used when token is empty).")
    String tokenFile() default "";

    @AttributeDefinition(description = "How long a new connection may take to send its first whole line before it is closed"
            + " (protocol.first_line_timeout); 0: no bound.", min = "0")
    long firstLineMillis() default 15_000;

    @AttributeDefinition(description = "How long a begun request line may take to end before the connection is closed"
            + " (protocol.line_timeout); 0: no bound. A connection between lines waits freely.", min = "0")
    long lineMillis() default 10_000;

    @AttributeDefinition(description = "With a token: how long a new connection may take to authenticate before it is closed"
            + " (auth.timeout); 0: no bound.", min = "0")
    long authMillis() default 15_000;

    @AttributeDefinition(description = "Events queued per subscribed connection before further events are dropped and counted.", min = "4")
    int eventQueueSize() default 1024;

    @AttributeDefinition(description = "How long a connection's queued output (replies, events) may stay untaken by the client"
            + " before the connection is closed (protocol.slow_reader); 0: no bound.", min = "0")
    long stallMillis() default 10_000;

    @AttributeDefinition(description = "Output bytes queued for a connection past which its further requests are not read"
            + " until the client takes its replies.", min = "65536")
    int maxOutputBytes() default 4 * 1024 * 1024;
}
