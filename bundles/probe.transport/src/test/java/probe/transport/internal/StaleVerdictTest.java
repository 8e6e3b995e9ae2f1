package probe.transport.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import org.junit.jupiter.api.Test;

/** What a connect to an existing socket file says about it: only a refusal makes it stale. */
class StaleVerdictTest {

    @Test
    void onlyARefusedConnectMeansNobodyListens() {
        assertEquals(SocketBinder.Stale.NOBODY_LISTENS, SocketBinder.verdict(new ConnectException("Connection refused")));
        assertEquals(SocketBinder.Stale.LIVE, SocketBinder.verdict(null));
        // A full backlog (EAGAIN), a timeout, anything else: no proof that nobody is there.
        assertEquals(SocketBinder.Stale.UNKNOWN, SocketBinder.verdict(new SocketException("Resource temporarily unavailable")));
        assertEquals(SocketBinder.Stale.UNKNOWN, SocketBinder.verdict(new SocketTimeoutException("connect timed out")));
        assertEquals(SocketBinder.Stale.UNKNOWN, SocketBinder.verdict(new SocketException("Permission denied")));
        assertEquals(SocketBinder.Stale.UNKNOWN, SocketBinder.verdict(new IOException("anything")));
        // junixsocket's own refusal is a plain SocketException: not trusted either (the JDK's channel is what knocks).
        assertEquals(SocketBinder.Stale.UNKNOWN, SocketBinder.verdict(new SocketException("Connection refused")));
    }
}
