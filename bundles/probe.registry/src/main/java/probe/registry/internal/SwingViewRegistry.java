package probe.registry.internal;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Component;
import java.awt.Dialog;
import java.awt.Frame;
import java.awt.KeyboardFocusManager;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.Window;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import javax.swing.JMenu;
import javax.swing.JViewport;
import javax.swing.SwingUtilities;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import probe.api.ErrorCodes;
import probe.api.Names;
import probe.api.ProbeException;
import probe.api.swing.ControlState;
import probe.api.swing.Rows;
import probe.api.swing.Target;
import probe.api.swing.Verdict;
import probe.api.swing.ViewRegistry;
import probe.api.wire.Wire;

/**
 * Walks the showing windows of this JVM. Swing does not expose the window manager's stacking
 * order, so the order is the ownership order a modal GUI implies: every owner below the windows it
 * owns, siblings in creation order, the window that has focus on top of its siblings.
 */
// Qualified: Component in this file is java.awt.Component.
@org.osgi.service.component.annotations.Component(configurationPolicy = ConfigurationPolicy.IGNORE, service = ViewRegistry.class)
public final class SwingViewRegistry implements ViewRegistry {
    /** The names the app can show, for the not-found answers; null outside a framework (unit tests). */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    volatile Catalogues catalogues;

    private final Modality modality = new Modality();
    /** The derived identifiers given to what shows, kept while it shows (on the EDT only). */
    private final Identities identities = new Identities();


    /** Watches the order dialogs are shown in, which decides which modal dialog blocks which window. */
    @Activate
    void activate() {
        modality.start();
    }

    @Deactivate
    void deactivate() {
        modality.stop();
    }

    @Override
    public List<Window> windows() {
        Window active = KeyboardFocusManager.getCurrentKeyboardFocusManager().getActiveWindow();
        List<Window> out = new ArrayList<>();
        addShowing(List.of(Window.getOwnerlessWindows()), active, out);
        return out;
    }

    private static void addShowing(List<Window> siblings, Window active, List<Window> out) {
        List<Window> ordered = new ArrayList<>();
        Window top = null;
        for (Window w : unhidden(siblings)) {
            if (isOrOwns(w, active)) {
                top = w;
            } else {
                ordered.add(w);
            }
        }
        if (top != null) {
            ordered.add(top);
        }
        for (Window w : ordered) {
            out.add(w);
            addShowing(List.of(w.getOwnedWindows()), active, out);
        }
    }

    /**
     * The showing windows of {@code siblings}, a hidden one standing for the windows it owns (the
     * frame Swing makes for a dialog made without an owner never shows, its dialogs do): those
     * are siblings of the others, the focused one on top as any.
     */
    private static List<Window> unhidden(List<Window> siblings) {
        List<Window> out = new ArrayList<>(siblings.size());
        for (Window w : siblings) {
            if (w.isShowing()) {
                out.add(w);
            } else {
                out.addAll(unhidden(List.of(w.getOwnedWindows())));
            }
        }
        return out;
    }

    private static boolean isOrOwns(Window w, Window descendant) {
        for (Window x = descendant; x != null; x = x.getOwner()) {
            if (x == w) {
                return true;
            }
        }
        return false;
    }

