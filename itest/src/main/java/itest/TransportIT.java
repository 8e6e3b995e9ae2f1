package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.Bundle;
import org.osgi.framework.ServiceReference;
import org.osgi.service.cm.Configuration;
import org.osgi.service.component.runtime.ServiceComponentRuntime;
import org.osgi.service.component.runtime.dto.ComponentConfigurationDTO;
import org.osgi.service.component.runtime.dto.ComponentDescriptionDTO;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.common.annotation.config.InjectConfiguration;
import probe.api.Op;
import probe.api.Ops;
import probe.api.ProbeOp;
import probe.api.wire.Wire;
import probe.client.ProbeClient;
import probe.client.ProbeOpException;
import probe.client.RawConnection;

/** The socket server against a real client: modes, framing, errors, dispatch, lifecycle, token. */
@ExtendWith(Bounded.class)
class TransportIT {
    private static final String TRANSPORT = "probe.transport.internal.ProbeServer";

    @BeforeAll
    static void up() throws Exception {
        Fixture.start();
    }

    @Test
    void socketIsPrivateToItsUser() throws Exception {
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(Fixture.socket(), LinkOption.NOFOLLOW_LINKS)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(Fixture.socket().getParent(), LinkOption.NOFOLLOW_LINKS)));
    }

    @Test
    void helloSaysTheProtocolAndListsTheOpsPresent() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            JsonNode hello = c.call("probe.hello");
            assertEquals(1, hello.get("protocol").intValue());
            assertEquals("hdp-gui", hello.get("server").get("name").textValue());
            assertTrue(contains(hello.get("ops"), "gui.screenshot"), hello.toString());
            assertTrue(contains(hello.get("ops"), "probe.hello"), hello.toString());
        }
    }

    @Test
    void badLinesEachGetTheirErrorAndTheConnectionStillAnswers() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            assertError(c, "this is not json\n".getBytes(StandardCharsets.UTF_8), "protocol.parse_error");
            assertError(c, "\n".getBytes(StandardCharsets.UTF_8), "protocol.parse_error");
            assertError(c, new byte[] {'{', (byte) 0xff, (byte) 0xfe, '}', '\n'}, "protocol.parse_error");
            assertError(c, "[1,2,3]\n".getBytes(StandardCharsets.UTF_8), "protocol.invalid_request");
            assertError(c, "{\"id\":{\"x\":1},\"op\":\"probe.hello\"}\n".getBytes(StandardCharsets.UTF_8), "protocol.invalid_request");
            ByteArrayOutputStream big = new ByteArrayOutputStream();
            big.writeBytes("{\"id\":1,\"op\":\"probe.hello\",\"args\":{\"pad\":\"".getBytes(StandardCharsets.UTF_8));
            big.writeBytes("x".repeat(2 * 1024 * 1024).getBytes(StandardCharsets.UTF_8));
            big.writeBytes("\"}}\n".getBytes(StandardCharsets.UTF_8));
            assertError(c, big.toByteArray(), "protocol.line_too_long");

            RawConnection.of(c).send("{\"id\":\"still-here\",\"op\":\"probe.hello\"}\r\n".getBytes(StandardCharsets.UTF_8));
            ObjectNode reply = RawConnection.of(c).readMessage();
            assertEquals("still-here", reply.get("id").textValue());
            assertTrue(reply.get("ok").booleanValue(), reply.toString());
        }
    }

    private static void assertError(ProbeClient c, byte[] line, String code) throws Exception {
        RawConnection.of(c).send(line);
        ObjectNode reply = RawConnection.of(c).readMessage();
        assertFalse(reply.get("ok").booleanValue(), reply.toString());
        assertEquals(code, reply.get("error").get("code").textValue(), reply.toString());
        assertFalse(reply.get("error").get("message").textValue().isBlank());
    }

    @Test
    void pipelinedRequestsAreAnsweredInOrder() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            StringBuilder lines = new StringBuilder();
            for (int i = 0; i < 200; i++) {
                lines.append(Wire.mapper().writeValueAsString(Wire.request(Wire.mapper().valueToTree(i),
                        i % 3 == 0 ? "no.such.op" : "probe.hello", null))).append('\n');
            }
            RawConnection.of(c).send(lines.toString().getBytes(StandardCharsets.UTF_8));
            for (int i = 0; i < 200; i++) {
                ObjectNode reply = RawConnection.of(c).readMessage();
                assertEquals(i, reply.get("id").intValue());
                assertEquals(i % 3 != 0, reply.get("ok").booleanValue(), reply.toString());
            }
        }
    }

    @Test
    void anUnknownOpIsToldApartFromAnAbsentOne() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            ProbeOpException e = assertThrows(ProbeOpException.class, () -> c.call("no.such.op"));
            assertEquals("protocol.unknown_op", e.code());
            assertTrue(contains(e.details().get("ops"), "probe.hello"));
        }
    }

    @Test
    void everyOpAProbeBundleDescribesIsRegisteredByThatBundle() throws Exception {
        int described = 0;
        for (Bundle b : Fixture.context().getBundles()) {
            java.util.Enumeration<java.net.URL> entries = b.getSymbolicName().startsWith("probe.") && !b.getSymbolicName().equals("probe.transport")
                    ? b.findEntries("OSGI-INF/probe/ops", "*.json", false) : null;
            while (entries != null && entries.hasMoreElements()) {
                String file = entries.nextElement().getPath();
                String op = file.substring(file.lastIndexOf('/') + 1, file.length() - ".json".length());
                ServiceReference<?>[] refs = Fixture.context().getServiceReferences(ProbeOp.class.getName(), "(" + Op.NAME + "=" + op + ")");
                assertNotNull(refs, op + " is registered");
                assertEquals(1, refs.length, op + " is registered once");
                assertEquals(b.getSymbolicName(), refs[0].getBundle().getSymbolicName(), op + ": registered by the bundle that describes it");
                described++;
            }
        }
        assertTrue(described >= 14, "the contract's ops are described by their bundles: " + described);
    }

    @Test
    void aStoppedOpBundleIsUnavailableAndAnswersAgainOnceRestarted() throws Exception {
        Bundle screenshot = Fixture.bundle("probe.screenshot");
        screenshot.stop();
        try (ProbeClient c = Fixture.client()) {
            ProbeOpException e = assertThrows(ProbeOpException.class, () -> c.call("gui.screenshot"));
            assertEquals("gui.op_unavailable", e.code());
            assertTrue(e.getMessage().contains("its bundle probe.screenshot is not installed or not started"), e.getMessage());
            assertFalse(contains(c.call("probe.hello").get("ops"), "gui.screenshot"));
            screenshot.start();
            Fixture.await("gui.screenshot to be listed again", () -> {
                try {
                    return contains(c.call("probe.hello").get("ops"), "gui.screenshot");
                } catch (Exception x) {
                    return false;
                }
            });
            assertTrue(c.call("gui.screenshot").get("width").intValue() > 0);
        } finally {
            screenshot.start();
        }
    }

    @Test
    void anEdtThatDoesNotAnswerTimesTheOpOutWhileTheServerStaysUp() throws Exception {
        AutoCloseable release = Swing.blockEdt();
        try (ProbeClient slow = Fixture.client(); ProbeClient other = Fixture.client()) {
            long t0 = System.nanoTime();
            ProbeOpException e = assertThrows(ProbeOpException.class, () -> slow.call("gui.screenshot"));
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertEquals("gui.timeout", e.code());
            assertTrue(ms >= 2500, "failed after " + ms + " ms, before the 3000 ms op timeout");
            assertTrue(e.details().get("edtStack").toString().contains("CountDownLatch.await"), e.details().toString());
            assertNotNull(other.call("probe.hello"), "another connection answers while the EDT is stuck");
            release.close();
            assertTrue(slow.call("gui.screenshot").get("width").intValue() > 0, "the op works again once the EDT is free");
        } finally {
            release.close();
        }
    }

    @Test
    void aStaleSocketIsReplacedAndALiveOneIsNeverTakenOver() throws Exception {
        Bundle transport = Fixture.bundle("probe.transport");
        transport.stop();
        try {
            assertFalse(Files.exists(Fixture.socket(), LinkOption.NOFOLLOW_LINKS), "stopping the transport deletes its socket file");

            // A socket file nobody answers on: what a crashed GUI leaves behind.
            ServerSocketChannel dead = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            dead.bind(UnixDomainSocketAddress.of(Fixture.socket()));
            dead.close();
            assertTrue(Files.exists(Fixture.socket(), LinkOption.NOFOLLOW_LINKS));
            transport.start();
            Fixture.awaitProbe();
            transport.stop();

            // A socket another process answers on: the probe must refuse to start and leave it alone.
            try (ServerSocketChannel live = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
                live.bind(UnixDomainSocketAddress.of(Fixture.socket()));
                transport.start();
                Fixture.await("the transport to refuse the live socket", () -> failure() != null);
                assertTrue(failure().contains("already answers on"), failure());
                try (SocketChannel c = SocketChannel.open(UnixDomainSocketAddress.of(Fixture.socket()))) {
                    assertNotNull(live.accept(), "the live server still owns its socket");
                }
                transport.stop();
            }
            Files.deleteIfExists(Fixture.socket());
        } finally {
            transport.start();
        }
        Fixture.awaitProbe();
    }

    /** SCR's runtime view of the components (osgi-test injects it before the class's tests). */
    @InjectService(timeout = Fixture.WAIT_MILLIS)
    static ServiceComponentRuntime scr;

    /** The transport component's activation failure, or null while it has none. */
    private static String failure() {
        for (ComponentDescriptionDTO d : scr.getComponentDescriptionDTOs(Fixture.bundle("probe.transport"))) {
            if (TRANSPORT.equals(d.name)) {
                for (ComponentConfigurationDTO cc : scr.getComponentConfigurationDTOs(d)) {
                    if (cc.state == ComponentConfigurationDTO.FAILED_ACTIVATION) {
                        return cc.failure;
                    }
                }
            }
        }
        return null;
    }

    @Test
    void withATokenTheFirstRequestMustAuthenticate(@InjectConfiguration(Fixture.TRANSPORT_PID) Configuration transport) throws Exception {
        Fixture.change(transport, Map.of("token", "s3cret-token"));
        Fixture.await("the transport to require a token", () -> {
            try (ProbeClient c = ProbeClient.connect(Fixture.socket())) {
                c.call("probe.hello");
                return false;
            } catch (ProbeOpException e) {
                return "auth.required".equals(e.code());
            } catch (Exception e) {
                return false;
            }
        });
        try (ProbeClient c = Fixture.client()) {
            ProbeOpException e = assertThrows(ProbeOpException.class, () -> c.call("probe.hello"));
            assertEquals("auth.required", e.code());
            assertNull(RawConnection.of(c).readLine(), "the connection is closed after auth.required");
        }
        try (ProbeClient c = Fixture.client()) {
            ProbeOpException e = assertThrows(ProbeOpException.class, () -> c.call("probe.auth", Wire.object().put("token", "guess")));
            assertEquals("auth.denied", e.code());
            assertFalse(e.getMessage().contains("guess"));
            assertNull(RawConnection.of(c).readLine(), "the connection is closed after auth.denied");
        }
        try (ProbeClient c = Fixture.client()) {
            assertTrue(c.call("probe.auth", Wire.object().put("token", "s3cret-token")).get("authenticated").booleanValue());
            assertEquals(1, c.call("probe.hello").get("protocol").intValue());
            assertTrue(c.call("probe.hello").path("auth").path("required").asBoolean(false), "probe.hello says a token is required");
        }
    }

    @Test
    void withoutATokenHelloSaysNoneIsRequiredAndProbeAuthClaimsNothing() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            JsonNode hello = c.call("probe.hello");
            assertTrue(hello.path("auth").path("required").isBoolean(), hello.toString());
            assertFalse(hello.path("auth").path("required").booleanValue(), hello.toString());
            JsonNode auth = c.call("probe.auth", Wire.object().put("token", "anything"));
            System.out.println("TransportIT: without a token, probe.auth answers " + auth);
            assertFalse(auth.path("authenticated").asBoolean(true), "nothing was checked, so nothing is claimed: " + auth);
            assertFalse(auth.path("required").asBoolean(true), auth.toString());
            assertEquals(1, c.call("probe.hello").get("protocol").intValue(), "and the connection is served as before");
        }
    }

    @Test
    void aTokenFileThatOthersCanReadOrWriteKeepsTheProbeDownAndSaysWhy(@InjectConfiguration(Fixture.TRANSPORT_PID) Configuration transport)
            throws Exception {
        java.nio.file.Path dir = Files.createTempDirectory("hdp-token");
        java.nio.file.Path loose = dir.resolve("loose.token");
        Files.writeString(loose, "loose-token\n");
        Files.setPosixFilePermissions(loose, PosixFilePermissions.fromString("rw-r-----"));
        try {
            Fixture.change(transport, Map.of("tokenFile", loose.toString()));
            Fixture.await("the transport to refuse the token file", () -> failure() != null);
            System.out.println("TransportIT: a token file of mode 0640: " + failure());
            assertTrue(failure().contains("chmod 600"), "the one line says what to do: " + failure());
            assertFalse(failure().contains("loose-token"), "the token is never said: " + failure());
            java.nio.file.Path tight = dir.resolve("tight.token");
            Files.writeString(tight, "tight-token\n");
            Files.setPosixFilePermissions(tight, PosixFilePermissions.fromString("rw-------"));
            Fixture.change(transport, Map.of("tokenFile", tight.toString()));
            Fixture.await("the transport to take a 0600 token file", () -> {
                try (ProbeClient c = ProbeClient.connect(Fixture.socket())) {
                    c.authenticate("tight-token");
                    return c.call("probe.hello").path("auth").path("required").asBoolean(false);
                } catch (Exception e) {
                    return false;
                }
            });
        } finally {
            try (var files = Files.list(dir)) {
                for (java.nio.file.Path f : (Iterable<java.nio.file.Path>) files::iterator) {
                    Files.delete(f);
                }
            }
            Files.delete(dir);
        }
    }

    /** Every test leaves the transport as it found it (osgi-test has put a test's configuration back by now). */
    @AfterEach
    void answersWithoutATokenAgain() throws Exception {
        Fixture.await("the transport to answer without a token", () -> {
            try (ProbeClient c = ProbeClient.connect(Fixture.socket())) {
                return c.call("probe.hello") != null;
            } catch (Exception e) {
                return false;
            }
        });
    }

    static boolean contains(JsonNode array, String value) {
        for (JsonNode n : array) {
            if (value.equals(n.asText())) {
                return true;
            }
        }
        return false;
    }
}
