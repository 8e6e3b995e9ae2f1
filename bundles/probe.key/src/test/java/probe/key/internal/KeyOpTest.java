package probe.key.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static probe.testing.Gui.edt;
import static probe.testing.Gui.run;
import static probe.testing.Gui.waitFor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.GridLayout;
import java.awt.event.ActionEvent;
import java.awt.event.InputEvent;
import java.awt.event.KeyAdapter;
import java.awt.event.KeyEvent;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import javax.swing.AbstractAction;
import javax.swing.JButton;
import javax.swing.JComponent;
import javax.swing.JDialog;
import javax.swing.JFrame;
import javax.swing.JList;
import javax.swing.JPasswordField;
import javax.swing.JScrollPane;
import javax.swing.JSpinner;
import javax.swing.JTextField;
import javax.swing.KeyStroke;
import javax.swing.SpinnerNumberModel;
import javax.swing.SwingUtilities;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import probe.api.Ops;
import probe.api.ProbeOp;
import probe.api.ErrorCodes;
import probe.api.ProbeException;
import probe.api.wire.Wire;
import probe.registry.internal.SwingViewRegistry;
import probe.testing.Gui;

class KeyOpTest {
    private final SwingViewRegistry registry = new SwingViewRegistry();
    private final ProbeOp op = Gui.described(new KeyOp(registry), Ops.KEYPRESS);
    private final AtomicInteger defaults = new AtomicInteger();
    private final AtomicInteger cancels = new AtomicInteger();
    private final AtomicInteger other = new AtomicInteger();
    private JFrame frame;
    private JTextField one;
    private JTextField two;
    private JButton button;
    private JList<String> list;

    @BeforeEach
    void showFrame() throws Exception {
        Gui.assumeDisplay();
        run(() -> {
            frame = new JFrame("key test");
            frame.setName("dialog.keys");
            frame.getContentPane().setLayout(new GridLayout(0, 1));
            one = new JTextField(20);
            one.setName("t.input.one");
            two = new JTextField(20);
            two.setName("t.input.two");
            JButton ok = new JButton("OK");
            ok.setName("t.button.ok");
            ok.addActionListener(e -> defaults.incrementAndGet());
            button = new JButton("Other");
            button.setName("t.button.other");
            button.addActionListener(e -> other.incrementAndGet());
            list = new JList<>(new String[] {"a", "b", "c"});
            list.setName("t.list");
            for (JComponent c : new JComponent[] {one, two, ok, button, new JScrollPane(list)}) {
                frame.getContentPane().add(c);
            }
            frame.getRootPane().setDefaultButton(ok);
            frame.getRootPane().getInputMap(JComponent.WHEN_IN_FOCUSED_WINDOW).put(KeyStroke.getKeyStroke(KeyEvent.VK_ESCAPE, 0), "cancel");
            frame.getRootPane().getActionMap().put("cancel", new AbstractAction() {
                @Override
                public void actionPerformed(ActionEvent e) {
                    cancels.incrementAndGet();
                }
            });
            frame.setBounds(100, 100, 300, 400);
            frame.setVisible(true);
        });
        waitFor("the first field to own focus", one::isFocusOwner);
    }

    @AfterEach
    void closeAll() throws Exception {
        Gui.disposeAll();
    }

    private JsonNode press(String key, String... modifiers) throws ProbeException {
        ObjectNode args = Wire.object().put("key", key);
        if (modifiers.length > 0) {
            var m = args.putArray("modifiers");
            for (String s : modifiers) {
                m.add(s);
            }
        }
        return op.execute(Gui.ctx(), args);
    }

    @Test
    void returnFiresTheDefaultButton() throws Exception {
        JsonNode data = press("return");
        assertEquals(1, defaults.get());
        assertEquals("return", data.get("key").asText());
        assertEquals(0, data.get("modifiers").size());
        assertEquals("t.input.one", data.get("target").asText());
    }

