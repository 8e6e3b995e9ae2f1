package probe.type.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static probe.testing.Gui.edt;
import static probe.testing.Gui.run;
import static probe.testing.Gui.waitFor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.GridLayout;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.swing.JButton;
import javax.swing.JDialog;
import javax.swing.JFrame;
import javax.swing.JLabel;
import javax.swing.JPasswordField;
import javax.swing.JSpinner;
import javax.swing.SpinnerNumberModel;
import javax.swing.JTextArea;
import javax.swing.JTextField;
import javax.swing.SwingUtilities;
import javax.swing.text.AbstractDocument;
import javax.swing.text.AttributeSet;
import javax.swing.text.BadLocationException;
import javax.swing.text.DocumentFilter;
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

class TypeOpTest {
    private final SwingViewRegistry registry = new SwingViewRegistry();
    private final ProbeOp op = Gui.described(new TypeOp(registry), Ops.TYPE);
    private final List<String> filtered = new CopyOnWriteArrayList<>();
    private JFrame frame;
    private JTextField name;
    private JPasswordField password;
    private JTextField upper;
    private JTextField readOnly;
    private JTextField disabled;
    private JTextArea notes;
    private JButton go;

    @BeforeEach
    void showFrame() throws Exception {
        Gui.assumeDisplay();
        run(() -> {
            frame = new JFrame("type test");
            frame.setName("main");
            frame.getContentPane().setLayout(new GridLayout(0, 1));
            name = field("t.input.name");
            password = new JPasswordField();
            password.setName("t.input.password");
            frame.getContentPane().add(password);
            upper = field("t.input.upper");
            ((AbstractDocument) upper.getDocument()).setDocumentFilter(new DocumentFilter() {
                @Override
                public void insertString(FilterBypass fb, int offset, String s, AttributeSet attr) throws BadLocationException {
                    filtered.add(s);
                    super.insertString(fb, offset, s.toUpperCase(java.util.Locale.ROOT), attr);
                }

                @Override
                public void replace(FilterBypass fb, int offset, int length, String s, AttributeSet attrs) throws BadLocationException {
                    filtered.add(s);
                    super.replace(fb, offset, length, s == null ? null : s.toUpperCase(java.util.Locale.ROOT), attrs);
                }
            });
            readOnly = field("t.input.readonly");
            readOnly.setEditable(false);
            disabled = field("t.input.disabled");
            disabled.setEnabled(false);
            notes = new JTextArea(3, 20);
            notes.setName("t.input.notes");
            frame.getContentPane().add(notes);
            go = new JButton("Go");
            go.setName("t.button.go");
            frame.getContentPane().add(go);
            frame.setBounds(100, 100, 400, 450);
            frame.setVisible(true);
        });
        waitFor("the frame to be focused", () -> frame.isFocused());
    }

    private JTextField field(String id) {
        JTextField f = new JTextField(20);
        f.setName(id);
        frame.getContentPane().add(f);
        return f;
    }

    @AfterEach
    void closeAll() throws Exception {
        Gui.disposeAll();
    }

    private JsonNode type(String identifier, String text) throws ProbeException {
        return op.execute(Gui.ctx(), Wire.object().put("identifier", identifier).put("text", text));
    }

    @Test
    void typesIntoATextField() throws Exception {
        JsonNode data = type("t.input.name", "Hello, world");
        assertEquals("Hello, world", edt(name::getText));
        assertEquals("t.input.name", data.get("identifier").asText());
        assertEquals(12, data.get("typed").asInt());
        assertFalse(data.toString().contains("Hello"), "the reply holds the identifier and the count, never the text: " + data);
        // The receipt says the field took the text by its length.
        JsonNode change = data.get("effects").get("changed").get(0);
        assertEquals("t.input.name", change.get("identifier").asText(), data.toString());
        assertEquals("length", change.get("field").asText());
        assertEquals(0, change.get("before").asInt());
        assertEquals(12, change.get("after").asInt());
        assertTrue(data.get("settled").booleanValue(), data.toString());
        assertTrue(edt(name::isFocusOwner));
    }

    @Test
    void typesIntoAPasswordField() throws Exception {
        char[] secret = "s3cr3t-密码-🔑".toCharArray();
        JsonNode data = type("t.input.password", new String(secret));
        assertTrue(Arrays.equals(secret, edt(password::getPassword)), "the password field holds what was typed");
        assertEquals(secret.length, data.get("typed").asInt());
        assertFalse(data.toString().contains("s3cr3t"));
    }

    @Test
    void cjkAndEmojiArriveIntact() throws Exception {
        String text = "日本語テキスト 中文 한국어 😀👍🏽 é";
        type("t.input.name", text);
        assertEquals(text, edt(name::getText));
    }

    @Test
    void replaceClearsFirst() throws Exception {
        run(() -> name.setText("old text"));
        op.execute(Gui.ctx(), Wire.object().put("identifier", "t.input.name").put("text", "new").put("replace", true));
        assertEquals("new", edt(name::getText));
        op.execute(Gui.ctx(), Wire.object().put("identifier", "t.input.name").put("text", "").put("replace", true));
        assertEquals("", edt(name::getText));
        type("t.input.name", "ab");
        type("t.input.name", "cd");
        assertEquals("abcd", edt(name::getText), "without replace, text is added at the caret");
    }

    @Test
    void documentFilterSeesEachChar() throws Exception {
        type("t.input.upper", "ab😀");
        assertEquals(List.of("a", "b", "\uD83D", "\uDE00"), filtered);
        assertEquals("AB😀", edt(upper::getText));
    }

