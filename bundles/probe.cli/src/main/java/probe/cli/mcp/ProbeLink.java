package probe.cli.mcp;

import probe.cli.ops.CompiledDescriptions;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Predicate;
import probe.client.ProbeClient;
import probe.client.ProbeClientException;
import probe.client.ProbeOpException;
import probe.client.ProbeTimeoutException;
import probe.client.ProbeUnavailableException;
import probe.client.TokenFile;

/**
 * The server's way to the GUI: one {@link ProbeClient}, connected when first needed and again
 * after the GUI went away, so a GUI that stops and starts again under a running server is found
 * again by the next call. With an application it follows by name ({@link AppFinder}), a socket
 * where no probe answers sends it looking for that application again (started anew: another pid),
 * the probe loaded into it if need be. Tool calls may come on several threads at once; the client
 * matches replies by id.
 */
final class ProbeLink implements AutoCloseable {
    /** Where it connects: the socket given, or the last one its application was found at (null before). */
    private volatile Path socket;
    /** The application it follows by name, or null for a socket alone. */
    private volatile AppFinder app;
    private final Duration timeout;
    private final Path tokenFile;
    private ProbeClient client;
    /** Whether {@link #client} has answered a call: a failure on it then means the GUI went away since. */
    private boolean used;
    private boolean closed;
    /**
     * Whether an op only looks, so may be sent again on a guess: its description says it does not
     * act (the server sets this to the descriptions it has; until then, those hvm-dbg is built with).
     * False for an op it knows nothing of.
     */
    private volatile Predicate<String> readOnly = op -> CompiledDescriptions.of(op).map(d -> !d.acts()).orElse(false);

    ProbeLink(Path socket, Duration timeout, Path tokenFile) {
        this(socket, null, timeout, tokenFile);
    }

    /**
     * @param socket where to connect first (null: where {@code app} is found)
     * @param app the application to follow by name, or null
     */
    ProbeLink(Path socket, AppFinder app, Duration timeout, Path tokenFile) {
        if (socket == null && app == null) {
            throw new IllegalArgumentException("a socket or an application to find");
        }
        this.socket = socket;
        this.app = app;
        this.timeout = timeout;
        this.tokenFile = tokenFile;
    }

    /**
     * Follows {@code app} from now on, found at {@code socket}: the next call connects there
     * (the connection to the one before is closed).
     */
    void follow(AppFinder app, Path socket) {
        this.app = app;
        this.socket = socket;
        synchronized (this) {
            drop(client);
        }
    }

    /** The application it follows by name, or null. */
    AppFinder app() {
        return app;
    }

    /** How long an op's reply may take (the CLI's {@code --timeout}). */
    Duration timeout() {
        return timeout;
    }

    /** Whether an op only looks is decided by {@code readOnly} from now on. */
    void readOnly(Predicate<String> readOnly) {
        this.readOnly = readOnly;
    }

    Path socket() {
        return socket;
    }

    /**
     * A new connection, authenticated when a token file was given (read each time, before
     * connecting: a restarted GUI may have a new one; a file others may read is refused,
     * {@link TokenFile}).
     */
    ProbeClient connect() {
        return connect(timeout);
    }

    /**
     * {@link #connect()} with its own read timeout. Where no probe answers and an application is
     * followed by name, it is looked for again ({@link AppFinder#find}) and the connection made there.
     *
     * @throws AppFinder.NotFound when the application followed is not found, or takes no probe
     */
    ProbeClient connect(Duration readTimeout) {
        Path at = socket;
        AppFinder finder = app;
        // A socket just found is not looked for again at once when it does not answer.
        boolean fresh = at == null;
        if (fresh) {
            at = found(finder);
        }
        try {
            return open(at, readTimeout);
        } catch (ProbeUnavailableException e) {
            if (finder == null || fresh) {
                throw e;
            }
            return open(found(finder), readTimeout);
        }
    }

    /** Where {@code finder} finds its application now, remembered as where to connect. */
    private Path found(AppFinder finder) {
        Path p = finder.find();
        if (app == finder) {
            socket = p;
        }
        return p;
    }

    private ProbeClient open(Path at, Duration readTimeout) {
        String token = tokenFile == null ? null : TokenFile.read(tokenFile);
        ProbeClient c = ProbeClient.connect(at, readTimeout);
        if (token != null) {
            try {
                c.authenticate(token);
            } catch (RuntimeException e) {
                c.close();
                throw e;
            }
        }
        return c;
    }

    private synchronized ProbeClient client() {
        if (closed) {
            throw new ProbeClientException("the MCP server is stopping", null);
        }
        if (client == null || !client.isOpen()) {
            drop(client);
            client = connect();
            used = false;
        }
        return client;
    }

    private synchronized boolean wasUsed(ProbeClient c) {
        return c == client && used;
    }

    private synchronized boolean isCurrent(ProbeClient c) {
        return c == client;
    }

    private synchronized void answered(ProbeClient c) {
        if (c == client) {
            used = true;
        }
    }

    private synchronized void drop(ProbeClient c) {
        if (c != null) {
            c.close();
            if (c == client) {
                client = null;
            }
        }
    }

    /**
     * The reply to an op that acts (a click, typed text, a key) was lost: the connection closed
     * after the request was written and before its reply came. The GUI may or may not have done
     * it, so it is not sent again (it could happen twice); the model is told to look
     * ({@code gui_snapshot}) before it tries again.
     */
    static final class ReplyLost extends ProbeClientException {
        private static final long serialVersionUID = 1L;