    @Test
    void returnAndEscActInAModalDialog() throws Exception {
        AtomicInteger submitted = new AtomicInteger();
        JDialog dialog = edt(() -> {
            JDialog d = new JDialog(frame, "Password", true);
            d.setName("dialog.password");
            JPasswordField field = new JPasswordField(12);
            field.setName("dialog.password.input.password");
            JButton submit = new JButton("Submit");
            submit.setName("dialog.password.button.submit");
            submit.addActionListener(e -> {
                submitted.incrementAndGet();
                d.dispose();
            });
            d.getContentPane().setLayout(new GridLayout(0, 1));
            d.getContentPane().add(field);
            d.getContentPane().add(submit);
            d.getRootPane().setDefaultButton(submit);
            d.getRootPane().registerKeyboardAction(e -> d.dispose(), KeyStroke.getKeyStroke(KeyEvent.VK_ESCAPE, 0),
                    JComponent.WHEN_IN_FOCUSED_WINDOW);
            d.setBounds(500, 150, 250, 120);
            SwingUtilities.invokeLater(() -> d.setVisible(true));
            return d;
        });
        waitFor("the dialog's field to own focus", () -> dialog.isShowing() && dialog.getFocusOwner() != null);
        JsonNode data = press("return");
        assertEquals("dialog.password.input.password", data.get("target").asText());
        assertEquals(1, submitted.get());
        waitFor("the dialog to close", () -> !dialog.isShowing());
        assertEquals(0, defaults.get(), "the frame's default button stayed untouched");

        JDialog again = edt(() -> {
            SwingUtilities.invokeLater(() -> dialog.setVisible(true));
            return dialog;
        });
        waitFor("the dialog to open again", again::isShowing);
        op.execute(Gui.ctx(), Wire.object().put("key", "esc").put("identifier", "dialog.password.input.password"));
        waitFor("Esc to close the dialog", () -> !again.isShowing());
        assertEquals(1, submitted.get());
        assertEquals(0, cancels.get(), "Esc went to the dialog, not to the frame behind it");
    }

    @Test
    void escFiresTheCancelBinding() throws Exception {
        press("Esc");
        assertEquals(1, cancels.get());
        assertEquals(0, defaults.get());
    }

    /** Keys as xdotool and Playwright name them, and a combination in the key's name, act as the table's own names do. */
    @Test
    void keysByOtherToolsNamesAndCombinationsAct() throws Exception {
        JsonNode enter = press("Enter");
        assertEquals(1, defaults.get());
        assertEquals("return", enter.get("key").asText(), "the reply names the key as the table does");
        press("escape");
        assertEquals(1, cancels.get());
        press("h");
        press("KeyI", "shift");
        JsonNode all = press("Control+A");
        assertEquals("a", all.get("key").asText());
        assertEquals("[\"ctrl\"]", all.get("modifiers").toString(), "the reply says ctrl was held");
        assertEquals("hI", edt(one::getSelectedText), "Control+A is select-all, and types nothing");
        press("ArrowLeft");
        press("Left");
        assertEquals(0, (int) edt(one::getCaretPosition), "two steps left from the end");
        JsonNode shifted = press("shift+End");
        assertEquals("[\"shift\"]", shifted.get("modifiers").toString());
        assertEquals("hI", edt(one::getSelectedText), "shift+End selects to the end");
        JsonNode both = press("ctrl+Home", "shift");
        assertEquals("[\"shift\",\"ctrl\"]", both.get("modifiers").toString(), "those given apart and those in the name");
        assertEquals("hI", edt(one::getText));
    }

    @Test
    void tabMovesTheFocusAndShiftTabMovesItBack() throws Exception {
        JsonNode data = press("tab");
        assertEquals("t.input.one", data.get("target").asText(), "the key went to the focus owner it was sent to");
        waitFor("the focus to move to the second field", two::isFocusOwner);
        assertEquals("", edt(one::getText) + edt(two::getText), "Tab typed nothing into a field");
        data = press("tab", "shift");
        assertEquals("t.input.two", data.get("target").asText());
        assertEquals("shift", data.get("modifiers").get(0).asText());
        waitFor("the focus to move back", one::isFocusOwner);
    }

    @Test
    void lettersDigitsAndEditingKeysActOnATextField() throws Exception {
        press("h");
        press("i", "shift");
        press("space");
        press("4");
        assertEquals("hI 4", edt(one::getText));
        press("backspace");
        press("home");
        press("delete");
        assertEquals("I ", edt(one::getText));
        press("a", "ctrl");
        assertEquals("I ", edt(one::getSelectedText), "ctrl+a is select-all, and types nothing");
    }

    @Test
    void identifierFocusesTheControlFirst() throws Exception {
        JsonNode data = op.execute(Gui.ctx(), Wire.object().put("key", "x").put("identifier", "t.input.two"));
        assertEquals("t.input.two", data.get("target").asText());
        assertEquals("x", edt(two::getText));
        op.execute(Gui.ctx(), Wire.object().put("key", "space").put("identifier", "t.button.other"));
        assertEquals(1, other.get(), "space on a focused button presses it");
        assertEquals(0, defaults.get());
    }

    @Test
    void arrowsMoveTheSelectionOfAList() throws Exception {
        run(() -> list.setSelectedIndex(0));
        op.execute(Gui.ctx(), Wire.object().put("key", "down").put("identifier", "t.list"));
        press("down");
        assertEquals(2, (int) edt(list::getSelectedIndex));
        press("up");
        assertEquals(1, (int) edt(list::getSelectedIndex));
    }

