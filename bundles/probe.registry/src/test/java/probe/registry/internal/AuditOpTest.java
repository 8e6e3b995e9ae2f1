package probe.registry.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static probe.testing.Gui.run;
import static probe.testing.Gui.waitFor;

import com.fasterxml.jackson.databind.JsonNode;
import java.awt.GridLayout;
import javax.swing.JButton;
import javax.swing.JFrame;
import javax.swing.JTextField;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import probe.api.Ops;
import probe.api.ProbeOp;
import probe.api.wire.Wire;
import probe.testing.Gui;

/**
 * gui.audit on a window the application named only in part: a control the probe derived an
 * identifier for is reported as having only that one ({@code "derived identifier only"}), never as
 * having none, and {@code derived} counts them.
 */
class AuditOpTest {
    private final SwingViewRegistry registry = new SwingViewRegistry();
    private final ProbeOp auditOp = Gui.described(new AuditOp(registry, Catalogues.of()), Ops.AUDIT);
    private JFrame frame;

    @BeforeEach
    void show() throws Exception {
        Gui.assumeDisplay();
        run(() -> {
            frame = new JFrame("Audit");
            frame.setName("main");
            frame.getContentPane().setLayout(new GridLayout(0, 1));
            JButton named = new JButton("Named");
            named.setName("t.button.named");
            frame.getContentPane().add(named);
            frame.getContentPane().add(new JButton("Unnamed"));
            frame.getContentPane().add(new JTextField(10));
            frame.setBounds(50, 50, 300, 200);
            frame.setVisible(true);
        });
        waitFor("the frame to show", () -> frame.isShowing());
    }

    @AfterEach
    void close() throws Exception {
        Gui.disposeAll();
    }

    @Test
    void aControlWithADerivedIdentifierHasOnlyThatNotNone() throws Exception {
        JsonNode data = auditOp.execute(Gui.ctx(), Wire.object());
        JsonNode problems = data.get("problems");
        assertEquals(2, problems.size(), problems.toString());
        for (JsonNode p : problems) {
            assertEquals("derived identifier only", p.get("problem").asText(), p.toString());
            assertNotNull(p.get("identifier").textValue(), "it has one, derived: " + p);
            assertTrue(p.get("derived").asBoolean(), p.toString());
        }
        assertEquals(2, data.get("derived").asInt(), data.toString());
    }
}
