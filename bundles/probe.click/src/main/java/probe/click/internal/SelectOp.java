package probe.click.internal;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Component;
import java.awt.Point;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import javax.swing.JButton;
import javax.swing.JComboBox;
import javax.swing.JList;
import javax.swing.JTabbedPane;
import javax.swing.SwingUtilities;
import javax.swing.text.JTextComponent;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Reference;
import probe.api.ErrorCodes;
import probe.api.Op;
import probe.api.Ops;
import probe.api.ProbeException;
import probe.api.ProbeOp;
import probe.input.ActingOp;
import probe.input.Cells;
import probe.input.Deadline;
import probe.input.Effects;
import probe.input.Delivery;
import probe.input.Mouse;
import probe.input.Reach;
import probe.api.swing.Rows;
import probe.api.swing.Shown;
import probe.api.swing.Target;
import probe.api.swing.Verdict;
import probe.api.swing.ViewRegistry;
import probe.api.wire.Wire;

/**
 * {@code gui.select {identifier, label | row | index}}: chooses an item of a combo box, list,
 * table, tree or tabbed pane as a hand does. A combo box is clicked open, and once its popup shows,
 * the item's row is scrolled into view and clicked; a row of a list, table or tree is scrolled into
 * view and clicked; a tab is clicked. The item is named by the text a person reads in it (as the
 * renderer draws it), by its identifier (or the identifier's end after a dot, {@code fedora}), or by
 * its place. A popup the probe opened is closed again when the selection fails. In a text control
 * (or a spinner's text), {@code label} (the text to select) or {@code from} and {@code to}
 * (offsets) select characters as a hand drags over them ({@link TextSelection}).
 */
// Qualified: Component in this file is java.awt.Component.
@org.osgi.service.component.annotations.Component(configurationPolicy = ConfigurationPolicy.IGNORE, service = ProbeOp.class)
@Op(Ops.SELECT)
public final class SelectOp extends ActingOp {
    /** How many near labels or identifiers an error suggests. */
    private static final int NEAREST = 5;

    @Activate
    public SelectOp(@Reference(name = "registry") ViewRegistry registry) {
        super(registry);
    }

    /** The item asked for: exactly one of the three is set ({@code index} -1 when not). */
    private record Wanted(String label, String row, int index) {
    }

    /** One item as a person sees it. */
    private record Item(int index, String identifier, String label) {
    }

    /** What the first hop did: clicked {@code item}, or clicked {@code combo} open (or found it open). */
    private record Step(Item item, JComboBox<?> combo) {
    }

