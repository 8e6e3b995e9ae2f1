package probe.registry.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static probe.testing.Gui.edt;
import static probe.testing.Gui.run;
import static probe.testing.Gui.waitFor;

import com.fasterxml.jackson.databind.JsonNode;
import java.awt.GridLayout;
import java.util.ArrayList;
import java.util.List;
import javax.swing.JButton;
import javax.swing.JComboBox;
import javax.swing.JDialog;
import javax.swing.JFrame;
import javax.swing.JLabel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import probe.api.Ops;
import probe.api.ProbeOp;
import probe.api.ErrorCodes;
import probe.api.ProbeException;
import probe.api.swing.Edt;
import probe.api.wire.Wire;
import probe.testing.Gui;

/**
 * The ops with a catalogue of names loaded, on real windows: a name the app never shows is
 * answered at once, a misspelt scope is a typo, a showing name outside the catalogue is an audit
 * problem, and a control of a closed dialog says that the dialog is closed.
 */
class CatalogueOpsTest {
    private final SwingViewRegistry registry = new SwingViewRegistry();
    private final Catalogues catalogues = Catalogues.of(CatalogueTest.HVM);
    private final ProbeOp waitOp = Gui.described(new WaitOp(registry, catalogues), Ops.WAIT);
    private final ProbeOp listOp = Gui.described(new ListOp(registry, catalogues), Ops.LIST);
    private final ProbeOp auditOp = Gui.described(new AuditOp(registry, catalogues), Ops.AUDIT);
    private JFrame frame;

    @BeforeEach
    void show() throws Exception {
        Gui.assumeDisplay();
        registry.catalogues = catalogues;
        run(() -> {
            frame = new JFrame("HVM");
            frame.setName("main");
            frame.getContentPane().setLayout(new GridLayout(0, 1));
            JButton create = new JButton("Create VM");
            create.setName("toolbar.button.createVM");
            JLabel state = new JLabel("Stopped");
            state.setName("detail.label.state");
            frame.getContentPane().add(create);
            frame.getContentPane().add(state);
            frame.setBounds(50, 50, 400, 300);
            frame.setVisible(true);
        });
        waitFor("the frame to show", () -> frame.isShowing());
    }

    @AfterEach
    void close() throws Exception {
        Gui.disposeAll();
    }

    private JsonNode await(String key, String name, String state, long millis) throws ProbeException {
        return waitOp.execute(Gui.ctx(), Wire.object().put(key, name).put("state", state).put("timeoutMillis", millis));
    }

    @Test
    void aNameTheAppNeverShowsIsAnsweredAtOnceNotWaitedFor() {
        // A wait would end in gui.timeout after its 60 s; the answer is "not found" instead.
        ProbeException e = Gui.fails(ErrorCodes.IDENTIFIER_NOT_FOUND, () -> await("identifier", "sidebr.row.Alpha", "showing", 60_000));
        assertEquals("sidebar.row.Alpha", e.details().get("nearest").get(0).asText());
        ProbeException d = Gui.fails(ErrorCodes.IDENTIFIER_NOT_FOUND, () -> await("dialog", "createVm", "open", 60_000));
        assertEquals("createVM", d.details().get("nearest").get(0).asText());
        assertTrue(d.getMessage().startsWith("the app has no dialog 'createVm'; nearest: createVM"), d.getMessage());
        Gui.fails(ErrorCodes.IDENTIFIER_NOT_FOUND, () -> await("identifier", "nothing.here.atall", "hidden", 60_000));
    }

    @Test
    void aNameTheAppCanShowIsWaitedForAsBefore() throws Exception {
        ProbeException e = Gui.fails(ErrorCodes.TIMEOUT, () -> await("dialog", "about", "open", 100));
        assertEquals("closed", e.details().get("lastState").asText());
        Gui.fails(ErrorCodes.TIMEOUT, () -> await("identifier", "sidebar.row.Alpha", "showing", 100));
        assertEquals("showing", await("identifier", "toolbar.button.createVM", "showing", 1000).get("state").asText());
    }

    @Test
    void withoutACatalogueEveryNameIsWaitedFor() {
        ProbeOp plain = Gui.described(new WaitOp(registry, Catalogues.of()), Ops.WAIT);
        Gui.fails(ErrorCodes.TIMEOUT, () -> plain.execute(Gui.ctx(),
                Wire.object().put("dialog", "createVm").put("state", "open").put("timeoutMillis", 100)));
    }

    @Test
    void aShowingNameOutsideTheCatalogueIsWaitedForAndAudited() throws Exception {
        run(() -> {
            JDialog twin = new JDialog(frame, "twin", false);
            twin.setName("dialog.twin");
            twin.setBounds(500, 50, 200, 100);
            twin.setVisible(true);
        });
        assertEquals("open", await("dialog", "twin", "open", 5000).get("state").asText());
        JsonNode problems = auditOp.execute(Gui.ctx(), Wire.object()).get("problems");
        assertEquals(1, problems.size(), problems.toString());
        assertEquals("dialog.twin", problems.get(0).get("identifier").asText());
        assertEquals("not in the catalogue", problems.get(0).get("problem").asText());
    }

    @Test
    void theAuditOfACataloguedWindowIsEmpty() throws Exception {
        assertEquals(0, auditOp.execute(Gui.ctx(), Wire.object()).get("problems").size());
    }

