package probe.click.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static probe.testing.Gui.edt;
import static probe.testing.Gui.run;
import static probe.testing.Gui.waitFor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Dialog;
import java.awt.Toolkit;
import java.awt.event.WindowAdapter;
import java.awt.event.WindowEvent;
import java.io.InputStream;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.swing.JDialog;
import javax.swing.JFrame;
import javax.swing.SwingUtilities;
import javax.swing.WindowConstants;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import probe.api.ErrorCodes;
import probe.api.OpDescription;
import probe.api.ProbeException;
import probe.api.RequestCheck;
import probe.api.wire.Wire;
import probe.registry.internal.SwingViewRegistry;
import probe.testing.Gui;

/** gui.close on real Swing dialogs: the dialog's own close handling decides, and a blocked dialog is refused as AWT drops its close. */
class CloseOpTest {
    private final SwingViewRegistry registry = new SwingViewRegistry();
    private final CloseOp close = new CloseOp(registry);
    private final List<String> closing = new CopyOnWriteArrayList<>();
    private JFrame frame;

    @BeforeEach
    void showFrame() throws Exception {
        Gui.assumeDisplay();
        run(() -> {
            frame = new JFrame("close test");
            frame.setName("main");
            frame.setBounds(100, 100, 500, 400);
            frame.setVisible(true);
        });
        waitFor("the frame to show", () -> frame.isShowing());
    }

    @AfterEach
    void closeAll() throws Exception {
        Gui.disposeAll();
    }

    /** The op's args as the transport hands them over: checked against its description, defaults filled in. */
    private static ObjectNode args(ObjectNode request) throws Exception {
        try (InputStream in = CloseOp.class.getClassLoader().getResourceAsStream(OpDescription.location("gui.close"))) {
            OpDescription d = OpDescription.read(in);
            assertEquals("close", d.verb());
            assertTrue(d.acts() && d.destructive(), "closing may discard input");
            return RequestCheck.check(d, request);
        }
    }

    /** The receipt's settling for the tests that read it: generous, as a loaded machine may keep the EDT busy past the default. */
    private static final int SETTLE_MILLIS = 5000;

    private JsonNode close(ObjectNode request) throws Exception {
        return close.execute(Gui.ctx(), args(request));
    }

    /** A dialog named {@code dialog.<name>}, shown without waiting (a modal one's setVisible returns when it closes). */
    private JDialog show(String name, Dialog.ModalityType modality, int closeOperation) throws Exception {
        JDialog d = edt(() -> {
            JDialog dialog = new JDialog(frame, name + " title", modality);
            dialog.setName("dialog." + name);
            dialog.setDefaultCloseOperation(closeOperation);
            dialog.setBounds(150, 150, 300, 200);
            dialog.addWindowListener(new WindowAdapter() {
                @Override
                public void windowClosing(WindowEvent e) {
                    closing.add(name);
                }
            });
            return dialog;
        });
        SwingUtilities.invokeLater(() -> d.setVisible(true));
        waitFor(name + " to show", d::isShowing);
        Gui.settle();
        return d;
    }

    @Test
    void theTopmostDialogClosesAndTheReceiptSaysSo() throws Exception {
        JDialog d = show("settings", Dialog.ModalityType.APPLICATION_MODAL, WindowConstants.DISPOSE_ON_CLOSE);
        JsonNode data = close(Wire.object().put("settleMillis", SETTLE_MILLIS));
        assertEquals("settings", data.get("dialog").asText(), data.toString());
        assertEquals("settings title", data.get("title").asText());
        assertTrue(data.get("closed").asBoolean(), data.toString());
        assertEquals("[\"settings\"]", data.path("effects").path("closed").toString(), data.toString());
        assertEquals(List.of("settings"), closing, "the dialog's own windowClosing ran, as for a real close");
        assertFalse(edt(d::isShowing));
    }

    @Test
    void theDialogsOwnHandlerDecidesAndMayKeepItOpen() throws Exception {
        JDialog d = show("busy", Dialog.ModalityType.MODELESS, WindowConstants.DO_NOTHING_ON_CLOSE);
        JsonNode data = close(Wire.object().put("dialog", "busy").put("effects", false));
        assertFalse(data.get("closed").asBoolean(), data.toString());
        assertFalse(data.has("effects"), data.toString());
        assertEquals(List.of("busy"), closing, "its windowClosing ran");
        assertTrue(edt(d::isShowing), "DO_NOTHING_ON_CLOSE kept it open");
    }

