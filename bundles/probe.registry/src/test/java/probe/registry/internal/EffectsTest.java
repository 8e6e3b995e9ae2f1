package probe.registry.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static probe.testing.Gui.edt;
import static probe.testing.Gui.run;
import static probe.testing.Gui.waitFor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.BorderLayout;
import java.awt.EventQueue;
import java.awt.GridLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import javax.swing.JButton;
import javax.swing.JCheckBox;
import javax.swing.JDialog;
import javax.swing.JFrame;
import javax.swing.JLabel;
import javax.swing.JList;
import javax.swing.JMenu;
import javax.swing.JMenuBar;
import javax.swing.JMenuItem;
import javax.swing.JPanel;
import javax.swing.JPasswordField;
import javax.swing.JTextField;
import javax.swing.MenuSelectionManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import probe.api.OpDescription;
import probe.api.ProbeException;
import probe.api.RequestCheck;
import probe.api.events.EventBus;
import probe.input.Deadline;
import probe.input.Effects;
import probe.api.swing.Target;
import probe.api.wire.Wire;
import probe.testing.Gui;

/**
 * The receipt collector ({@link Effects}) on real Swing components and the real registry: each test
 * notes the GUI, changes it on the event dispatch thread as an input's handlers would, and reads
 * the receipt. The changes are made in the EDT task that took the first look, right after it, as an
 * op's input is.
 */
class EffectsTest {
    private final SwingViewRegistry registry = new SwingViewRegistry();
    private final Bus bus = new Bus();
    private JFrame frame;
    private JTextField name;
    private JTextField other;
    private JButton create;
    private JCheckBox encrypt;
    private JLabel state;
    private JPasswordField password;
    private JPanel extra;
    private JList<String> vms;
    private JMenu menu;

    /** A bus that calls a direct subscriber as it publishes, as probe.events does. */
    private static final class Bus implements EventBus {
        private final List<Consumer<ObjectNode>> sinks = new ArrayList<>();
        private long seq;

        @Override
        public synchronized void publish(String event, ObjectNode fields) {
            ObjectNode e = Wire.object().put("event", event);
            if (fields != null) {
                e.setAll(fields);
            }
            e.put("seq", ++seq);
            new ArrayList<>(sinks).forEach(s -> s.accept(e));
        }

        @Override
        public AutoCloseable subscribe(List<String> patterns, Consumer<ObjectNode> sink) {
            throw new AssertionError("the receipt must subscribe directly");
        }

        @Override
        public synchronized AutoCloseable subscribeDirect(List<String> patterns, Consumer<ObjectNode> sink) {
            sinks.add(sink);
            return () -> {
                synchronized (this) {
                    sinks.remove(sink);
                }
            };
        }

        synchronized int subscribers() {
            return sinks.size();
        }
    }

    @BeforeEach
    void showFrame() throws Exception {
        Gui.assumeDisplay();
        run(() -> {
            frame = new JFrame("effects test");
            frame.setName("main");
            name = new JTextField(10);
            name.setName("t.input.name");
            other = new JTextField(10);
            other.setName("t.input.other");
            create = new JButton("Create");
            create.setName("t.button.create");
            create.setEnabled(false);
            encrypt = new JCheckBox("Encrypt");
            encrypt.setName("t.toggle.encrypt");
            state = new JLabel("Stopped");
            state.setName("t.label.state");
            password = new JPasswordField(10);
            password.setName("t.input.password");
            extra = new JPanel();
            JTextField confirm = new JTextField(5);
            confirm.setName("t.input.confirm");
            extra.add(confirm);
            extra.setVisible(false);
            vms = new JList<>(new String[] {"a", "b"});
            vms.setName("t.list.vms");
            JPanel p = new JPanel(new GridLayout(0, 2));
            for (java.awt.Component c : new java.awt.Component[] {name, other, create, encrypt, state, password, extra, vms}) {
                p.add(c);
            }
            frame.getContentPane().add(p, BorderLayout.CENTER);
            JMenuBar bar = new JMenuBar();
            menu = new JMenu("File");
            menu.setName("t.menu.file");
            JMenuItem quit = new JMenuItem("Quit");
            quit.setName("t.menu.file.quit");
            menu.add(quit);
            bar.add(menu);
            frame.setJMenuBar(bar);
            frame.setBounds(100, 100, 600, 400);
            frame.setVisible(true);
        });
        waitFor("the frame to be focused", () -> frame.isFocused());
        run(() -> name.requestFocusInWindow());
        waitFor("the name field to have the focus", () -> name.isFocusOwner());
        Gui.settle();
    }