    @Test
    void aMisspeltScopeIsATypoAndAKnownOneMayBeEmpty() throws Exception {
        ProbeException e = Gui.fails(ErrorCodes.IDENTIFIER_NOT_FOUND, () -> listOp.execute(Gui.ctx(), Wire.object().put("scope", "dialg")));
        assertEquals("dialog", e.details().get("nearest").get(0).asText());
        assertEquals("dialg", e.details().get("scope").asText());
        ProbeException near = Gui.fails(ErrorCodes.IDENTIFIER_NOT_FOUND,
                () -> listOp.execute(Gui.ctx(), Wire.object().put("scope", "detail.label.stat.x")));
        assertEquals("detail.label.state", near.details().get("nearest").get(0).asText());
        assertEquals(0, listOp.execute(Gui.ctx(), Wire.object().put("scope", "sidebar.row")).get("items").size(),
                "a scope the app may fill later lists nothing now");
        assertEquals(1, listOp.execute(Gui.ctx(), Wire.object().put("scope", "detail")).get("items").size());
    }

    @Test
    void aControlOfAClosedDialogSaysTheDialogIsNotOpen() throws Exception {
        ProbeException e = Gui.fails(ErrorCodes.IDENTIFIER_NOT_FOUND, () -> Edt.call(() -> registry.resolve("dialog.createVM.input.name"), 5000));
        assertTrue(e.getMessage().startsWith("dialog 'createVM' is not open"), e.getMessage());
        assertEquals("createVM", e.details().get("dialog").asText());
        assertEquals(0, e.details().get("nearest").size());
        ProbeException far = Gui.fails(ErrorCodes.IDENTIFIER_NOT_FOUND, () -> Edt.call(() -> registry.resolve("nothing.here.atall"), 5000));
        assertEquals(0, far.details().get("nearest").size(), "nothing absurdly far is suggested");
    }

    /** Opens a combo box named as HVM names one, and lists the window: every identifier, and the parent of its popup list. */
    private List<String> openCombo(int frameHeight) throws Exception {
        JComboBox<String> combo = edt(() -> {
            JComboBox<String> c = new JComboBox<>(new String[] {"Ubuntu", "Fedora", "Debian", "Arch", "Alpine", "Windows"});
            c.setName("dialog.createVM.combo.os");
            ((javax.swing.plaf.basic.ComboPopup) c.getUI().getAccessibleChild(c, 0)).getList().setName("dialog.createVM.combo.os.popup");
            frame.getContentPane().add(c, 0);
            frame.setSize(400, frameHeight);
            frame.validate();
            return c;
        });
        Gui.settle();
        run(() -> combo.setPopupVisible(true));
        waitFor("the popup to show", combo::isPopupVisible);
        Gui.settle();
        // Everything of the combo is the app's; what else showed would be the toolkit's.
        registry.catalogues = Catalogues.of(CatalogueTest.HVM, Catalogue.parse("dialog.createVM.combo.os.*"));
        List<String> ids = new ArrayList<>();
        for (JsonNode i : listOp.execute(Gui.ctx(), Wire.object().put("scope", "window")).get("items")) {
            ids.add(i.get("identifier").asText() + " < " + i.get("parent").asText());
        }
        return ids;
    }

    /** An open combo box inside its window: Swing's own ComboPopup.popup and ComboBox.scrollPane are folded away, the app's names stay. */
    @Test
    void anOpenComboShowsOnlyTheAppsNames() throws Exception {
        List<String> ids = openCombo(600);
        assertTrue(ids.contains("dialog.createVM.combo.os.popup < main"), "the popup list stands under the window: " + ids);
        assertFalse(ids.toString().contains("ComboPopup.popup"), ids.toString());
        assertFalse(ids.toString().contains("ComboBox.scrollPane"), ids.toString());
        JsonNode problems = new AuditOp(registry, registry.catalogues).execute(Gui.ctx(), Wire.object()).get("problems");
        assertEquals(0, problems.size(), problems.toString());
    }

    /** A popup that leaves its window is a window of its own, which AWT names win0: folded away too. */
    @Test
    void aHeavyweightPopupWindowIsNoIdentifier() throws Exception {
        List<String> ids = openCombo(90);
        assertTrue(ids.stream().anyMatch(i -> i.startsWith("dialog.createVM.combo.os.popup < ")), ids.toString());
        assertFalse(ids.stream().anyMatch(i -> i.matches("(win|frame|dialog)[0-9]+ <.*")), ids.toString());
        assertFalse(ids.toString().contains("ComboPopup.popup"), ids.toString());
        JsonNode problems = new AuditOp(registry, registry.catalogues).execute(Gui.ctx(), Wire.object()).get("problems");
        assertEquals(0, problems.size(), problems.toString());
    }

    @Test
    void theToolkitsOwnNamesAreToldFromTheAppsNames() throws Exception {
        assertTrue(edt(() -> {
            JLabel l = new JLabel();
            l.setName("ComboBox.scrollPane");
            return Controls.toolkitsOwnName(l);
        }));
        // AWT names an unnamed window win<n>: a made-up name, never used as an identifier, but the
        // window is still listed (under its derived identifier), so it is no plumbing to skip.
        assertTrue(edt(() -> Derivation.madeUp(new javax.swing.JWindow().getName(), true)), "AWT names an unnamed window win<n>");
        assertFalse(edt(() -> Controls.toolkitsOwnName(new javax.swing.JWindow())), "an unnamed window is listed");
        assertFalse(edt(() -> Controls.toolkitsOwnName(frame)));
        assertFalse(edt(() -> {
            JLabel l = new JLabel();
            l.setName("dialog.createVM.label.problem");
            return Controls.toolkitsOwnName(l);
        }));
        assertFalse(edt(() -> Controls.toolkitsOwnName(new JLabel())));
    }
}