    /** {@code effects.before(identifier)} (its first look and the lookup in one walk) first in its first EDT task. */
    @Override
    protected ObjectNode act(ObjectNode args, Effects effects, Deadline deadline) throws ProbeException {
        // Checked against the description (OSGI-INF/probe/ops/gui.select.json): each one's type, a row not empty, an index from 0.
        String identifier = args.get("identifier").textValue();
        String label = args.path("label").textValue();
        String row = args.path("row").textValue();
        int index = args.has("index") ? args.get("index").intValue() : -1;
        int from = args.hasNonNull("from") ? args.get("from").intValue() : -1;
        int to = args.hasNonNull("to") ? args.get("to").intValue() : -1;
        if ((from >= 0) != (to >= 0)) {
            throw ProbeException.invalidArgs("give both 'from' and 'to' (the characters of a text to select, from 0), or neither");
        }
        // What a description cannot say: exactly one of the three (or the text's offsets).
        int given = (label != null ? 1 : 0) + (row != null ? 1 : 0) + (index >= 0 ? 1 : 0) + (from >= 0 ? 1 : 0);
        if (given != 1) {
            throw ProbeException.invalidArgs("give exactly one of 'label' (the text shown), 'row' (the item's identifier or its end,"
                    + " such as 'fedora') or 'index' (from 0); in a text, 'label' or 'from' and 'to'" + (given == 0 ? "" : ", not " + given));
        }
        Wanted wanted = new Wanted(label, row, index);
        if (from >= 0 || label != null) {
            TextSelection.Plan plan = Delivery.run(deadline, () -> {
                Target t = effects.before(identifier);
                JTextComponent text = t.kind() == Target.Kind.COMPONENT ? TextSelection.textOf(t.component()) : null;
                if (text == null) {
                    if (from >= 0) {
                        throw ProbeException.invalidArgs("'from' and 'to' select characters of a text field or area; '" + identifier
                                + "' is " + what(t));
                    }
                    return Delivery.nothing(null);
                }
                if (TextSelection.clickedIn(registry, t, text)) {
                    return Delivery.posted(TextSelection.FOCUSING);
                }
                return Delivery.posted(TextSelection.press(registry, t, text, label, from, to));
            }).value();
            if (plan == TextSelection.FOCUSING) {
                plan = TextSelection.afterFocus(registry, identifier, label, from, to, deadline);
            }
            if (plan != null) {
                return TextSelection.finish(identifier, plan, deadline);
            }
        }

        // Set on the EDT once a click that opens a combo's popup is posted, so any failure after it closes that popup again.
        AtomicReference<JComboBox<?>> opened = new AtomicReference<>();
        Item chosen;
        try {
            // A table cell named: its editor started as a hand starts it; a combo box editing it is then chosen from.
            AtomicReference<Target> cell = new AtomicReference<>();
            Step step = Delivery.run(deadline, () -> {
                Target t = effects.before(identifier);
                Component c = t.component();
                if (Cells.isCell(t)) {
                    cell.set(t);
                    Cells.start(registry, t);
                    return Delivery.posted(new Step(null, null));
                }
                if (t.kind() != Target.Kind.COMPONENT || !selectable(c)) {
                    throw ProbeException.invalidArgs("'" + identifier + "' is " + what(t) + ": gui.select chooses an item of a"
                            + " combo box, list, table, tree or tabbed pane, or a text's characters by 'label' or 'from' and 'to'"
                            + " (use gui.click for anything else)");
                }
                // A hand meets a disabled or blocked control before it reads its items.
                Verdict tv = Reach.check(registry, t);
                if (c instanceof JComboBox) {
                    // A combo's items are read in its open popup, as a hand's eyes read them: an app may fill it as it opens.
                    JComboBox<?> combo = (JComboBox<?>) c;
                    if (combo.isPopupVisible()) {
                        return Delivery.nothing(new Step(null, combo));
                    }
                    Target opener = opener(combo, t);
                    Point p = (opener != t ? Reach.check(registry, opener) : tv).at();
                    Mouse.click(opener.window(), p, Mouse.Button.LEFT, 1);
                    opened.set(combo);
                    return Delivery.posted(new Step(null, combo));
                }
                Item item = find(identifier, c, wanted);
                Target it = new Target(itemIdentifier(identifier, item), c instanceof JTabbedPane ? Target.Kind.TAB : Target.Kind.ROW,
                        c, item.index(), List.of());
                Point p = Reach.check(registry, it).at();
                Mouse.click(it.window(), p, Mouse.Button.LEFT, 1);
                return Delivery.posted(new Step(item, null));
            }).value();
            JComboBox<?> combo = cell.get() != null ? cellCombo(identifier, cell.get(), opened, deadline) : step.combo();
            chosen = combo == null ? step.item() : fromPopup(identifier, combo, wanted, deadline);
            if (cell.get() != null) {
                // The items of a cell editor's popup have no identifier of their own: the cell is what was edited.
                chosen = new Item(chosen.index(), null, chosen.label());
            }
        } catch (ProbeException | RuntimeException e) {
            if (opened.get() != null) {
                closePopup(opened.get());
            }
            throw e;
        }

        ObjectNode data = Wire.object();
        data.put("identifier", identifier);
        data.put("selected", chosen.identifier());
        data.put("label", chosen.label());
        data.put("index", chosen.index());
        return data;
    }

    /**
     * The combo box editing a table cell once its editor has started, its popup clicked open when
     * the clicks that started it did not open it; else, the editing cancelled, {@code
     * gui.not_editable} (a text cell is typed into, a check box cell clicked).
     */
    private JComboBox<?> cellCombo(String identifier, Target cell, AtomicReference<JComboBox<?>> opened, Deadline deadline)
            throws ProbeException {
        // The clicks that start the editor were handled when the first hop's wait ended: it has started by now, or never will.
        return Delivery.run(deadline, () -> {
            Component editing = Cells.started(cell);
            if (!(editing instanceof JComboBox)) {
                Cells.cancel(cell);
                throw Cells.notEditable(identifier, "its editor is a " + editing.getClass().getSimpleName() + ", not a combo box"
                        + (editing instanceof javax.swing.text.JTextComponent ? " (type its value with gui.type)"
                                : editing instanceof javax.swing.AbstractButton ? " (toggle it with gui.click)" : ""));
            }
            JComboBox<?> combo = (JComboBox<?>) editing;
            if (combo.isPopupVisible()) {
                return Delivery.nothing(combo);
            }
            Target comboTarget = new Target(identifier, Target.Kind.COMPONENT, combo, -1, List.of());
            Target opener = opener(combo, comboTarget);
            Mouse.click(opener.window(), Reach.check(registry, opener).at(), Mouse.Button.LEFT, 1);
            opened.set(combo);
            return Delivery.posted(combo);
        }).value();
    }