    @Test
    void arrowsStepASpinnerThroughItsEditor() throws Exception {
        JSpinner cpus = edt(() -> {
            JSpinner sp = new JSpinner(new SpinnerNumberModel(2, 1, 64, 1));
            sp.setName("t.spinner.cpus");
            frame.getContentPane().add(sp);
            frame.validate();
            return sp;
        });
        op.execute(Gui.ctx(), Wire.object().put("key", "up").put("identifier", "t.spinner.cpus"));
        press("up");
        assertEquals(4, edt(cpus::getValue));
    }

    @Test
    void unknownKeysAndModifiersAreRefused() throws Exception {
        ProbeException e = Gui.fails(ErrorCodes.UNKNOWN_KEY, () -> press("entre"));
        assertTrue(e.details().get("keys").toString().contains("\"return\""));
        assertEquals("Enter", e.details().get("nearest").get(0).asText(), "the key meant: " + e.getMessage());
        Gui.fails(ErrorCodes.UNKNOWN_KEY, () -> press("hyper+a"));
        Gui.fails(ErrorCodes.INVALID_ARGS, () -> press("a", "hyper"));
        Gui.fails(ErrorCodes.INVALID_ARGS, () -> op.execute(Gui.ctx(), Wire.object()));
        assertEquals("", edt(one::getText));
    }

    /** Records what one key press delivers to the first field: the pressed key's code, location, modifiers and typed character. */
    private List<String> recordKeys() throws Exception {
        List<String> seen = new CopyOnWriteArrayList<>();
        run(() -> one.addKeyListener(new KeyAdapter() {
            @Override
            public void keyPressed(KeyEvent e) {
                if (e.getKeyCode() != KeyEvent.VK_SHIFT) {
                    seen.add("pressed " + KeyEvent.getKeyText(e.getKeyCode()) + " loc=" + e.getKeyLocation() + " shift="
                            + ((e.getModifiersEx() & InputEvent.SHIFT_DOWN_MASK) != 0) + " char=" + e.getKeyChar());
                }
            }

            @Override
            public void keyTyped(KeyEvent e) {
                seen.add("typed " + e.getKeyChar());
            }
        }));
        return seen;
    }

    @Test
    void aShiftedCharacterIsTheUsKeyWithShiftAndTypesItself() throws Exception {
        List<String> seen = recordKeys();
        JsonNode data = press("?");
        assertEquals("?", data.get("key").asText());
        assertEquals("[\"shift\"]", data.get("modifiers").toString(), "the reply says shift was held");
        assertEquals(List.of("pressed " + KeyEvent.getKeyText(KeyEvent.VK_SLASH) + " loc=" + KeyEvent.KEY_LOCATION_STANDARD
                + " shift=true char=?", "typed ?"), seen);
        assertEquals("?", edt(one::getText));
    }

    @Test
    void everyPunctuationKeyTypesItsCharacterIntoATextField() throws Exception {
        String all = "`-=[]\\;',./~!@#$%^&*()_+{}|:\"<>?";
        for (char c : all.toCharArray()) {
            press(String.valueOf(c));
        }
        assertEquals(all, edt(one::getText));
        press("1", "shift");
        press("/", "shift");
        assertEquals(all + "!?", edt(one::getText), "shift on a key types what a US keyboard types");
    }

    @Test
    void keypadKeysTypeAtTheKeypadLocation() throws Exception {
        List<String> seen = recordKeys();
        for (String k : List.of("kp1", "kp2", "kpdecimal", "kp5", "kpadd", "kpsubtract", "kpmultiply", "kpdivide", "kp0")) {
            press(k);
        }
        assertEquals("12.5+-*/0", edt(one::getText));
        assertEquals("pressed " + KeyEvent.getKeyText(KeyEvent.VK_NUMPAD1) + " loc=" + KeyEvent.KEY_LOCATION_NUMPAD + " shift=false char=1",
                seen.get(0));
        press("kpleft");
        press("kpleft");
        press("x");
        assertEquals("12.5+-*x/0", edt(one::getText), "the keypad's left arrow moves the caret, as Swing binds KP_LEFT");
        press("kpenter");
        assertEquals(1, defaults.get(), "the keypad's Enter fires the default button");
    }

    @Test
    void insertReachesTheField() throws Exception {
        List<String> seen = recordKeys();
        press("insert");
        assertEquals(List.of("pressed " + KeyEvent.getKeyText(KeyEvent.VK_INSERT) + " loc=" + KeyEvent.KEY_LOCATION_STANDARD
                + " shift=false char=" + KeyEvent.CHAR_UNDEFINED), seen);
        assertEquals("", edt(one::getText), "Insert types nothing");
    }
}
