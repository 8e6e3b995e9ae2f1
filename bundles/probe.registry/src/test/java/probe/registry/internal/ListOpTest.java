package probe.registry.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static probe.testing.Gui.run;
import static probe.testing.Gui.waitFor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.GridLayout;
import javax.swing.JButton;
import javax.swing.JFrame;
import javax.swing.JPanel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import probe.api.ErrorCodes;
import probe.api.Ops;
import probe.api.ProbeException;
import probe.api.ProbeOp;
import probe.api.text.Listing;
import probe.api.wire.Wire;
import probe.testing.Gui;

/** gui.list's query, maxItems and text form, on a real window, through the op's description. */
class ListOpTest {
    private final SwingViewRegistry registry = new SwingViewRegistry();
    private final ProbeOp listOp = Gui.described(new ListOp(registry, Catalogues.of()), Ops.LIST);
    private JFrame frame;

    @BeforeEach
    void show() throws Exception {
        Gui.assumeDisplay();
        run(() -> {
            frame = new JFrame("HVM");
            frame.setName("main");
            JPanel grid = new JPanel(new GridLayout(0, 2));
            grid.setName("grid");
            for (int i = 0; i < 10; i++) {
                JButton b = new JButton(i % 2 == 0 ? "Start " + i : "Stop " + i);
                b.setName("grid.button.b" + i);
                grid.add(b);
            }
            frame.getContentPane().add(grid);
            frame.setBounds(50, 50, 400, 300);
            frame.setVisible(true);
        });
        waitFor("the frame to show", () -> frame.isShowing());
    }

    @AfterEach
    void close() throws Exception {
        Gui.disposeAll();
    }

    private JsonNode list(ObjectNode args) throws ProbeException {
        return listOp.execute(Gui.ctx(), args);
    }

    @Test
    void aQueryListsOnlyWhatHoldsItCaseBlind() throws Exception {
        JsonNode items = list(Wire.object().put("query", "START")).get("items");
        assertEquals(5, items.size(), items.toString());
        items.forEach(i -> assertTrue(i.get("label").asText().startsWith("Start"), i.toString()));
        assertEquals(0, list(Wire.object().put("query", "nothing like it")).get("items").size());
    }

    @Test
    void maxItemsCutsTheListAndCountsTheRest() throws Exception {
        JsonNode all = list(Wire.object()).get("items");
        JsonNode cut = list(Wire.object().put("maxItems", 3));
        assertEquals(3, cut.get("items").size());
        assertEquals(all.size() - 3, cut.get("more").asInt(), cut.toString());
        for (int i = 0; i < 3; i++) {
            assertEquals(all.get(i).get("identifier"), cut.get("items").get(i).get("identifier"), "the first ones, in order");
        }
        assertFalse(list(Wire.object().put("maxItems", 1000)).has("more"), "nothing left out, nothing counted");
    }

    @Test
    void theTextIsTheListingsLinesWrittenInTheGuisJvm() throws Exception {
        JsonNode items = list(Wire.object()).get("items");
        JsonNode text = list(Wire.object().put("format", "text").put("query", "stop").put("maxItems", 2));
        assertEquals(5, text.get("count").asInt(), text.toString());
        assertFalse(text.has("items"), "the lines instead of the items");
        assertEquals(Listing.text("window", items, "stop", 2), text.get("text").asText());
        String[] lines = text.get("text").asText().split("\n");
        assertEquals("button grid.button.b1 \"Stop 1\"", lines[0]);
        assertEquals("+3 more not shown (maxItems 2): pass a scope, a query or a larger maxItems", lines[2]);
        assertTrue(lines[3].matches("\\d+ others do not match \"stop\""), lines[3]);
    }

    @Test
    void theDescriptionRefusesWhatItDoesNotTake() {
        Gui.fails(ErrorCodes.INVALID_ARGS, () -> list(Wire.object().put("format", "xml")));
        Gui.fails(ErrorCodes.INVALID_ARGS, () -> list(Wire.object().put("maxItems", 0)));
    }
}