    /** Whether {@code c} has items gui.select can choose. */
    private static boolean selectable(Component c) {
        return c instanceof JComboBox || Rows.hasRows(c) || c instanceof JTabbedPane;
    }

    private static String what(Target t) {
        switch (t.kind()) {
            case ROW:
                return "a row (select it through its view, or click it)";
            case TAB:
                return "a tab (select it through its tabbed pane, or click it)";
            default:
                String name = t.component().getClass().getSimpleName();
                return "a " + (name.isEmpty() ? t.component().getClass().getName() : name);
        }
    }

    /** The control a hand clicks to open a combo's popup: the combo itself, or its arrow button when its text is editable. */
    private static Target opener(JComboBox<?> combo, Target comboTarget) {
        if (!combo.isEditable()) {
            return comboTarget;
        }
        for (Component part : combo.getComponents()) {
            if (part instanceof JButton && part.isShowing()) {
                String name = part.getName() != null ? part.getName() : comboTarget.identifier() + " (its arrow button)";
                return new Target(name, Target.Kind.COMPONENT, part, -1, List.of());
            }
        }
        return comboTarget;
    }

    /**
     * The second hop for a combo box: waits until its popup shows, finds the item among the items
     * it shows now, scrolls the item's row of the popup list into view and clicks it, as a hand picks
     * from the open list.
     */
    private Item fromPopup(String identifier, JComboBox<?> combo, Wanted wanted, Deadline deadline) throws ProbeException {
        if (!deadline.until(combo::isPopupVisible)) {
            throw Reach.refusal(identifier, Verdict.refused("its popup did not open within " + deadline.timeoutMillis() + " ms", null));
        }
        return Delivery.run(deadline, () -> {
            JList<?> list = Rows.popupList(combo);
            if (list == null || !list.isShowing()) {
                throw Reach.refusal(identifier, Verdict.refused("its popup closed before the item could be chosen", null));
            }
            Item item = find(identifier, combo, wanted);
            Target row = new Target(itemIdentifier(identifier, item), Target.Kind.ROW, list, item.index(), List.of());
            Mouse.click(row.window(), Reach.check(registry, row).at(), Mouse.Button.LEFT, 1);
            return Delivery.posted(item);
        }).value();
    }

    /** Closes a combo's popup that the probe opened, behind the click that opened it (queued after it, so it runs later). */
    private static void closePopup(JComboBox<?> combo) {
        SwingUtilities.invokeLater(() -> combo.setPopupVisible(false));
    }

    /** What an error names an item by: its identifier, else the view's identifier and its index. */
    private static String itemIdentifier(String view, Item item) {
        return item.identifier() != null ? item.identifier() : view + " item " + item.index();
    }

    // ---- finding the item ----

    /** The items of the view: how many, and each one's identifier and shown text, computed only when asked. */
    private static final class Items {
        /** The app's naming of the items, else (a view named by derivation) {@code <view><infix><index>} as the registry lists them. */
        private static IntFunction<String> orDerived(IntFunction<String> named, String view, String infix) {
            return i -> {
                String id = named.apply(i);
                return id != null || view == null ? id : view + infix + i;
            };
        }

        final int count;
        final IntFunction<String> identifiers;
        final IntFunction<String> labels;

        /** {@code view}: the identifier the registry gives the view (explicit or derived), for the rows of an unnamed one. */
        Items(Component c, String view) {
            if (c instanceof JComboBox) {
                JComboBox<?> combo = (JComboBox<?>) c;
                count = combo.getItemCount();
                identifiers = orDerived(Rows.itemIdentifiers(combo), view, ".row.");
                labels = i -> Shown.comboItem(combo, i);
            } else if (c instanceof JTabbedPane) {
                JTabbedPane pane = (JTabbedPane) c;
                count = pane.getTabCount();
                identifiers = view == null ? i -> null : i -> view + ".tab." + i;
                labels = pane::getTitleAt;
            } else {
                count = Rows.count(c);
                identifiers = orDerived(Rows.rowIdentifiers(c), view, ".row.");
                labels = i -> Shown.row(c, i);
            }
        }

        Item item(int i) {
            return new Item(i, identifiers.apply(i), labels.apply(i));
        }
    }

