package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.EventQueue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javax.swing.AbstractButton;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.test.common.annotation.InjectService;
import probe.api.events.EventBus;
import probe.api.wire.Wire;
import probe.client.ProbeClient;
import probe.client.RawConnection;

/** The event stream on the socket, against the real app: dialogs, domain events, errors, slow subscribers. */
@ExtendWith(WithApp.class)
@ExtendWith(Bounded.class)
class EventsIT {
    private static final Duration EVENT_WAIT = Duration.ofSeconds(15);

    /** The next event named {@code name} (others are skipped), failing when none comes in time. */
    static ObjectNode next(ProbeClient c, String name) throws Exception {
        long deadline = System.nanoTime() + EVENT_WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            ObjectNode e = c.nextEvent(Duration.ofMillis(500));
            if (e != null && name.equals(e.get("event").asText())) {
                return e;
            }
        }
        throw new AssertionError("no " + name + " event within " + EVENT_WAIT);
    }

    @Test
    void aDialogOpenedByTheAppsOwnCodeIsSeenAndIsCurrent() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            assertEquals("[\"dialog.*\"]", c.subscribe("dialog.*").get("subscribed").toString());
            AbstractButton create = (AbstractButton) Swing.named("toolbar.button.createVM");
            EventQueue.invokeLater(create::doClick);
            ObjectNode opened = next(c, "dialog.opened");
            assertEquals("createVM", opened.get("name").textValue());
            assertTrue(opened.get("seq").longValue() > 0 && opened.get("ts").longValue() > 0, opened.toString());
            assertEquals("createVM", c.call("gui.dialog.current").get("name").textValue(), "after dialog.opened X, the current dialog is X");
            Swing.onEdt(() -> {
                ((AbstractButton) Swing.named("dialog.createVM.button.cancel")).doClick();
                return null;
            });
            assertEquals("createVM", next(c, "dialog.closed").get("name").textValue());
            assertTrue(c.call("gui.dialog.current").get("name").isNull());
        }
    }

    @Test
    void aDialogOpenedByRealXInputIsSeen() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            c.subscribe("dialog.*");
            Swing.onEdt(() -> {
                Swing.named("main").requestFocus();
                return null;
            });
            Swing.settle();
            Process xdotool = new ProcessBuilder("xdotool", "key", "--clearmodifiers", "ctrl+n").inheritIO().start();
            assertTrue(xdotool.waitFor(10, TimeUnit.SECONDS) && xdotool.exitValue() == 0, "xdotool key ctrl+n");
            assertEquals("createVM", next(c, "dialog.opened").get("name").textValue());
            Process esc = new ProcessBuilder("xdotool", "key", "Escape").inheritIO().start();
            assertTrue(esc.waitFor(10, TimeUnit.SECONDS) && esc.exitValue() == 0);
            assertEquals("createVM", next(c, "dialog.closed").get("name").textValue());
        }
    }

    @Test
    void theListCountFollowsVmsCreatedAndDeletedOnDisk() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            c.subscribe("list.refreshed");
            long before;
            try (var files = Files.list(Fixture.library().resolve("vms"))) {
                before = files.filter(p -> p.toString().endsWith(".json")).count();
            } catch (java.nio.file.NoSuchFileException e) {
                before = 0;
            }
            Path vm = Library.writeVm("Counted " + System.nanoTime());
            assertEquals(before + 1, next(c, "list.refreshed").get("vmCount").longValue());
            Files.delete(vm);
            assertEquals(before, next(c, "list.refreshed").get("vmCount").longValue());
        }
    }

    @Test
    void aFailingActionGivesAnErrorEvent() throws Exception {
        String name = "Locked " + System.nanoTime();
        try (ProbeClient c = Fixture.client()) {
            c.subscribe("error", "dialog.*");
            // An encrypted VM made through the app's own dialog, then started with a wrong password.
            AbstractButton create = (AbstractButton) Swing.named("toolbar.button.createVM");
            EventQueue.invokeLater(create::doClick);
            next(c, "dialog.opened");
            Swing.onEdt(() -> {
                ((javax.swing.text.JTextComponent) Swing.named("dialog.createVM.input.name")).setText(name);
                ((AbstractButton) Swing.named("dialog.createVM.toggle.encrypt")).doClick();
                return null;
            });
            c.call("gui.wait", Wire.object().put("identifier", "dialog.createVM.input.password").put("state", "showing"));
            Swing.onEdt(() -> {
                ((javax.swing.JPasswordField) Swing.named("dialog.createVM.input.password")).setText("right-one");
                ((javax.swing.JPasswordField) Swing.named("dialog.createVM.input.confirm")).setText("right-one");
                return null;
            });
            c.call("gui.wait", Wire.object().put("identifier", "dialog.createVM.button.create").put("state", "enabled"));
            Swing.onEdt(() -> {
                ((AbstractButton) Swing.named("dialog.createVM.button.create")).doClick();
                return null;
            });
            c.call("gui.wait", Wire.object().put("identifier", "sidebar.row." + name).put("state", "showing").put("timeoutMillis", 15000));
            Swing.onEdt(() -> {
                javax.swing.JList<?> list = (javax.swing.JList<?>) Swing.named("sidebar.list");
                for (int i = 0; i < list.getModel().getSize(); i++) {
                    if (list.getModel().getElementAt(i).toString().contains("name=" + name + ",")) {
                        list.setSelectedIndex(i);
                    }
                }
                return null;
            });
            c.call("gui.wait", Wire.object().put("identifier", "detail.button.start").put("state", "enabled"));
            EventQueue.invokeLater(() -> {
                try {
                    ((AbstractButton) Swing.named("detail.button.start")).doClick();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            c.call("gui.wait", Wire.object().put("dialog", "encryptionPassword").put("state", "open"));
            Swing.onEdt(() -> {
                ((javax.swing.JPasswordField) Swing.named("dialog.encryptionPassword.input.password")).setText("wrong-one");
                return null;
            });
            EventQueue.invokeLater(() -> {
                try {
                    ((AbstractButton) Swing.named("dialog.encryptionPassword.button.submit")).doClick();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            ObjectNode error = next(c, "error");
            assertNotNull(error.get("message").textValue());
            assertTrue(!error.toString().contains("wrong-one") && !error.toString().contains("right-one"), "no secret in " + error);
        }
    }

    @Test
    void theSubscribedReplyComesBeforeTheFirstEventEvenWhileEventsPour(@InjectService(timeout = Fixture.WAIT_MILLIS) EventBus bus)
            throws Exception {
        java.util.concurrent.atomic.AtomicBoolean pouring = new java.util.concurrent.atomic.AtomicBoolean(true);
        Thread publisher = new Thread(() -> {
            for (long n = 0; pouring.get(); n++) {
                bus.publish("itest.pour", Wire.object().put("n", n));
                if (n % 50 == 49) {
                    Thread.onSpinWait();
                }
            }
        }, "itest-pour");
        publisher.start();
        try {
            // Each time a fresh connection subscribes while events are published all the time:
            // the first line it reads must be the reply, never an event of the new subscription.
            for (int i = 0; i < 200; i++) {
                try (ProbeClient c = Fixture.client()) {
                    RawConnection.of(c).send(("{\"id\":" + i + ",\"op\":\"gui.event.subscribe\",\"args\":{\"events\":[\"itest.pour\"]}}\n")
                            .getBytes(java.nio.charset.StandardCharsets.UTF_8));
                    ObjectNode first = (ObjectNode) Wire.mapper().readTree(RawConnection.of(c).readLine());
                    assertEquals(i, first.path("id").asInt(-1), "the first line is the subscribe reply: " + first);
                    assertTrue(first.path("ok").asBoolean(), first.toString());
                    ObjectNode next = c.nextEvent(EVENT_WAIT);
                    assertNotNull(next, "events follow the reply");
                }
            }
        } finally {
            pouring.set(false);
            publisher.join(10_000);
        }
    }

    @Test
    void aSubscriberThatStopsReadingLosesEventsAndIsToldWhileAnotherLosesNone(@InjectService(timeout = Fixture.WAIT_MILLIS) EventBus bus)
            throws Exception {
        int burst = 10_000;
        try (ProbeClient stalled = Fixture.client(); ProbeClient reader = Fixture.client()) {
            stalled.subscribe("itest.burst");
            reader.subscribe("itest.burst");
            List<Long> seen = new ArrayList<>();
            AtomicLong readerLost = new AtomicLong();
            Thread drain = new Thread(() -> {
                try {
                    while (seen.size() < burst) {
                        ObjectNode e = reader.nextEvent(Duration.ofSeconds(10));
                        if (e == null) {
                            return;
                        }
                        if ("itest.burst".equals(e.get("event").asText())) {
                            seen.add(e.get("n").longValue());
                        } else if ("events.lost".equals(e.get("event").asText())) {
                            readerLost.addAndGet(e.get("count").longValue());
                        }
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            drain.start();
            AtomicLong slowestEdtHop = new AtomicLong();
            // 10,000 events in about half a second (20,000 a second): far more than the stalled socket holds.
            for (int i = 0; i < burst; i++) {
                bus.publish("itest.burst", Wire.object().put("n", i));
                if (i % 100 == 99) {
                    long t0 = System.nanoTime();
                    Swing.onEdt(() -> null);
                    slowestEdtHop.accumulateAndGet(System.nanoTime() - t0, Math::max);
                    Thread.sleep(5);
                }
            }
            drain.join(30_000);
            assertEquals(burst, seen.size(), "the subscriber that reads loses nothing (it was told it lost " + readerLost + ")");
            for (int i = 0; i < burst; i++) {
                assertEquals(i, seen.get(i).longValue(), "in order");
            }
            assertTrue(slowestEdtHop.get() < TimeUnit.SECONDS.toNanos(1), "the GUI stays responsive: slowest EDT hop "
                    + slowestEdtHop.get() / 1_000_000 + " ms");

            long received = 0;
            long lost = 0;
            while (received + lost < burst) {
                ObjectNode e = stalled.nextEvent(Duration.ofSeconds(10));
                assertNotNull(e, "after " + received + " events and " + lost + " lost, the stalled subscriber got nothing more");
                if ("events.lost".equals(e.get("event").asText())) {
                    lost += e.get("count").longValue();
                } else if ("itest.burst".equals(e.get("event").asText())) {
                    received++;
                }
            }
            assertTrue(lost > 0, "the stalled subscriber was told it lost events");
            assertEquals(burst, received + lost, "every event is either delivered or counted as lost");
        }
    }
}