    @AfterEach
    void closeAll() throws Exception {
        if (frame != null) {
            run(() -> MenuSelectionManager.defaultManager().clearSelectedPath());
        }
        Gui.disposeAll();
    }

    /** Notes the GUI, runs {@code input} in the same EDT task, and returns the reply's data with its receipt. */
    private ObjectNode act(ObjectNode args, Runnable input) throws Exception {
        try (Effects effects = Effects.of(args, registry, bus)) {
            run(() -> {
                effects.before();
                input.run();
            });
            ObjectNode data = Wire.object();
            effects.finish(Deadline.after(5000), data);
            return data;
        }
    }

    private ObjectNode act(Runnable input) throws Exception {
        return act(Wire.object(), input);
    }

    private static JsonNode change(JsonNode effects, String identifier, String field) {
        for (JsonNode c : effects.get("changed")) {
            if (identifier.equals(c.get("identifier").asText()) && field.equals(c.get("field").asText())) {
                return c;
            }
        }
        return null;
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    @Test
    void valuesEnabledAndSelectionThatChangedAreReportedBeforeAndAfter() throws Exception {
        ObjectNode data = act(() -> {
            name.setText("vm1");
            create.setEnabled(true);
            encrypt.setSelected(true);
            state.setText("Running");
            vms.setSelectedIndex(1);
        });
        assertTrue(data.get("settled").booleanValue(), data.toString());
        JsonNode e = data.get("effects");
        JsonNode value = change(e, "t.input.name", "value");
        assertEquals("", value.get("before").asText());
        assertEquals("vm1", value.get("after").asText());
        JsonNode enabled = change(e, "t.button.create", "enabled");
        assertFalse(enabled.get("before").booleanValue());
        assertTrue(enabled.get("after").booleanValue());
        JsonNode toggle = change(e, "t.toggle.encrypt", "value");
        assertFalse(toggle.get("before").booleanValue());
        assertTrue(toggle.get("after").booleanValue());
        JsonNode label = change(e, "t.label.state", "value");
        assertEquals("Stopped", label.get("before").asText());
        assertEquals("Running", label.get("after").asText());
        assertNull(change(e, "t.label.state", "label"), "a label's text is reported once, as its value: " + e);
        JsonNode row = change(e, "t.list.vms.row.1", "selected");
        assertFalse(row.get("before").booleanValue());
        assertTrue(row.get("after").booleanValue());
        assertEquals(1, change(e, "t.list.vms", "value").get("after").intValue());
        assertNull(change(e, "t.input.other", "value"), "what did not change is not reported");
        assertEquals(6, e.get("changed").size(), e.toString());
        assertTrue(e.get("appeared").isEmpty() && e.get("disappeared").isEmpty() && e.get("opened").isEmpty()
                && e.get("closed").isEmpty(), e.toString());
        assertTrue(e.get("settledMillis").isIntegralNumber());
        assertFalse(e.has("truncated"));
    }

    /**
     * Runs {@code input} as an action while the event queue is never empty: a task posted by
     * {@code post} that posts itself again each time it runs, so one is always queued.
     */
    private ObjectNode actWhileBusy(long settleMillis, Consumer<Runnable> post, Runnable input) throws Exception {
        java.util.concurrent.atomic.AtomicBoolean busy = new java.util.concurrent.atomic.AtomicBoolean(true);
        Runnable again = new Runnable() {
            @Override
            public void run() {
                if (busy.get()) {
                    post.accept(this);
                }
            }
        };
        post.accept(again);
        try {
            return act(Wire.object().put("settleMillis", settleMillis), input);
        } finally {
            busy.set(false);
        }
    }

    @Test
    void otherClientsTasksDoNotKeepTheGuiFromSettling() throws Exception {
        // What other clients' ops queue (the probe's own tasks) is not what the input caused.
        ObjectNode data = actWhileBusy(5000, probe.api.swing.ProbeTasks::later, () -> name.setText("busy"));
        assertTrue(data.get("settled").booleanValue(), data.toString());
        assertEquals("busy", change(data.get("effects"), "t.input.name", "value").get("after").asText());
    }

    @Test
    void theAppsOwnQueuedWorkCountsInTheSettling() throws Exception {
        // The app's own work (a task that queues itself again, as an animation would) never stops
        // here: the GUI never settles, and the reply says so.
        ObjectNode data = actWhileBusy(300, EventQueue::invokeLater, () -> name.setText("busier"));
        assertFalse(data.get("settled").booleanValue(), data.toString());
        assertEquals("busier", change(data.get("effects"), "t.input.name", "value").get("after").asText());
    }

    @Test
    void theReceiptMatchesWhatGuiListShowsAfterwards() throws Exception {
        ObjectNode data = act(() -> {
            name.setText("vm2");
            create.setEnabled(true);
        });
        for (JsonNode c : data.get("effects").get("changed")) {
            JsonNode item = edt(() -> registry.list(c.get("identifier").asText())).get(0);
            assertEquals(c.get("after"), item.get(c.get("field").asText()), "gui.list after the receipt: " + item);
        }
    }

    @Test
    void controlsThatShowOrHideAppearOrDisappear() throws Exception {
        JsonNode shown = act(() -> extra.setVisible(true)).get("effects");
        assertEquals(List.of("t.input.confirm"), texts(shown.get("appeared")));
        assertTrue(shown.get("disappeared").isEmpty(), shown.toString());
        JsonNode hidden = act(() -> extra.setVisible(false)).get("effects");
        assertEquals(List.of("t.input.confirm"), texts(hidden.get("disappeared")));
        assertTrue(hidden.get("appeared").isEmpty(), hidden.toString());
    }

    @Test
    void aMenuItemThatComesOnScreenReportsShowing() throws Exception {
        JsonNode e = act(() -> menu.setPopupMenuVisible(true)).get("effects");
        JsonNode showing = change(e, "t.menu.file.quit", "showing");
        assertFalse(showing.get("before").booleanValue(), e.toString());
        assertTrue(showing.get("after").booleanValue(), e.toString());
    }

    @Test
    void focusBeforeAndAfter() throws Exception {
        JsonNode e = act(() -> other.requestFocusInWindow()).get("effects");
        assertEquals("t.input.name", e.get("focus").get("before").asText());
        assertEquals("t.input.other", e.get("focus").get("after").asText(), "the focus change was queued, and settled: " + e);
    }

    @Test
    void aModalDialogThatOpensAndClosesIsNamedAndTakesTheFocus() throws Exception {
        JDialog[] dialog = new JDialog[1];
        run(() -> {
            JDialog d = new JDialog(frame, "Create VM", true);
            d.setName("dialog.createVM");
            JTextField field = new JTextField(10);
            field.setName("dialog.createVM.input.name");
            d.getContentPane().add(field);
            d.setBounds(200, 200, 300, 150);
            dialog[0] = d;
        });
        // As a click's handler opens it: setVisible(true) blocks in the dialog's own loop, where the settling runs.
        // A dialog's first painting takes long in a fresh JVM: the settling may take longer than its default here.
        ObjectNode data = act(Wire.object().put("settleMillis", 3000), () -> EventQueue.invokeLater(() -> dialog[0].setVisible(true)));
        JsonNode e = data.get("effects");
        assertTrue(data.get("settled").booleanValue(), data.toString());
        assertEquals(List.of("createVM"), texts(e.get("opened")));
        assertTrue(e.get("closed").isEmpty());
        assertTrue(texts(e.get("appeared")).contains("dialog.createVM.input.name"), e.toString());
        assertEquals("t.input.name", e.get("focus").get("before").asText());
        assertEquals("dialog.createVM.input.name", e.get("focus").get("after").asText(), e.toString());
        assertTrue(edt(() -> dialog[0].isShowing()), "the dialog is open while the reply comes");

        ObjectNode closed = act(Wire.object().put("settleMillis", 3000), () -> dialog[0].setVisible(false));
        assertTrue(closed.get("settled").booleanValue(), closed.toString());
        JsonNode c = closed.get("effects");
        assertEquals(List.of("createVM"), texts(c.get("closed")), c.toString());
        assertTrue(texts(c.get("disappeared")).contains("dialog.createVM.input.name"), c.toString());
        assertEquals("dialog.createVM.input.name", c.get("focus").get("before").asText(), c.toString());
    }

    @Test
    void aPasswordFieldReportsItsLengthNeverItsText() throws Exception {
        String secret = "pw-" + System.nanoTime();
        ObjectNode data = act(() -> password.setText(secret));
        JsonNode length = change(data.get("effects"), "t.input.password", "length");
        assertEquals(0, length.get("before").intValue());
        assertEquals(secret.length(), length.get("after").intValue());
        assertNull(change(data.get("effects"), "t.input.password", "value"));
        assertFalse(data.toString().contains(secret), data.toString());
    }

    @Test
    void aWithheldFieldReportsTheLengthOfItsText() throws Exception {
        String typed = "typed-" + System.nanoTime();
        ObjectNode data;
        try (Effects effects = Effects.of(Wire.object(), registry, bus)) {
            effects.withhold("t.input.name");
            run(() -> {
                effects.before();
                name.setText(typed);
            });
            data = Wire.object();
            effects.finish(Deadline.after(5000), data);
        }
        JsonNode length = change(data.get("effects"), "t.input.name", "length");
        assertEquals(typed.length(), length.get("after").intValue(), data.toString());
        assertFalse(data.toString().contains(typed), data.toString());
    }

    @Test
    void eventsPublishedMeanwhileAreInTheReceiptWithTheirSeq() throws Exception {
        bus.publish("list.refreshed", Wire.object().put("vmCount", 1));
        ObjectNode data = act(() -> {
            bus.publish("dialog.opened", Wire.object().put("name", "x"));
            // Published by what the input queued: still before the GUI settled.
            EventQueue.invokeLater(() -> bus.publish("dialog.closed", Wire.object().put("name", "x")));
        });
        bus.publish("list.refreshed", Wire.object().put("vmCount", 2));
        JsonNode events = data.get("effects").get("events");
        assertEquals(2, events.size(), events.toString());
        assertEquals("dialog.opened", events.get(0).get("event").asText());
        assertEquals(2, events.get(0).get("seq").intValue());
        assertEquals("dialog.closed", events.get(1).get("event").asText());
        assertEquals(0, bus.subscribers(), "the receipt's subscription ended with it");
    }

    @Test
    void whatTheHandlersQueuedRunsBeforeTheReceipt() throws Exception {
        ObjectNode data = act(() -> EventQueue.invokeLater(() -> EventQueue.invokeLater(() -> state.setText("Running"))));
        assertTrue(data.get("settled").booleanValue());
        assertEquals("Running", change(data.get("effects"), "t.label.state", "value").get("after").asText());
    }

    @Test
    void aQueueThatNeverEmptiesEndsTheSettlingUnsettled() throws Exception {
        boolean[] stop = {false};
        Runnable[] churn = new Runnable[1];
        churn[0] = () -> {
            if (!stop[0]) {
                EventQueue.invokeLater(churn[0]);
            }
        };
        ObjectNode data = act(Wire.object().put("settleMillis", 30), churn[0]);
        run(() -> stop[0] = true);
        assertFalse(data.get("settled").booleanValue(), data.toString());
        assertTrue(data.get("effects").has("changed"), "the receipt is there all the same: " + data);
    }

    @Test
    void effectsFalseLeavesTheReceiptOutAndSettleMillisZeroTheSettling() throws Exception {
        ObjectNode without = act(Wire.object().put("effects", false), () -> create.setEnabled(true));
        assertFalse(without.has("effects"), without.toString());
        assertTrue(without.get("settled").booleanValue());
        assertEquals(0, bus.subscribers());
        ObjectNode unsettled = act(Wire.object().put("settleMillis", 0), () -> create.setEnabled(false));
        assertFalse(unsettled.has("settled"), unsettled.toString());
        assertFalse(change(unsettled.get("effects"), "t.button.create", "enabled").get("after").booleanValue());
        // Checked before the op runs by the description of an op that gives a receipt, which declares both once.
        OpDescription receipt = OpDescription.of(Wire.mapper().readTree("{\"op\":\"t.act\",\"receipt\":true,\"args\":[]}"));
        Gui.fails("gui.invalid_args", () -> RequestCheck.check(receipt, Wire.object().put("effects", "no")));
        Gui.fails("gui.invalid_args", () -> RequestCheck.check(receipt, Wire.object().put("settleMillis", -1)));
        Gui.fails("gui.invalid_args", () -> RequestCheck.check(receipt, Wire.object().put("settleMillis", OpDescription.MAX_SETTLE_MILLIS + 1)));
    }

    @Test
    void longListsAreCutAtFiftyAndCounted() throws Exception {
        JPanel[] many = new JPanel[1];
        run(() -> {
            many[0] = new JPanel(new GridLayout(0, 10));
            for (int i = 0; i < 60; i++) {
                JLabel l = new JLabel("x");
                l.setName("t.label.n" + i);
                many[0].add(l);
            }
            many[0].setVisible(false);
            frame.getContentPane().add(many[0], BorderLayout.SOUTH);
            frame.validate();
        });
        JsonNode e = act(() -> {
            many[0].setVisible(true);
            frame.validate();
        }).get("effects");
        assertEquals(Effects.MAX_ENTRIES, e.get("appeared").size());
        assertEquals(10, e.get("truncated").intValue(), e.toString());
    }

    @Test
    void theFirstLookAndTheLookupOfTheTargetShareOneWalk() throws Exception {
        ObjectNode data = Wire.object();
        try (Effects effects = Effects.of(Wire.object(), registry, bus)) {
            Target[] target = new Target[2];
            run(() -> {
                try {
                    target[0] = effects.before("t.button.create");
                    create.setEnabled(true);
                    // A later call (the op's next EDT task) only resolves: the look stays the first one.
                    target[1] = effects.before("t.toggle.encrypt");
                } catch (ProbeException e) {
                    throw new AssertionError(e);
                }
            });
            assertSame(create, target[0].component());
            assertSame(encrypt, target[1].component());
            effects.finish(Deadline.after(5000), data);
        }
        JsonNode e = data.get("effects");
        assertTrue(change(e, "t.button.create", "enabled").get("after").booleanValue(), e.toString());
        assertEquals("t.input.name", e.get("focus").get("before").asText(), e.toString());
        assertEquals(0, bus.subscribers());
    }

    @Test
    void aLookupThatFailsKeepsTheFirstLookWhole() throws Exception {
        ObjectNode data = Wire.object();
        try (Effects effects = Effects.of(Wire.object(), registry, bus)) {
            String[] code = new String[1];
            run(() -> {
                try {
                    effects.before("t.button.nothing");
                } catch (ProbeException e) {
                    code[0] = e.code();
                }
                create.setEnabled(true);
            });
            assertEquals("gui.identifier_not_found", code[0]);
            effects.finish(Deadline.after(5000), data);
        }
        assertTrue(change(data.get("effects"), "t.button.create", "enabled").get("after").booleanValue(), data.toString());
        assertEquals(0, bus.subscribers(), "the receipt's subscription ended with it");
    }

    @Test
    void anOpenMenusItemsAreLookedAtOnceThoughTwoWaysLeadToThem() throws Exception {
        // A menu's items are reached through the menu and, while it is open, through its popup too.
        run(() -> {
            JMenu more = new JMenu("More");
            more.setName("t.menu.file.more");
            JMenuItem deep = new JMenuItem("Deep");
            deep.setName("t.menu.file.more.deep");
            more.add(deep);
            menu.add(more);
            menu.setPopupMenuVisible(true);
        });
        waitFor("the menu to be open", () -> menu.isPopupMenuVisible() && menu.getMenuComponent(1).isShowing());
        run(() -> {
            // As Swing's menus open a submenu: the selected path through it.
            JMenu more = (JMenu) menu.getMenuComponent(1);
            MenuSelectionManager.defaultManager().setSelectedPath(new javax.swing.MenuElement[] {
                (javax.swing.MenuElement) menu.getParent(), menu, menu.getPopupMenu(), more, more.getPopupMenu()});
            more.setPopupMenuVisible(true);
        });
        waitFor("the menu and its submenu to be open", () -> menu.isPopupMenuVisible()
                && ((JMenu) menu.getMenuComponent(1)).isPopupMenuVisible());
        List<String> ids = new ArrayList<>();
        for (probe.api.swing.ControlState s : edt(registry::states)) {
            if (s.identifier().startsWith("t.menu")) {
                ids.add(s.identifier());
            }
        }
        ids.sort(null);
        assertEquals(List.of("t.menu.file", "t.menu.file.more", "t.menu.file.more.deep", "t.menu.file.quit"), ids);
        assertEquals(1, edt(() -> registry.list("t.menu.file.more.deep")).size());
        JsonNode shown = edt(() -> registry.list("t.menu.file.more.deep")).get(0);
        assertFalse(shown.has("inClosedMenu"), "reached through the open popup: " + shown);
    }

    @Test
    void noBusNoEvents() throws Exception {
        try (Effects effects = Effects.of(Wire.object(), registry, null)) {
            run(effects::before);
            ObjectNode data = Wire.object();
            effects.finish(Deadline.after(5000), data);
            assertFalse(data.get("effects").has("events"), data.toString());
            assertTrue(data.get("effects").has("changed"));
        }
    }
}