    @Test
    void withoutIdentifierTypesIntoTheFocusOwner() throws Exception {
        run(() -> notes.requestFocusInWindow());
        waitFor("the text area to own focus", notes::isFocusOwner);
        JsonNode data = op.execute(Gui.ctx(), Wire.object().put("text", "line one\nline\ttwo"));
        assertEquals("t.input.notes", data.get("identifier").asText());
        assertEquals("line one\nline\ttwo", edt(notes::getText), "Enter and Tab are keys, and a text area takes both");
    }

    @Test
    void refusesWhatCannotBeTypedInto() throws Exception {
        ProbeException e = Gui.fails(ErrorCodes.NOT_EDITABLE, () -> type("t.input.readonly", "x"));
        assertTrue(e.getMessage().contains("not editable"), e.getMessage());
        e = Gui.fails(ErrorCodes.NOT_EDITABLE, () -> type("t.input.disabled", "x"));
        assertTrue(e.getMessage().contains("disabled"), e.getMessage());
        e = Gui.fails(ErrorCodes.NOT_EDITABLE, () -> type("t.button.go", "x"));
        assertTrue(e.getMessage().contains("JButton"), e.getMessage());
        run(() -> go.requestFocusInWindow());
        waitFor("the button to own focus", go::isFocusOwner);
        Gui.fails(ErrorCodes.NOT_EDITABLE, () -> op.execute(Gui.ctx(), Wire.object().put("text", "x")));
        assertEquals("", edt(readOnly::getText) + edt(disabled::getText));
        Gui.fails(ErrorCodes.INVALID_ARGS, () -> op.execute(Gui.ctx(), Wire.object().put("identifier", "t.input.name")));
    }

    @Test
    void secretNeverAppearsInAnError() throws Exception {
        ProbeException e = Gui.fails(ErrorCodes.NOT_EDITABLE, () -> type("t.input.readonly", "hunter2"));
        assertFalse(e.getMessage().contains("hunter2"));
        assertFalse(String.valueOf(e.details()).contains("hunter2"));
    }

    @Test
    void typesIntoAFieldOfAModalDialogOpenedByAListener() throws Exception {
        JTextField inDialog = edt(() -> {
            JDialog d = new JDialog(frame, "Create", true);
            d.setName("dialog.create");
            JTextField f = new JTextField(20);
            f.setName("dialog.create.input.name");
            d.getContentPane().add(f);
            d.setBounds(150, 150, 300, 100);
            go.addActionListener(e -> d.setVisible(true));
            return f;
        });
        run(() -> SwingUtilities.invokeLater(go::doClick));
        waitFor("the modal dialog", inDialog::isShowing);
        JsonNode data = op.execute(Gui.ctx(), Wire.object().put("identifier", "dialog.create.input.name").put("text", "Secure VM"));
        assertEquals(9, data.get("typed").asInt());
        assertEquals("Secure VM", edt(inDialog::getText));
        JsonNode again = op.execute(Gui.ctx(), Wire.object().put("identifier", "dialog.create.input.name").put("text", "X")
                .put("replace", true));
        assertEquals(1, again.get("typed").asInt());
        assertEquals("X", edt(inDialog::getText));
    }

    @Test
    void fieldBehindAModalDialogIsRefused() throws Exception {
        JDialog modal = edt(() -> {
            JDialog d = new JDialog(frame, "Blocker", true);
            d.setName("dialog.blocker");
            d.setBounds(600, 100, 200, 100);
            SwingUtilities.invokeLater(() -> d.setVisible(true));
            return d;
        });
        waitFor("the modal dialog", modal::isShowing);
        ProbeException e = Gui.fails(ErrorCodes.NOT_CLICKABLE, () -> type("t.input.name", "x"));
        assertEquals("dialog.blocker", e.details().get("blockedBy").asText());
        assertEquals("", edt(name::getText));
    }

    @Test
    void focusesAFieldInAWindowThatIsNotFocused() throws Exception {
        JDialog other = edt(() -> {
            JDialog d = new JDialog(frame, "Other", false);
            d.setName("dialog.other");
            JTextField f = new JTextField(10);
            f.setName("dialog.other.input.x");
            d.getContentPane().add(f);
            d.setBounds(600, 100, 200, 100);
            d.setVisible(true);
            return d;
        });
        waitFor("the other window to be focused", other::isFocused);
        type("t.input.name", "moved");
        assertEquals("moved", edt(name::getText));
        assertTrue(edt(frame::isFocused));
    }

    @Test
    void typesIntoASpinnersEditor() throws Exception {
        JSpinner cpus = edt(() -> {
            JSpinner sp = new JSpinner(new SpinnerNumberModel(2, 1, 64, 1));
            sp.setName("t.spinner.cpus");
            frame.getContentPane().add(sp);
            frame.validate();
            return sp;
        });
        JsonNode data = op.execute(Gui.ctx(), Wire.object().put("identifier", "t.spinner.cpus").put("text", "16\n").put("replace", true));
        assertEquals("t.spinner.cpus", data.get("identifier").asText());
        assertEquals(16, edt(cpus::getValue));
    }

    @Test
    void noFocusOwnerIsNoFocus() throws Exception {
        Gui.disposeAll();
        JFrame bare = edt(() -> {
            JFrame f = new JFrame("bare");
            f.getContentPane().add(new JLabel("nothing to type into"));
            f.setBounds(100, 100, 200, 100);
            f.setVisible(true);
            return f;
        });
        waitFor("the bare frame to be focused", bare::isFocused);
        Gui.fails(ErrorCodes.NO_FOCUS, () -> op.execute(Gui.ctx(), Wire.object().put("text", "x")));
    }
}
