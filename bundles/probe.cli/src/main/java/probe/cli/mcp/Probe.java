package probe.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import probe.client.ProbeClient;
import probe.client.ProbeClientException;
import probe.client.ProbeOpException;
import probe.client.ProbeTimeoutException;
import probe.client.ProbeUnavailableException;

/**
 * The server's way to the GUI: one {@link ProbeClient}, connected when first needed and again
 * after the GUI went away, so a GUI that stops and starts again under a running server is found
 * again by the next call. Tool calls may come on several threads at once; the client matches
 * replies by id.
 */
final class Probe implements AutoCloseable {
    private final Path socket;
    private final Duration timeout;
    private final Path tokenFile;
    private ProbeClient client;
    /** Whether {@link #client} has answered a call: a failure on it then means the GUI went away since. */
    private boolean used;
    private boolean closed;

    Probe(Path socket, Duration timeout, Path tokenFile) {
        this.socket = socket;
        this.timeout = timeout;
        this.tokenFile = tokenFile;
    }

    Path socket() {
        return socket;
    }

    /** A new connection, authenticated when a token file was given (read each time: a restarted GUI may have a new one). */
    ProbeClient connect() {
        return connect(timeout);
    }

    /** {@link #connect()} with its own read timeout. */
    ProbeClient connect(Duration readTimeout) {
        ProbeClient c = ProbeClient.connect(socket, readTimeout);
        if (tokenFile != null) {
            try {
                c.authenticate(token(tokenFile));
            } catch (RuntimeException e) {
                c.close();
                throw e;
            }
        }
        return c;
    }

    /** The token file's first line, stripped, as the CLI and the transport read it. */
    static String token(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ProbeClientException("cannot read the token file " + file + " (" + e.getClass().getSimpleName() + ")", e);
        }
        if (lines.isEmpty() || lines.get(0).isBlank()) {
            throw new ProbeClientException("the token file " + file + " is empty", null);
        }
        return lines.get(0).strip();
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
     * Calls {@code op}; null {@code replyTimeout} waits the server's {@code --timeout}. A connection
     * that served calls before and is found closed now (the GUI stopped, and maybe started again)
     * is replaced and the call made once more: the request never reached a GUI then.
     *
     * @throws ProbeClientException as {@link ProbeClient#call} does
     */
    JsonNode call(String op, ObjectNode args, Duration replyTimeout) {
        return retried(c -> c.call(op, args, replyTimeout == null ? timeout : replyTimeout));
    }

    /**
     * Makes {@code attempt} on the connection, and once more on a new one when that connection
     * served calls before and is found closed now, or another call closed it under this one (see
     * {@link #call}). A refusal or a timeout is never retried.
     */
    private <T> T retried(java.util.function.Function<ProbeClient, T> attempt) {
        ProbeClient c = client();
        try {
            T answer = attempt.apply(c);
            answered(c);
            return answer;
        } catch (ProbeUnavailableException e) {
            // Not retried when the connection was fresh: no GUI answers now.
            boolean stale = wasUsed(c) && e.reason() == ProbeUnavailableException.Reason.CONNECTION_CLOSED;
            drop(c);
            if (!stale) {
                throw e;
            }
        } catch (ProbeOpException | ProbeTimeoutException e) {
            throw e;
        } catch (ProbeClientException e) {
            // Closed under this call by another one that found the GUI gone (a tool asks two
            // things at once): made again, once, on a new connection, which says what is wrong now.
            boolean closedByOther = !isCurrent(c);
            if (!c.isOpen()) {
                drop(c);
            }
            if (!closedByOther) {
                throw e;
            }
        }
        ProbeClient again = client();
        try {
            T answer = attempt.apply(again);
            answered(again);
            return answer;
        } catch (ProbeClientException e) {
            if (e instanceof ProbeUnavailableException || !again.isOpen()) {
                drop(again);
            }
            throw e;
        }
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
        return retried(c -> both(c, op, args, replyTimeout, then));
    }

    private Both both(ProbeClient c, String op, ObjectNode args, Duration replyTimeout, String then) {
        ProbeClient.Pending first = c.send(op, args);
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
