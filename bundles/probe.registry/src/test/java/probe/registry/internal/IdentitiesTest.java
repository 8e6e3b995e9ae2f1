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
import java.awt.BorderLayout;
import java.awt.GridLayout;
import java.util.ArrayList;
import java.util.List;
import javax.swing.BorderFactory;
import javax.swing.JButton;
import javax.swing.JFrame;
import javax.swing.JLabel;
import javax.swing.JMenu;
import javax.swing.JMenuBar;
import javax.swing.JMenuItem;
import javax.swing.JPanel;
import javax.swing.JPopupMenu;
import javax.swing.JTextField;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import probe.api.ErrorCodes;
import probe.api.swing.Target;
import probe.testing.Gui;

/**
 * Identity on real windows, as an application nobody here wrote builds them: an identifier holds
 * while its control shows (a retitled window, a tooltip that says what Undo will undo, a text that
 * goes Start to Stop), what no person can see is not listed, a context menu repeating the menu bar
 * does not take its names, and every listed name can be used.
 */
class IdentitiesTest {
    private final SwingViewRegistry registry = new SwingViewRegistry();
    private JFrame frame;
    private JButton undo;
    private JButton run;
    private JPanel body;

    @BeforeEach
    void show() throws Exception {
        Gui.assumeDisplay();
        run(() -> {
            frame = new JFrame("Editor - Untitled");
            body = new JPanel(new GridLayout(0, 2));
            // A form whose labels are not labelFor their fields: the label a person reads before each names it.
            body.add(new JLabel("Host:"));
            body.add(new JTextField(10));
            body.add(new JLabel("Port:"));
            body.add(new JTextField(5));
            undo = new JButton();
            undo.setToolTipText("Undo Insert Item");
            body.add(undo);
            run = new JButton("Start");
            run.setActionCommand("close");
            body.add(run);
            frame.getContentPane().add(body, BorderLayout.CENTER);
            // The same form built twice, its copy given no room: nobody sees it.
            JPanel copy = new JPanel(new GridLayout(0, 2));
            copy.add(new JLabel("Host:"));
            copy.add(new JTextField(10));
            JPanel nowhere = new JPanel(null);
            nowhere.add(copy);
            copy.setBounds(0, 0, 200, 40);
            nowhere.setPreferredSize(new java.awt.Dimension(0, 0));
            frame.getContentPane().add(nowhere, BorderLayout.SOUTH);
            JMenuBar bar = new JMenuBar();
            JMenu edit = new JMenu("Edit");
            edit.add(new JMenuItem("Add"));
            bar.add(edit);
            frame.setJMenuBar(bar);
            frame.setBounds(60, 60, 420, 220);
            frame.setVisible(true);
        });
        waitFor("the frame to show", () -> frame.isShowing());
        Gui.settle();
    }

    @AfterEach
    void close() throws Exception {
        Gui.disposeAll();
    }

    private List<String> ids() throws Exception {
        return edt(() -> {
            List<String> out = new ArrayList<>();
            for (JsonNode i : registry.list("window")) {
                out.add(i.path("identifier").asText(null));
            }
            return out;
        });
    }

    @Test
    void namesComeFromWhatAPersonReadsAndWhatStays() throws Exception {
        List<String> ids = ids();
        assertTrue(ids.containsAll(List.of("editor.window", "editor.input.host", "editor.input.port", "editor.button.undoInsertItem",
                "editor.button.start", "editor.menu.edit", "editor.menuItem.add")), ids.toString());
        assertFalse(ids.contains("editor.button.close"), "an action command nobody sees does not name a button that reads Start");
    }

