package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.service.cm.Configuration;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.common.annotation.config.InjectConfiguration;
import probe.api.events.EventBus;
import probe.api.wire.Wire;
import probe.client.ProbeClient;
import probe.client.RawConnection;

/** Clients that misbehave: gone mid-request, mid-subscription, mid-screenshot, never reading, one too many. */
@ExtendWith(Bounded.class)
class FaultsIT {

    @BeforeAll
    static void up() throws Exception {
        Fixture.start();
        Swing.mainFrame();
    }

    private static void awaitNoConnection() throws InterruptedException {
        Fixture.await("the server to forget the gone clients", () -> Health.openConnections() == 0);
    }

    private static void assertServed() throws Exception {
        try (ProbeClient c = ProbeClient.connect(Fixture.socket(), Duration.ofSeconds(5))) {
            assertEquals(1, c.call("probe.hello").get("protocol").intValue());
        }
    }

    @Test
    void clientsGoneMidRequestMidSubscriptionAndMidScreenshotAreForgotten(@InjectService(timeout = Fixture.WAIT_MILLIS) EventBus bus)
            throws Exception {
        awaitNoConnection();
        int fds = Health.countFds();
        for (int round = 0; round < 20; round++) {
            // Half a line, then gone.
            try (ProbeClient c = ProbeClient.connect(Fixture.socket())) {
                RawConnection.of(c).send("{\"id\":1,\"op\":\"gui.li".getBytes(StandardCharsets.UTF_8));
            }
            // Subscribed, events flowing, then gone without unsubscribing.
            try (ProbeClient c = ProbeClient.connect(Fixture.socket())) {
                c.subscribe("fault.*");
                for (int i = 0; i < 200; i++) {
                    bus.publish("fault.tick", Wire.object().put("i", i));
                }
            }
            // A screenshot asked for, and the client gone before its reply is written.
            try (ProbeClient c = ProbeClient.connect(Fixture.socket())) {
                RawConnection.of(c).send("{\"id\":2,\"op\":\"gui.screenshot\"}\n".getBytes(StandardCharsets.UTF_8));
            }
            // Each round's gone clients are forgotten before the next round comes (else they
            // would count against maxConnections while the server notices they left).
            awaitNoConnection();
        }
        for (int i = 0; i < 200; i++) {
            bus.publish("fault.tick", Wire.object().put("i", i));
        }
        awaitNoConnection();
        assertServed();
        Fixture.await("the descriptors of the gone clients to be closed", () -> {
            try {
                return Health.countFds() <= fds + 2;
            } catch (Exception e) {
                return false;
            }
        });
    }

    @Test
    void aClientThatNeverReadsStallsOnlyItself() throws Exception {
        awaitNoConnection();
        try (SocketChannel stuck = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            stuck.connect(UnixDomainSocketAddress.of(Fixture.socket()));
            // Screenshot replies are large: a few fill the socket's buffers, and this client never reads one.
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < 200; i++) {
                b.append("{\"id\":").append(i).append(",\"op\":\"gui.screenshot\"}\n");
            }
            stuck.configureBlocking(false);
            ByteBuffer out = ByteBuffer.wrap(b.toString().getBytes(StandardCharsets.UTF_8));
            stuck.write(out);
            Thread.sleep(2000);
            for (int i = 0; i < 5; i++) {
                long t0 = System.nanoTime();
                assertServed();
                long ms = (System.nanoTime() - t0) / 1_000_000;
                assertTrue(ms < 2000, "another client is served at once while one never reads: " + ms + " ms");
            }
            assertTrue(Health.edtHopMillis() < 1000, "the EDT is not held by the stuck client");
        }
        awaitNoConnection();
    }

    /**
     * At maxConnections a new client is served: the connection silent longest among those not
     * subscribed is closed with protocol.evicted; a subscriber is never evicted, and only when every
     * connection is one is the new client refused (protocol.too_many_connections). Before issue 29
     * the new client was refused whatever the others did.
     */
    @Test
    void atMaxConnectionsTheLongestSilentNonSubscriberIsEvictedForANewClient(
            @InjectConfiguration(Fixture.TRANSPORT_PID) Configuration transport) throws Exception {
        Fixture.change(transport, Map.of("maxConnections", 3));
        List<ProbeClient> open = new ArrayList<>();
        try {
            Fixture.await("the transport to take maxConnections 3", () -> Connections.limitIs(3));
            awaitNoConnection();
            ProbeClient subscriber = ProbeClient.connect(Fixture.socket(), Duration.ofSeconds(5));
            open.add(subscriber);
            subscriber.subscribe("itest.nothing");
            ProbeClient oldest = ProbeClient.connect(Fixture.socket(), Duration.ofSeconds(5));
            open.add(oldest);
            oldest.call("probe.hello");
            Thread.sleep(50);
            ProbeClient recent = ProbeClient.connect(Fixture.socket(), Duration.ofSeconds(5));
            open.add(recent);
            recent.call("probe.hello");
            Thread.sleep(50);
            // The subscriber spoke first of all: silent longest, yet not the one to go.
            try (ProbeClient extra = ProbeClient.connect(Fixture.socket(), Duration.ofSeconds(5))) {
                assertEquals(1, extra.call("probe.hello").get("protocol").intValue(), "the new client is served");
                ObjectNode evicted = (ObjectNode) Wire.mapper().readTree(RawConnection.of(oldest).readLine());
                assertEquals("protocol.evicted", evicted.get("error").get("code").asText(), evicted.toString());
                assertTrue(evicted.get("error").get("message").asText().contains("3 connections"), evicted.toString());
                assertTrue(evicted.get("id").isNull());
                assertNull(RawConnection.of(oldest).readLine(), "the evicted connection is closed");
                assertEquals(1, recent.call("probe.hello").get("protocol").intValue(), "the others are unharmed");
                assertEquals(1, subscriber.call("probe.hello").get("protocol").intValue(), "the subscriber is unharmed");

                // Now every place is a subscriber's: the next client is refused, and they all stay.
                recent.subscribe("itest.nothing");
                extra.subscribe("itest.nothing");
                try (ProbeClient refused = ProbeClient.connect(Fixture.socket(), Duration.ofSeconds(5))) {
                    ObjectNode refusal = (ObjectNode) Wire.mapper().readTree(RawConnection.of(refused).readLine());
                    assertEquals("protocol.too_many_connections", refusal.get("error").get("code").asText(), refusal.toString());
                    assertTrue(refusal.get("error").get("message").asText().contains("subscribed"), refusal.toString());
                    assertNull(RawConnection.of(refused).readLine(), "the refused connection is closed");
                }
                for (ProbeClient c : List.of(subscriber, recent, extra)) {
                    assertEquals(1, c.call("probe.hello").get("protocol").intValue(), "the subscribers are unharmed");
                }
            }
        } finally {
            open.forEach(ProbeClient::close);
        }
    }

    /** Every test leaves the transport as it found it (osgi-test has put a test's configuration back by now). */
    @AfterEach
    void defaultConfigurationAgain() throws Exception {
        Fixture.await("the transport to take its default maxConnections", () -> Connections.limitIs(1024));
    }
}