    @Test
    void aHandlerThatAsksForAConfirmationAnswersWhileTheConfirmationIsOpen() throws Exception {
        JDialog editor = show("editor", Dialog.ModalityType.APPLICATION_MODAL, WindowConstants.DO_NOTHING_ON_CLOSE);
        JDialog[] confirm = new JDialog[1];
        run(() -> editor.addWindowListener(new WindowAdapter() {
            @Override
            public void windowClosing(WindowEvent e) {
                JDialog d = new JDialog(editor, "Discard changes?", Dialog.ModalityType.APPLICATION_MODAL);
                d.setName("dialog.discard");
                d.setBounds(200, 200, 200, 100);
                confirm[0] = d;
                d.setVisible(true);
            }
        }));
        JsonNode data = close(Wire.object().put("settleMillis", SETTLE_MILLIS));
        assertEquals("editor", data.get("dialog").asText(), data.toString());
        assertFalse(data.get("closed").asBoolean(), data.toString());
        assertEquals("[\"discard\"]", data.path("effects").path("opened").toString(), data.toString());
        assertTrue(edt(() -> confirm[0].isShowing()), "the confirmation is open");
        run(() -> confirm[0].dispose());
    }

    @Test
    void aDialogBehindAModalDialogIsRefusedAsAwtDropsItsClose() throws Exception {
        JDialog below = show("below", Dialog.ModalityType.APPLICATION_MODAL, WindowConstants.DISPOSE_ON_CLOSE);
        JDialog above = show("above", Dialog.ModalityType.APPLICATION_MODAL, WindowConstants.DISPOSE_ON_CLOSE);

        ProbeException e = Gui.fails(ErrorCodes.NOT_CLICKABLE, () -> close(Wire.object().put("dialog", "below")));
        assertEquals("below", e.details().get("dialog").asText(), e.details().toString());
        assertEquals("dialog.above", e.details().get("blockedBy").asText(), e.details().toString());
        assertTrue(e.getMessage().contains("behind the modal dialog 'dialog.above'"), e.getMessage());
        assertTrue(edt(below::isShowing));
        assertEquals(List.of(), closing, "nothing was posted");

        // AWT's own verdict: the same event, posted as the toolkit posts a window manager's close, is dropped.
        run(() -> Toolkit.getDefaultToolkit().getSystemEventQueue().postEvent(new WindowEvent(below, WindowEvent.WINDOW_CLOSING)));
        Gui.settle();
        assertEquals(List.of(), closing, "AWT dropped the close of the blocked dialog");
        assertTrue(edt(below::isShowing));

        // The one above closes; then the one below can be closed.
        JsonNode top = close(Wire.object());
        assertEquals("above", top.get("dialog").asText(), top.toString());
        assertTrue(top.get("closed").asBoolean(), top.toString());
        assertTrue(edt(() -> !above.isShowing()));
        assertTrue(close(Wire.object().put("dialog", "below")).get("closed").asBoolean());
        assertEquals(List.of("above", "below"), closing);
    }

    @Test
    void noDialogOrNoSuchDialogIsNoWindowNamingTheOpenOnes() throws Exception {
        ProbeException none = Gui.fails(ErrorCodes.NO_WINDOW, () -> close(Wire.object()));
        assertEquals("no dialog is open", none.getMessage());
        assertEquals("[]", none.details().get("open").toString());

        show("settings", Dialog.ModalityType.MODELESS, WindowConstants.DISPOSE_ON_CLOSE);
        ProbeException missing = Gui.fails(ErrorCodes.NO_WINDOW, () -> close(Wire.object().put("dialog", "createVM")));
        assertEquals("no dialog 'createVM' is open; open: settings", missing.getMessage());
        assertEquals("[\"settings\"]", missing.details().get("open").toString());
        assertEquals(List.of(), closing);
    }

    @Test
    void theDescriptionRefusesWhatTheOpNeedNotCheck() throws Exception {
        Gui.fails(ErrorCodes.INVALID_ARGS, () -> args(Wire.object().put("dialog", "")));
        Gui.fails(ErrorCodes.INVALID_ARGS, () -> args(Wire.object().put("dialog", 3)));
        Gui.fails(ErrorCodes.INVALID_ARGS, () -> args(Wire.object().put("settleMillis", 10_001)));
        Gui.fails(ErrorCodes.INVALID_ARGS, () -> args(Wire.object().put("window", "createVM")));
    }
}