    @Test
    void anIdentifierHoldsWhileItsControlShowsWhateverTheTitleTooltipAndTextDo() throws Exception {
        List<String> before = ids();
        run(() -> {
            frame.setTitle("*plan.xml - Editor");
            undo.setToolTipText("Undo Change Field Name");
            run.setText("Stop");
        });
        assertEquals(before, ids(), "the same identifiers after the window, the tooltip and the text changed");
        // A control that appears in the retitled window takes the scene its window already has.
        run(() -> {
            JButton later = new JButton("Later");
            body.add(later);
            frame.validate();
        });
        Gui.settle();
        assertTrue(ids().contains("editor.button.later"), ids().toString());
        // A control that stops showing is forgotten: shown again, it is named afresh, by the rules.
        run(() -> undo.setVisible(false));
        assertFalse(ids().contains("editor.button.undoInsertItem"));
        run(() -> undo.setVisible(true));
        assertTrue(ids().contains("editor.button.undoChangeFieldName"), ids().toString());
        // A fresh registry (a restart) names the same screen as the rules say.
        SwingViewRegistry fresh = new SwingViewRegistry();
        assertEquals("editor.button.stop", edt(() -> fresh.identifierOf(run)));
    }

    @Test
    void whatNoPersonCanSeeIsNotListedAndDoesNotTakeTheName() throws Exception {
        List<String> ids = ids();
        assertEquals(1, ids.stream().filter(i -> i.startsWith("editor.input.host")).count(), ids.toString());
        JTextField shown = edt(() -> (JTextField) body.getComponent(1));
        Target t = edt(() -> registry.resolve("editor.input.host"));
        assertSame(shown, t.component(), "the plain name is the one that shows");
    }

    @Test
    void aContextMenuRepeatingTheMenuBarGetsNamesOfItsOwn() throws Exception {
        List<String> before = ids();
        JPopupMenu popup = edt(() -> {
            JPopupMenu p = new JPopupMenu();
            p.add(new JMenuItem("Add"));
            p.show(body, 20, 20);
            return p;
        });
        waitFor("the popup to show", popup::isShowing);
        List<String> open = ids();
        assertTrue(open.containsAll(before), "nothing of the menu bar renamed: " + open);
        assertTrue(open.contains("editor.popup.menuItem.add"), open.toString());
        Target inMenuBar = edt(() -> registry.resolve("editor.menuItem.add"));
        assertFalse(inMenuBar.menuPath().isEmpty(), "the menu bar's Add, reached through its closed menu");
        run(() -> popup.setVisible(false));
    }

    @Test
    void aNameTheAppGaveSeveralIsListedOnceEachAndTheReachableOneIsTaken() throws Exception {
        JButton[] twins = edt(() -> {
            JButton a = new JButton("OK");
            JButton b = new JButton("OK");
            a.setName("form.ok");
            b.setName("form.ok");
            b.setEnabled(false);
            body.add(a);
            body.add(b);
            frame.validate();
            return new JButton[] {a, b};
        });
        Gui.settle();
        List<String> ids = ids();
        assertTrue(ids.contains("form.ok") && ids.contains("form.ok#2"), ids.toString());
        assertSame(twins[0], edt(() -> registry.resolve("form.ok")).component(), "the one a hand can reach");
        assertSame(twins[1], edt(() -> registry.resolve("form.ok#2")).component(), "each copy's name picks it");
        run(() -> twins[1].setEnabled(true));
        probe.api.ProbeException e = Gui.fails(ErrorCodes.IDENTIFIER_AMBIGUOUS, () -> probe.api.swing.Edt.call(() -> registry.resolve("form.ok"), Gui.TIMEOUT));
        assertTrue(e.getMessage().contains("form.ok#2"), e.getMessage());
        assertEquals(2, e.details().get("candidates").size());
        JsonNode audit = edt(registry::audit);
        int shared = 0;
        for (JsonNode p : audit) {
            shared += "shared identifier".equals(p.path("problem").asText()) ? 1 : 0;
        }
        assertEquals(2, shared, "both carry the shared name: " + audit);
    }

    @Test
    void aFieldOnlyItsPlaceNamesTakesItsPagesTitle() throws Exception {
        run(() -> {
            for (String page : List.of("General", "Network")) {
                JPanel p = new JPanel();
                p.setBorder(BorderFactory.createTitledBorder(page));
                p.add(new JTextField(6));
                body.add(p);
            }
            frame.validate();
        });
        Gui.settle();
        List<String> ids = ids();
        assertTrue(ids.contains("editor.general.input") && ids.contains("editor.network.input"), ids.toString());
        assertNull(edt(() -> ids.contains("editor.input") ? "editor.input" : null));
    }
}
