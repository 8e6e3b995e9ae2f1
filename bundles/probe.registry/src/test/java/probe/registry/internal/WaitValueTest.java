package probe.registry.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static probe.testing.Gui.run;
import static probe.testing.Gui.waitFor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.EventQueue;
import java.awt.GridLayout;
import javax.swing.JCheckBox;
import javax.swing.JComboBox;
import javax.swing.JFrame;
import javax.swing.JLabel;
import javax.swing.JPasswordField;
import javax.swing.JTextField;
import javax.swing.Timer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import probe.api.Ops;
import probe.api.ProbeOp;
import probe.api.ErrorCodes;
import probe.api.ProbeException;
import probe.api.wire.Wire;
import probe.testing.Gui;

/** {@code gui.wait} for a value ({@link ValueWait}) and for an idle GUI ({@link IdleWait}), on real Swing components. */
class WaitValueTest {
    private final SwingViewRegistry registry = new SwingViewRegistry();
    private final ProbeOp op = Gui.described(new WaitOp(registry, Catalogues.of()), Ops.WAIT);
    private JFrame frame;
    private JLabel state;
    private JTextField name;
    private JCheckBox encrypt;
    private JComboBox<String> os;
    private JPasswordField password;

    @BeforeEach
    void showFrame() throws Exception {
        Gui.assumeDisplay();
        run(() -> {
            frame = new JFrame("wait test");
            frame.setName("main");
            frame.getContentPane().setLayout(new GridLayout(0, 1));
            state = new JLabel("Stopped");
            state.setName("t.label.state");
            name = new JTextField(10);
            name.setName("t.input.name");
            encrypt = new JCheckBox("Encrypt");
            encrypt.setName("t.toggle.encrypt");
            os = new JComboBox<>(new String[] {"Linux", "Windows"});
            os.setName("t.combo.os");
            password = new JPasswordField(10);
            password.setName("t.input.password");
            for (java.awt.Component c : new java.awt.Component[] {state, name, encrypt, os, password}) {
                frame.getContentPane().add(c);
            }
            frame.setBounds(100, 100, 300, 300);
            frame.setVisible(true);
        });
        waitFor("the frame to show", () -> frame.isShowing());
    }

    @AfterEach
    void closeAll() throws Exception {
        Gui.disposeAll();
    }

    private JsonNode await(ObjectNode args) throws ProbeException {
        return op.execute(Gui.ctx(), args);
    }

    /** Sets something on the EDT a little later, from a Swing timer, as the app's own code would. */
    private static void later(int millis, Runnable r) throws Exception {
        run(() -> {
            Timer t = new Timer(millis, e -> r.run());
            t.setRepeats(false);
            t.start();
        });
    }

    @Test
    void waitsForALabelsText() throws Exception {
        later(50, () -> state.setText("Running"));
        JsonNode data = await(Wire.object().put("identifier", "t.label.state").put("value", "Running").put("timeoutMillis", 5000));
        assertEquals("Running", data.get("value").asText());
        assertTrue(data.get("waitedMillis").asLong() >= 0);
        assertEquals("Running", Gui.edt(state::getText));
    }

    @Test
    void waitsForAFieldsTextAToggleAndACombo() throws Exception {
        later(20, () -> {
            name.setText("vm1");
            encrypt.setSelected(true);
            os.setSelectedItem("Windows");
        });
        await(Wire.object().put("identifier", "t.input.name").put("value", "vm1"));
        await(Wire.object().put("identifier", "t.toggle.encrypt").put("value", true));
        await(Wire.object().put("identifier", "t.toggle.encrypt").put("value", "true"));
        await(Wire.object().put("identifier", "t.combo.os").put("value", "Windows"));
    }

    @Test
    void aValueAlreadyThereAnswersAtOnce() throws Exception {
        JsonNode data = await(Wire.object().put("identifier", "t.label.state").put("value", "Stopped"));
        assertEquals("Stopped", data.get("value").asText());
    }

