package probe.client;

import java.nio.file.Path;
import probe.api.wire.SocketPaths;

/**
 * No probe answers on the socket: it could not be reached, or it went away before it answered.
 * The CLI exits 3 on this, printing the message and the {@link #hint}. The message names the path
 * and the reason, never what was sent.
 */
public final class ProbeUnavailableException extends ProbeClientException {
    private static final long serialVersionUID = 1L;

    /** Why no probe answers. */
    public enum Reason {
        /** Nothing at the path: no GUI with a probe has been started, or it uses another socket. */
        NO_SOCKET_FILE("no socket file there"),
        /** A socket file that nobody listens on: left behind by a GUI that did not stop cleanly. */
        NOBODY_LISTENING("the socket file is there but nobody listens on it"),
        /** Something that is not a socket sits at the path. */
        NOT_A_SOCKET("the file there is not a socket"),
        /** The socket or its folder belongs to someone else. */
        ACCESS_DENIED("permission denied"),
        /** The path does not fit in a Unix socket address on this OS. */
        PATH_TOO_LONG("the path is too long for a Unix socket"),
        /** Connected, but the probe closed the connection before it answered. */
        CONNECTION_CLOSED("the probe closed the connection before it answered"),
        /** Something listens there but accepts no connection (its backlog is full): a GUI that hangs, or not a probe. @since 1.2 */
        NOT_ACCEPTING("the listener there accepts no connection");

        private final String text;

        Reason(String text) {
            this.text = text;
        }

        /** A few words for a person, such as {@code no socket file there}. */
        public String text() {
            return text;
        }
    }

    private final Path socket;
    private final Reason reason;

    public ProbeUnavailableException(Path socket, Reason reason, String detail, Throwable cause) {
        super(message(socket, reason, detail), cause);
        this.socket = socket;
        this.reason = reason;
    }

    private static String message(Path socket, Reason reason, String detail) {
        String m = "no probe answers on " + socket + " (" + reason.text() + ")";
        return detail == null ? m : m + ": " + detail;
    }

    /** The socket path that was tried. */
    public Path socket() {
        return socket;
    }

    public Reason reason() {
        return reason;
    }

    /**
     * What to do about it, for a person: what to start, or which option to change. Names the
     * HDP-GUI scripts and the CLI's options, which a server built on this library shares. For the
     * socket of a probe in an application ({@link SocketPaths#forApplication}: {@code hvm-dbg --pid
     * PID}) that is not there, {@code hvm-dbg attach PID}, or that the process is gone.
     */
    public String hint() {
        Long pid = application(socket);
        if (pid != null && (reason == Reason.NO_SOCKET_FILE || reason == Reason.NOBODY_LISTENING || reason == Reason.NOT_A_SOCKET
                || reason == Reason.CONNECTION_CLOSED)) {
            // hvm-dbg --pid PID: the socket of a probe attached to an application, which is not there now.
            if (ProcessHandle.of(pid).isEmpty()) {
                return "no process " + pid + " runs now: hvm-dbg ps lists your JVMs and where a probe answers";
            }
            return "no probe is loaded into JVM " + pid + " (detached, or never attached): load it with hvm-dbg attach " + pid
                    + "; hvm-dbg ps lists your JVMs and where a probe answers";
        }
        switch (reason) {
            case ACCESS_DENIED:
                return "the socket belongs to another user; run hvm-dbg as the user who runs the GUI";
            case PATH_TOO_LONG:
                return "use a shorter --socket path";
            case CONNECTION_CLOSED:
                return "the GUI may be stopping, or its probe refused this connection (see the GUI's log); if the GUI is gone,"
                        + " start the debug GUI with run/hvm-debug (or HVM_GUI_PROBE=1 run/hvm-host)";
            case NOT_ACCEPTING:
                return "the process listening there takes no connection: the GUI may hang (see its log, or a thread dump with"
                        + " jstack); if it is no GUI of yours, point --socket / HVM_GUI_PROBE_SOCKET at the right socket";
            case NOBODY_LISTENING:
                return "the GUI that opened it is gone; start the debug GUI with run/hvm-debug (or HVM_GUI_PROBE=1 run/hvm-host),"
                        + " or point --socket / HVM_GUI_PROBE_SOCKET at a live socket";
            default:
                return "start the debug GUI with run/hvm-debug (or HVM_GUI_PROBE=1 run/hvm-host), or point --socket / HVM_GUI_PROBE_SOCKET at its socket";
        }
    }

    /**
     * The pid whose probe {@code socket} is the socket of ({@link SocketPaths#forApplication}:
     * {@code …/hdp-gui/PID.sock}, {@code …/hdp-gui/run/PID.sock}, {@code …/HDP-GUI/run/PID.sock}), or
     * null when it is none.
     */
    private static Long application(Path socket) {
        Path name = socket == null ? null : socket.getFileName();
        java.util.regex.Matcher m = name == null ? null : APPLICATION_SOCKET.matcher(name.toString());
        if (m == null || !m.matches() || m.group(1).length() > 18) {
            return null;
        }
        long pid = Long.parseLong(m.group(1));
        if (socket.equals(SocketPaths.forApplication(pid))) {
            return pid;
        }
        Path dir = socket.getParent();
        if (dir != null && dir.getFileName() != null && "run".equals(dir.getFileName().toString())) {
            dir = dir.getParent();
        }
        return dir != null && dir.getFileName() != null && SocketPaths.APPLICATIONS_DIR.equalsIgnoreCase(dir.getFileName().toString())
                ? pid : null;
    }

    private static final java.util.regex.Pattern APPLICATION_SOCKET = java.util.regex.Pattern.compile("([0-9]+)\\.sock");
}