    /**
     * The one item {@code wanted} names. By label: the items whose shown text is exactly it, else
     * those whose text equals it ignoring case. By row: the item whose identifier is it, else those
     * whose identifier ends with a dot and it. By index: that item.
     *
     * @throws ProbeException {@code gui.identifier_not_found} with the nearest labels or identifiers,
     *     {@code gui.identifier_ambiguous} with the candidates when several items match
     */
    private static Item find(String identifier, Component c, Wanted wanted) throws ProbeException {
        Items items = new Items(c, identifier);
        if (wanted.index() >= 0) {
            if (wanted.index() >= items.count) {
                ObjectNode details = notFoundDetails(identifier, items);
                throw new ProbeException(ErrorCodes.IDENTIFIER_NOT_FOUND, "'" + identifier + "' has no item at index " + wanted.index()
                        + ": it has " + items.count + (items.count == 0 ? " items" : items.count == 1 ? " item (index 0)"
                        : " items (index 0 to " + (items.count - 1) + ")"), details);
            }
            return items.item(wanted.index());
        }
        List<Item> all = IntStream.range(0, items.count).mapToObj(items::item).collect(Collectors.toList());
        List<Item> matches;
        String asked;
        List<String> names;
        if (wanted.label() != null) {
            asked = "labelled \"" + wanted.label() + "\"";
            matches = all.stream().filter(i -> wanted.label().equals(i.label()) || inCell(c, i.index(), wanted.label(), false))
                    .collect(Collectors.toList());
            if (matches.isEmpty()) {
                matches = all.stream().filter(i -> wanted.label().equalsIgnoreCase(i.label()) || inCell(c, i.index(), wanted.label(), true))
                        .collect(Collectors.toList());
            }
            names = all.stream().map(Item::label).filter(s -> s != null).collect(Collectors.toList());
        } else {
            asked = "with the identifier '" + wanted.row() + "'";
            matches = all.stream().filter(i -> wanted.row().equals(i.identifier())).collect(Collectors.toList());
            if (matches.isEmpty()) {
                matches = all.stream().filter(i -> i.identifier() != null && i.identifier().endsWith("." + wanted.row()))
                        .collect(Collectors.toList());
            }
            names = all.stream().map(Item::identifier).filter(s -> s != null).collect(Collectors.toList());
        }
        if (matches.size() == 1) {
            return matches.get(0);
        }
        if (matches.isEmpty()) {
            ObjectNode details = notFoundDetails(identifier, items);
            ArrayNode near = details.putArray("nearest");
            String key = wanted.label() != null ? wanted.label() : wanted.row();
            nearest(key, names).forEach(near::add);
            throw new ProbeException(ErrorCodes.IDENTIFIER_NOT_FOUND, "'" + identifier + "' has no item " + asked
                    + (near.isEmpty() ? " (it has no items)" : "; nearest: " + quoted(near, wanted.label() != null)), details);
        }
        ObjectNode details = ProbeException.newDetails();
        details.put("identifier", identifier);
        ArrayNode candidates = details.putArray("candidates");
        for (Item m : matches) {
            ObjectNode o = candidates.addObject();
            o.put("identifier", m.identifier());
            o.put("role", c instanceof JTabbedPane ? "tab" : "row");
            o.put("label", m.label());
            o.put("index", m.index());
        }
        throw new ProbeException(ErrorCodes.IDENTIFIER_AMBIGUOUS, matches.size() + " items of '" + identifier + "' are " + asked
                + "; the probe does not guess which one is meant: give its 'row' or 'index'", details);
    }

    /** Whether a cell of a table's row {@code row} shows {@code label} (exactly, or ignoring case): a row is found by any of its cells. */
    private static boolean inCell(Component c, int row, String label, boolean ignoreCase) {
        if (!(c instanceof javax.swing.JTable)) {
            return false;
        }
        javax.swing.JTable table = (javax.swing.JTable) c;
        for (int col = 0; col < table.getColumnCount(); col++) {
            String text = Shown.cellText(Shown.cell(table, row, col));
            if (ignoreCase ? label.equalsIgnoreCase(text) : label.equals(text)) {
                return true;
            }
        }
        return false;
    }

    private static ObjectNode notFoundDetails(String identifier, Items items) {
        ObjectNode details = ProbeException.newDetails();
        details.put("identifier", identifier);
        details.put("count", items.count);
        return details;
    }

    private static String quoted(ArrayNode near, boolean labels) {
        List<String> out = new ArrayList<>();
        near.forEach(n -> out.add(labels ? "\"" + n.asText() + "\"" : n.asText()));
        return String.join(", ", out);
    }

    /** The names closest to {@code wanted}, ignoring case: shortest edit distance, ties in the view's order. */
    static List<String> nearest(String wanted, List<String> names) {
        String w = wanted.toLowerCase(Locale.ROOT);
        return names.stream().distinct()
                .sorted(Comparator.comparingInt(s -> distance(w, s.toLowerCase(Locale.ROOT))))
                .limit(NEAREST)
                .collect(Collectors.toList());
    }

    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