    @Override
    public Optional<Window> mainWindow() {
        for (Frame f : Frame.getFrames()) {
            if (f.isShowing() && f.getOwner() == null) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }

    @Override
    public Optional<Dialog> topmostDialog() {
        Dialog top = null;
        for (Window w : windows()) {
            if (w instanceof Dialog) {
                top = (Dialog) w;
            }
        }
        return Optional.ofNullable(top);
    }

    @Override
    public String identifierOf(Component c) {
        String explicit = Derived.explicit(c);
        if (explicit != null || !(c instanceof Window || Controls.operable(c))) {
            return explicit;
        }
        String held = identities.ifStillShowing(c);
        if (held != null) {
            return held;
        }
        // Derived identifiers depend on what else shows (duplicates), so a new one comes from a walk of the windows.
        return Scan.of(windows(), identities).identifierOf(c);
    }

    @Override
    public Target resolve(String identifier) throws ProbeException {
        return resolve(identifier, null);
    }

    @Override
    public Target resolve(String identifier, List<ControlState> states) throws ProbeException {
        // Before the walk and any search: no identifier is this long.
        Names.check("identifier", identifier);
        Scan scan = Scan.of(windows(), identities);
        if (states != null) {
            states(scan, states);
        }
        for (Scan.Entry e : scan.entries) {
            if (identifier.equals(e.identifier()) && e.shares() == null) {
                return e.target();
            }
        }
        // An app's name several showing things carry (or one of its copies, name#2): the one a hand can reach now, if only one can.
        List<Scan.Entry> matches = scan.entries.stream().filter(e -> identifier.equals(e.base()) || identifier.equals(e.identifier()))
                .collect(Collectors.toList());
        if (matches.size() == 1) {
            return matches.get(0).target();
        }
        if (matches.isEmpty()) {
            Target item = Addresses.resolve(identifier, scan);
            if (item != null) {
                return item;
            }
            List<String> names = scan.entries.stream().map(Scan.Entry::identifier).filter(n -> n != null).collect(Collectors.toList());
            Catalogues c = catalogues;
            throw NotFound.identifier(identifier, names, scan.windows, c == null ? Catalogue.NONE : c.current());
        }
        List<Scan.Entry> reachable = matches.stream().filter(e -> verdict(e.target(), scan.windows, scan.covering).operable())
                .collect(Collectors.toList());
        if (reachable.size() == 1) {
            return reachable.get(0).target();
        }
        ObjectNode details = ProbeException.newDetails();
        ArrayNode candidates = details.putArray("candidates");
        for (Scan.Entry e : matches) {
            candidates.add(item(e, scan));
        }
        throw new ProbeException(ErrorCodes.IDENTIFIER_AMBIGUOUS, matches.size() + " showing views share the identifier '"
                + Names.quoted(identifier) + "'" + (reachable.isEmpty() ? ", none of them reachable now" : ", " + reachable.size()
                + " of them reachable now") + "; the probe does not guess which one is meant: each candidate's identifier picks it ("
                + matches.stream().map(Scan.Entry::identifier).collect(Collectors.joining(", ")) + ")", details);
    }

    @Override
    public Verdict verdict(Target t) {
        return verdict(t, (Point) null);
    }

    @Override
    public Verdict verdict(Target t, Point point) {
        if (t.menuPath().isEmpty() && t.component().isShowing() && t.bounds().width > 0 && t.bounds().height > 0
                && Scan.outOfSight(t.component())) {
            // A target a scan listed passed this check in the walk; one handed in from elsewhere is asked here.
            return Verdict.refused("no part of it shows: its container leaves it no room, scrolled or not", null);
        }
        List<Window> stack = windows();
        Covering covering = new Covering(stack);
        covering.identifiers = this::identifierOf;
        return verdict(t, stack, covering, point);
    }

    /**
     * The verdict against a stacking order already computed, and a covering that remembers what
     * the items of one listing share (a listing asks once, not per item). Every verdict on a target
     * that shows says where a hand would press, refused or not, so that it can be checked against
     * a real press there.
     */
    private Verdict verdict(Target t, List<Window> stack, Covering covering) {
        return verdict(t, stack, covering, null);
    }

    /**
     * As {@link #verdict(Target, List, Covering)}, for a press at {@code point} of the target (its own
     * units, from the top-left corner of its bounds; null: the centre of the part that shows). A
     * point that does not show has no {@code at}: in a scroll pane it is still operable (an op scrolls
     * it into view first), anywhere else it is refused.
     */
    private Verdict verdict(Target t, List<Window> stack, Covering covering, Point point) {
        Component c = t.component();
        if (!t.menuPath().isEmpty()) {
            for (JMenu m : t.menuPath()) {
                if (!m.isEnabled()) {
                    return Verdict.refused("its menu '" + name(m, covering.identifiers) + "' is disabled", null);
                }
            }
            Verdict modal = blockedByModal(t.menuPath().get(0), covering);
            return modal.operable() && !c.isEnabled() ? Verdict.refused(Verdict.DISABLED, null) : modal;
        }
        if (!c.isShowing()) {
            return Verdict.refused("it is not showing", null);
        }
        Rectangle b = t.bounds();
        if (b.width <= 0 || b.height <= 0) {
            return Verdict.refused("it has no size on screen", null);
        }
        Covering.Shown shown = covering.shown(t);
        Point at = point == null ? (shown.empty() ? null : shown.centreInWindow()) : shown.inWindow(b.x + point.x, b.y + point.y);
        // What a press meets first decides the reason: the modal filter, then what takes the press
        // at the point, then the control itself ignoring it (a disabled control receives the press).
        Verdict modal = blockedByModal(c, covering);
        if (!modal.operable()) {
            return modal.at(at);
        }
        if (at == null) {
            if (SwingUtilities.getAncestorOfClass(JViewport.class, c) != null) {
                // Scrolled out of view: a hand scrolls first, and so do the ops (Reach); nothing covers it yet.
                return c.isEnabled() ? Verdict.OPERABLE : Verdict.refused(Verdict.DISABLED, null);
            }
            return Verdict.refused(point == null ? "no part of it shows: it lies outside its window or the screen"
                    : "that point of it does not show: it lies outside its window or the screen", null);
        }
        Verdict landing = covering.at(t, at);
        if (!landing.operable()) {
            return landing;
        }
        if (!c.isEnabled()) {
            return Verdict.refused(Verdict.DISABLED, null).at(at);
        }
        if (t.kind() == Target.Kind.TAB && !((javax.swing.JTabbedPane) c).isEnabledAt(t.index())) {
            return Verdict.refused("the tab is disabled", null).at(at);
        }
        return landing;
    }

    /** The modal dialog that keeps a press from the window of {@code c}, as the event dispatch thread decides (see Modality). */
    private Verdict blockedByModal(Component c, Covering covering) {
        Dialog blocker = covering.blocker(ViewRegistry.windowOf(c), modality::blocker);
        if (blocker == null) {
            return Verdict.OPERABLE;
        }
        return Verdict.refused("it is behind the modal dialog '" + name(blocker, covering.identifiers) + "'", name(blocker, covering.identifiers));
    }

    /** A component's identifier, else its class and (for windows) title, so a message can name it. */
    static String name(Component c) {
        return name(c, Derived::explicit);
    }

    static String name(Component c, java.util.function.Function<Component, String> identifiers) {
        String id = identifiers.apply(c);
        if (id != null) {
            return id;
        }
        String title = c instanceof Dialog ? ((Dialog) c).getTitle() : c instanceof Frame ? ((Frame) c).getTitle() : null;
        return c.getClass().getSimpleName() + (title == null ? "" : " \"" + title + "\"");
    }

    @Override
    public ArrayNode list(String scope) throws ProbeException {
        return list(scope, true);
    }

    @Override
    public ArrayNode list(String scope, boolean verdicts) throws ProbeException {
        Names.check("scope", scope);
        Scan scan = Scan.of(windows(), identities);
        ArrayNode items = Wire.array();
        if ("dialog".equals(scope)) {
            Dialog d = topmostDialog().orElseThrow(() -> new ProbeException(ErrorCodes.NO_WINDOW, "no dialog is open"));
            for (Scan.Entry e : scan.entries) {
                if (e.window() == d || isOrOwns(d, e.window())) {
                    items.add(item(e, scan, verdicts));
                }
            }
            return items;
        }
        if ("window".equals(scope)) {
            if (mainWindow().isEmpty()) {
                throw new ProbeException(ErrorCodes.NO_WINDOW, "no application window is showing");
            }
            scan.entries.forEach(e -> items.add(item(e, scan, verdicts)));
            return items;
        }
        // A scene the app's catalogue declares (HVM's sidebar) is a whole segment: its names and what starts "<scope>.".
        Catalogues c = catalogues;
        String prefix = !scope.endsWith(".") && c != null && c.current().scopes().contains(scope) ? scope + "." : scope;
        for (Scan.Entry e : scan.entries) {
            if (e.identifier() != null && (e.identifier().startsWith(prefix) || e.identifier().equals(scope))) {
                items.add(item(e, scan, verdicts));
            }
        }
        if (items.isEmpty()) {
            addressed(scope, scan, verdicts, items);
        }
        return items;
    }

    /** The component of the listed view {@code view} (a list, table or tree), or null when none shows. On the EDT. */
    Component view(String view) {
        Scan.Entry e = viewEntry(Scan.of(windows(), identities), view);
        return e == null ? null : e.target().component();
    }

    private static Scan.Entry viewEntry(Scan scan, String view) {
        for (Scan.Entry e : scan.entries) {
            if (view.equals(e.identifier()) && e.target().kind() == Target.Kind.COMPONENT && Rows.hasRows(e.target().component())) {
                return e;
            }
        }
        return null;
    }

    /**
     * The items of rows {@code rows} (indices in view order) of the listed view {@code view}, as
     * gui.list describes a row, in one walk: the rows a search found out of view. On the EDT.
     */
    ArrayNode rows(String view, List<Integer> rows) {
        Scan scan = Scan.of(windows(), identities);
        ArrayNode out = Wire.array();
        Scan.Entry ve = viewEntry(scan, view);
        if (ve == null) {
            return out;
        }
        Component c = ve.target().component();
        java.util.function.IntFunction<String> ids = Rows.rowIdentifiers(c);
        int n = Rows.count(c);
        for (int i : rows) {
            if (i >= n) {
                continue;
            }
            Target t = new Target(null, Target.Kind.ROW, c, i, List.of());
            String id = ids.apply(i);
            boolean derived = id == null && ve.derived();
            id = id != null ? id : view + Scan.suffix(t, c);
            out.add(item(new Scan.Entry(id, t.named(id), ve.window(), view, derived, null), scan, true));
        }
        return out;
    }

    /**
     * An item a listing does not list one by one but its address names exactly (a cell, a tree
     * row's handle, a row out of view): listed alone, under the view that holds it. Nothing when
     * the scope addresses none, or one that does not show (a row under a collapsed node).
     */
    private void addressed(String scope, Scan scan, boolean verdicts, ArrayNode items) {
        Target t;
        try {
            t = Addresses.resolve(scope, scan);
        } catch (ProbeException doesNotShow) {
            return;
        }
        if (t == null) {
            return;
        }
        Component view = t.component() instanceof javax.swing.table.JTableHeader
                ? ((javax.swing.table.JTableHeader) t.component()).getTable() : t.component();
        String parent = null;
        for (Scan.Entry e : scan.entries) {
            if (e.target().kind() == Target.Kind.COMPONENT && e.target().component() == view) {
                parent = e.identifier();
            }
        }
        items.add(item(new Scan.Entry(scope, t, ViewRegistry.windowOf(view), parent, false, null), scan, verdicts));
    }

    @Override
    public ArrayNode audit() {
        Scan scan = Scan.of(windows(), identities);
        ArrayNode problems = Wire.array();
        Map<String, Integer> counts = new HashMap<>();
        for (Scan.Entry e : scan.entries) {
            if (e.identifier() != null) {
                counts.merge(e.base(), 1, Integer::sum);
            }
        }
        for (Scan.Entry e : scan.entries) {
            boolean operable = e.target().kind() != Target.Kind.COMPONENT || Controls.operable(e.target().component());
            if ((e.identifier() == null || e.derived()) && operable) {
                // With a derived identifier too: the ops reach it, but the app still names nothing.
                problems.add(item(e, scan).put("problem", e.identifier() == null ? AuditOp.NO_IDENTIFIER : AuditOp.DERIVED_ONLY));
            } else if (e.identifier() != null && counts.get(e.base()) > 1) {
                problems.add(item(e, scan).put("problem", "shared identifier"));
            }
        }
        return problems;
    }

    @Override
    public List<ControlState> states() {
        Scan scan = Scan.of(windows(), identities);
        List<ControlState> out = new ArrayList<>(scan.entries.size());
        states(scan, out);
        return out;
    }

    private static void states(Scan scan, List<ControlState> out) {
        for (Scan.Entry e : scan.entries) {
            if (e.identifier() != null) {
                out.add(Items.state(e.target(), scan.labels.get(e.target().component())));
            }
        }
    }

    private ObjectNode item(Scan.Entry e, Scan scan) {
        return item(e, scan, true);
    }

    private ObjectNode item(Scan.Entry e, Scan scan, boolean verdicts) {
        Target t = e.target();
        ObjectNode o = Items.describe(t, e.window(), scan.labels.get(t.component()));
        o.put("window", scan.identifierOf(e.window()));
        if (o.has("for")) {
            o.put("for", scan.identifierOf(((javax.swing.JToolTip) t.component()).getComponent()));
        }
        if (e.derived()) {
            o.put("derived", true);
        }
        if (e.shares() != null) {
            o.put("shares", e.shares());
        }
        o.put("parent", e.parent());
        if (!verdicts) {
            return o;
        }
        Verdict v = verdict(t, scan.windows, scan.covering);
        o.put("clickable", v.operable());
        if (v.at() != null) {
            o.putArray("at").add(v.at().x).add(v.at().y);
            Point origin = scan.covering.screen(t.window());
            o.putArray("atOnScreen").add(v.at().x + origin.x).add(v.at().y + origin.y);
        }
        if (!v.operable()) {
            o.put("reason", v.reason());
        }
        return o;
    }
}