    @Test
    void theTimeoutCarriesTheLastValueSeen() throws Exception {
        ProbeException e = Gui.fails(ErrorCodes.TIMEOUT,
                () -> await(Wire.object().put("identifier", "t.label.state").put("value", "Running").put("timeoutMillis", 100)));
        assertEquals("Stopped", e.details().get("lastValue").asText());
        assertEquals("Running", e.details().get("wanted").asText());
        assertTrue(e.getMessage().contains("Stopped"), e.getMessage());
        ProbeException gone = Gui.fails(ErrorCodes.TIMEOUT,
                () -> await(Wire.object().put("identifier", "t.label.nothing").put("value", "x").put("timeoutMillis", 60)));
        assertTrue(gone.details().get("lastValue").isNull(), gone.details().toString());
    }

    @Test
    void aControlThatAppearsLaterIsFound() throws Exception {
        later(50, () -> {
            JLabel late = new JLabel("ready");
            late.setName("t.label.late");
            frame.getContentPane().add(late);
            frame.validate();
        });
        assertEquals("ready", await(Wire.object().put("identifier", "t.label.late").put("value", "ready")).get("value").asText());
    }

    @Test
    void aPasswordFieldIsNeverReadForAWait() throws Exception {
        ProbeException e = Gui.fails(ErrorCodes.INVALID_ARGS,
                () -> await(Wire.object().put("identifier", "t.input.password").put("value", "secret")));
        assertTrue(e.getMessage().contains("password"), e.getMessage());
        assertFalse(e.getMessage().contains("secret"), "the value asked for is not echoed: " + e.getMessage());
    }

    @Test
    void badValueArgumentsAreRefused() throws Exception {
        Gui.fails(ErrorCodes.INVALID_ARGS, () -> await(Wire.object().put("value", "x")));
        Gui.fails(ErrorCodes.INVALID_ARGS, () -> await(Wire.object().put("identifier", "t.label.state").put("value", "x").put("state", "showing")));
        ObjectNode objectValue = Wire.object().put("identifier", "t.label.state");
        objectValue.putObject("value");
        Gui.fails(ErrorCodes.INVALID_ARGS, () -> await(objectValue));
        Gui.fails(ErrorCodes.INVALID_ARGS, () -> await(Wire.object().put("state", "idle").put("identifier", "t.label.state")));
        Gui.fails(ErrorCodes.INVALID_ARGS, () -> await(Wire.object().put("quietMillis", 10)));
        Gui.fails(ErrorCodes.INVALID_ARGS, () -> await(Wire.object().put("state", "idle").put("quietMillis", 0)));
    }

    @Test
    void anIdleGuiIsIdleAfterTheQuietPeriod() throws Exception {
        JsonNode data = await(Wire.object().put("state", "idle").put("quietMillis", 30));
        assertEquals("idle", data.get("state").asText());
        assertTrue(data.get("waitedMillis").asLong() >= 30, data.toString());
    }

    @Test
    void aGuiThatKeepsTheEventQueueBusyIsNotIdle() throws Exception {
        boolean[] stop = {false};
        Runnable[] churn = new Runnable[1];
        churn[0] = () -> {
            if (!stop[0]) {
                EventQueue.invokeLater(churn[0]);
            }
        };
        run(churn[0]);
        try {
            ProbeException e = Gui.fails(ErrorCodes.TIMEOUT, () -> await(Wire.object().put("state", "idle").put("timeoutMillis", 200)));
            assertEquals("busy", e.details().get("lastState").asText());
        } finally {
            run(() -> stop[0] = true);
        }
        assertEquals("idle", await(Wire.object().put("state", "idle")).get("state").asText());
    }

    @Test
    void theWaitsLeaveNoListenerBehind() throws Exception {
        int labelListeners = Gui.edt(() -> state.getPropertyChangeListeners().length);
        int awtListeners = Gui.edt(() -> java.awt.Toolkit.getDefaultToolkit().getAWTEventListeners().length);
        later(10, () -> state.setText("Running"));
        await(Wire.object().put("identifier", "t.label.state").put("value", "Running"));
        Gui.fails(ErrorCodes.TIMEOUT, () -> await(Wire.object().put("identifier", "t.label.state").put("value", "x").put("timeoutMillis", 50)));
        await(Wire.object().put("state", "idle").put("quietMillis", 5));
        Gui.settle();
        assertEquals(labelListeners, (int) Gui.edt(() -> state.getPropertyChangeListeners().length));
        assertEquals(awtListeners, (int) Gui.edt(() -> java.awt.Toolkit.getDefaultToolkit().getAWTEventListeners().length));
    }
}