        ReplyLost(String op, ProbeClientException cause) {
            super("the connection to the GUI closed after " + op + " was sent and before its reply came, so whether the GUI"
                    + " did it is not known; it was not sent again, since an action must not happen twice. Look with"
                    + " gui_snapshot before trying it again; if no GUI answers, it stopped", cause);
        }
    }

    /** Set by an attempt once its request is written whole: from then on the GUI may act on it. */
    private static final class Sent {
        boolean value;
    }

    /** One try of a call on a connection, which marks {@link Sent} once its first request is written. */
    private interface Attempt<T> {
        T make(ProbeClient c, Sent sent);
    }

    /**
     * Calls {@code op}; null {@code replyTimeout} waits the server's {@code --timeout}. A connection
     * that served calls before and is found closed now (the GUI stopped, and maybe started again)
     * is replaced and the call made once more, when the request is known never to have reached a
     * GUI (its write failed: a line the probe has not read whole is never carried out) or when the
     * op only looks (its description says it does not act). An op that acts and whose request was written is never
     * sent twice: a lost reply is a {@link ReplyLost}.
     *
     * @throws ProbeClientException as {@link ProbeClient#call} does
     * @throws ReplyLost when the connection closed after an op that acts was sent, before its reply
     */
    JsonNode call(String op, ObjectNode args, Duration replyTimeout) {
        return retried(op, readOnly.test(op), (c, sent) -> {
            ProbeClient.Pending pending = c.send(op, args);
            sent.value = true;
            return pending.reply(replyTimeout == null ? timeout : replyTimeout);
        });
    }

    /**
     * Makes {@code attempt} on the connection, and once more on a new one when that connection
     * closed under it and had served calls before (the GUI stopped, and maybe started again), or
     * another call closed it (having found the GUI gone; a tool asks two things at once): the new
     * connection says what is wrong now. A fresh connection that closes means no GUI answers now.
     * But an attempt that wrote its request is made again only when it only looks
     * ({@code readOnly}); else the lost reply is a {@link ReplyLost}. A refusal or a timeout is
     * never retried.
     */
    private <T> T retried(String op, boolean readOnly, Attempt<T> attempt) {
        ProbeClient c = client();
        Sent sent = new Sent();
        try {
            T answer = attempt.make(c, sent);
            answered(c);
            return answer;
        } catch (ProbeOpException | ProbeTimeoutException e) {
            throw e;
        } catch (ProbeClientException e) {
            boolean lost = lost(e, c);
            boolean again = lost && (wasUsed(c) || !isCurrent(c));
            if (lost) {
                drop(c);
            }
            if (lost && sent.value && !readOnly) {
                throw new ReplyLost(op, e);
            }
            if (!again) {
                throw e;
            }
        }
        ProbeClient next = client();
        Sent sentAgain = new Sent();
        try {
            T answer = attempt.make(next, sentAgain);
            answered(next);
            return answer;
        } catch (ProbeOpException | ProbeTimeoutException e) {
            throw e;
        } catch (ProbeClientException e) {
            boolean lost = lost(e, next);
            if (lost) {
                drop(next);
            }
            if (lost && sentAgain.value && !readOnly) {
                throw new ReplyLost(op, e);
            }
            throw e;
        }
    }

    /** Whether {@code e}, thrown by a call on {@code c}, says that {@code c} closed (the GUI's end or ours). */
    private static boolean lost(ProbeClientException e, ProbeClient c) {
        if (e instanceof ProbeUnavailableException) {
            return ((ProbeUnavailableException) e).reason() == ProbeUnavailableException.Reason.CONNECTION_CLOSED;
        }
        return !c.isOpen();
    }

    /**
     * What {@link #both} answers: the first op's data or its refusal, and the second op's data or
     * why it has none.
     */
    record Both(JsonNode first, ProbeOpException refused, JsonNode second, ProbeClientException secondFailed) {
    }

    /**
     * Sends {@code op} and then {@code then} (no args) back to back on the one connection and reads
     * both replies: one round trip of latency instead of two. The probe answers a connection's
     * requests one at a time in the order it read them (docs/PROTOCOL.md), so {@code then} is
     * carried out after {@code op} has been answered, as when it was sent after the reply came.
     * {@code op}'s refusal ({@link ProbeOpException}) is returned beside {@code then}'s answer;
     * any other failure of {@code op} is thrown, as {@link #call} throws it (and retried as it
     * retries), with {@code then}'s reply dropped. {@code then}'s own failures are returned.
     *
     * @param replyTimeout how long {@code op}'s reply may take; null for the server's {@code --timeout},
     *     which {@code then}'s reply may take after {@code op}'s came
     */
    Both both(String op, ObjectNode args, Duration replyTimeout, String then) {
        // both(c, …) returns op's refusal inside Both, so what retried rethrows as a refusal never comes from it.
        return retried(op, readOnly.test(op) && readOnly.test(then), (c, sent) -> both(c, sent, op, args, replyTimeout, then));
    }

    private Both both(ProbeClient c, Sent sent, String op, ObjectNode args, Duration replyTimeout, String then) {
        ProbeClient.Pending first = c.send(op, args);
        sent.value = true;
        ProbeClient.Pending second;
        try {
            second = c.send(then, null);
        } catch (RuntimeException e) {
            first.cancel();
            throw e;
        }
        JsonNode data = null;
        ProbeOpException refused = null;
        try {
            data = first.reply(replyTimeout == null ? timeout : replyTimeout);
        } catch (ProbeOpException e) {
            refused = e;
        } catch (RuntimeException e) {
            second.cancel();
            throw e;
        }
        try {
            return new Both(data, refused, second.reply(timeout), null);
        } catch (ProbeClientException e) {
            return new Both(data, refused, null, e);
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
        drop(client);
    }
}
