package probe.client.format;

import static probe.api.text.Listing.isFalse;
import static probe.api.text.Listing.text;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import probe.api.wire.Json;

/**
 * The receipt of an action (its reply's {@code effects} and {@code settled}, docs/PROTOCOL.md) in
 * words, the one wording hvm-dbg, the Gogo commands and the MCP server share: what opened and
 * closed, where the focus went, the fields that changed, the controls that appeared and
 * disappeared (a dialog that came or went with its controls is one entry, its controls counted),
 * the menus opened (with their item counts) and closed (their items' showing or hiding left unsaid),
 * the windows still opening, the events (less those that only say a dialog opened or closed, which
 * the receipt says already, and the event thread's stalls, whose stacks only the data holds), and
 * whether the GUI had settled, or that the event thread was busy and how long (one line). A front end chooses only how many names each list shows and
 * whether the receipt is a line of its own ({@link #line}) or follows the action's words
 * ({@link #after}).
 */
public final class ReceiptText {
    /** The part that says what the action did to what was there: opened, closed, focus, changed. */
    private final List<String> done = new ArrayList<>();
    /** The part that says what came and went: appeared, disappeared, events, what the probe left out. */
    private final List<String> came = new ArrayList<>();
    /** Whether the reply has a receipt at all. */
    private final boolean given;
    /** Whether controls appeared that the caller lists itself (so the receipt does not name them). */
    private boolean appearedListed;
    /** {@code ""}, or {@code " (the GUI had not settled[ after N ms])"}. */
    private final String unsettled;
    /** {@code null}, or the line that says the event thread was busy (its stack is left to the data). */
    private final String busy;
    /** Whether the probe took no last look at the GUI (its event thread stayed busy): only events and times. */
    private final boolean unseen;

    /**
     * The receipt of {@code data}, each list naming at most {@code most} entries and counting the
     * rest; controls in {@code listed} (which the caller lists below it) are not named.
     */
    public static ReceiptText of(JsonNode data, int most, Set<String> listed) {
        return new ReceiptText(data, most, listed);
    }

    private ReceiptText(JsonNode data, int most, Set<String> listed) {
        JsonNode e = data == null ? null : data.get("effects");
        given = e != null && e.isObject();
        boolean settled = !isFalse(data, "settled");
        JsonNode ms = given ? e.get("settledMillis") : null;
        long busyMillis = given ? busyMillis(e) : 0;
        unseen = given && busyMillis > 0 && !e.has("changed") && !e.has("focus");
        String afterMs = ms != null && ms.isNumber() ? " after " + ms.asLong() + " ms" : "";
        busy = busyMillis == 0 ? null
                : unseen ? "the event thread was still busy" + afterMs + ": the GUI was not looked at again"
                : "the event thread was busy for " + busyMillis + " ms";
        boolean opening = given && e.path("opening").size() > 0;
        // A busy thread or a window still opening says why the GUI had not settled.
        unsettled = settled || busy != null || opening ? "" : " (the GUI had not settled" + afterMs + ")";
        if (!given) {
            return;
        }
        names(done, "opened", e.get("opened"), most, Set.of());
        JsonNode menus = e.get("menus");
        boolean menusCame = menus != null && (menus.path("opened").size() > 0 || menus.path("closed").size() > 0);
        if (menusCame) {
            menus(done, "opened", menus.get("opened"), most);
            menus(done, "closed", menus.get("closed"), most);
        }
        names(done, "closed", e.get("closed"), most, Set.of());
        List<String> coming = new ArrayList<>();
        for (JsonNode w : e.path("opening")) {
            String name = text(w, "name");
            String title = text(w, "title");
            coming.add(name != null ? Phrases.bare(name) : title != null ? Phrases.quote(title) : "a window");
        }
        bounded(done, "still opening", new ArrayList<>(), coming, most);
        JsonNode focus = e.get("focus");
        if (focus != null && focus.isObject()) {
            String before = text(focus, "before");
            String after = text(focus, "after");
            if (after != null && !after.equals(before)) {
                done.add("focus " + Phrases.bare(after));
            } else if (after == null && before != null && focus.has("after")) {
                done.add("focus left " + Phrases.bare(before));
            }
        }
        List<JsonNode> changed = new ArrayList<>();
        for (JsonNode c : e.path("changed")) {
            // A menu item shown or hidden with its menu: the menu's opening or closing says it.
            if (!(menusCame && "showing".equals(text(c, "field")))) {
                changed.add(c);
            }
        }
        for (int i = 0; i < changed.size(); i++) {
            if (i == most) {
                int left = changed.size() - i;
                done.add("+" + left + " more " + (left == 1 ? "change" : "changes"));
                break;
            }
            done.add(change(changed.get(i)));
        }
        JsonNode appeared = e.get("appeared");
        names(came, "appeared", appeared, most, listed);
        appearedListed = appeared != null && appeared.isArray() && !appeared.isEmpty() && !came.stream().anyMatch(p -> p.startsWith("appeared "));
        names(came, "disappeared", e.get("disappeared"), most, Set.of());
        Set<String> said = new HashSet<>();
        e.path("opened").forEach(n -> said.add("dialog.opened " + n.asText()));
        e.path("closed").forEach(n -> said.add("dialog.closed " + n.asText()));
        List<String> events = new ArrayList<>();
        for (JsonNode ev : e.path("events")) {
            // The watchdog's stall (with the event thread's whole stack) is the busy line; its stack is in the data.
            if (!said.contains(ev.path("event").asText() + " " + ev.path("name").asText()) && !STALL_EVENTS.contains(ev.path("event").asText())) {
                events.add(Phrases.event(ev));
            }
        }
        bounded(came, "events", new ArrayList<>(), events, most);
        JsonNode truncated = e.get("truncated");
        if (truncated != null && truncated.isNumber() && truncated.asLong() > 0) {
            // The probe keeps at most so many entries of each list: the data has no more than this says.
            came.add(truncated.asLong() + " more left out by the probe");
        }
    }

    /** The transport's watchdog events, which the busy line stands for. */
    private static final Set<String> STALL_EVENTS = Set.of("edt.stalled", "edt.recovered");

    /** How long the event thread was busy: the probe's {@code busyMillis}, else the longest stall among the events; 0 when neither. */
    private static long busyMillis(JsonNode e) {
        JsonNode b = e.get("busyMillis");
        if (b != null && b.isNumber()) {
            return b.asLong();
        }
        long most = 0;
        for (JsonNode ev : e.path("events")) {
            if (STALL_EVENTS.contains(ev.path("event").asText())) {
                most = Math.max(most, ev.path("millis").asLong(0));
            }
        }
        return most;
    }

    /**
     * {@code opened menu menu.file (4 items)}, {@code opened the context menu of t.panel.area (3
     * items)}, several as {@code opened menus a (2 items), b (1 item)}; {@code closed menu
     * menu.file}: the receipt's {@code menus}.
     */
    private static void menus(List<String> parts, String what, JsonNode list, int most) {
        List<String> named = new ArrayList<>();
        List<String> context = new ArrayList<>();
        for (JsonNode m : list == null ? List.<JsonNode>of() : list) {
            String menu = text(m, "menu");
            String on = text(m, "on");
            String items = what.equals("opened") && m.path("items").isNumber() ? " (" + Phrases.plural(m.path("items").asLong(), "item") + ")" : "";
            if (menu != null) {
                named.add(Phrases.bare(menu) + items);
            } else {
                context.add((on != null ? "the context menu of " + Phrases.bare(on) : "a context menu") + items);
            }
        }
        if (!named.isEmpty()) {
            bounded(parts, what + (named.size() == 1 ? " menu" : " menus"), new ArrayList<>(), named, most);
        }
        for (String c : context) {
            parts.add(what + " " + c);
        }
    }

    /**
     * The receipt as the rest of the action's line, for a person: {@code " → opened createVM; focus
     * dialog.createVM.input.name"} and, when controls came or went or events came, a second line
     * {@code "\n  appeared …; events …"}; {@code nothing} after the arrow when nothing changed; empty
     * when the reply has no receipt (or only says the GUI had not settled).
     */
    public String after(String nothing) {
        if (!given) {
            return unsettled;
        }
        StringBuilder b = new StringBuilder(Phrases.ARROW);
        if (unseen) {
            b.append(busy);
        } else {
            b.append(done.isEmpty() ? (came.isEmpty() ? nothing : "no change to a control's fields") : String.join("; ", done));
        }
        b.append(unsettled);
        if (!came.isEmpty()) {
            b.append('\n').append("  ").append(String.join("; ", came));
        }
        if (busy != null && !unseen) {
            b.append('\n').append("  ").append(busy);
        }
        return b.toString();
    }

    /**
     * The receipt as one line of its own, for a model: {@code opened createVM; focus …; appeared …;
     * events …}, {@code no visible change}, or, when the only change is controls the caller lists,
     * {@code the controls below appeared}; null when the reply has no receipt.
     */
    public String line() {
        if (!given) {
            return null;
        }
        List<String> all = new ArrayList<>(done);
        if (unseen) {
            all.add(busy);
        }
        all.addAll(came);
        String s = !all.isEmpty() ? String.join("; ", all) : appearedListed ? "the controls below appeared" : Phrases.NO_CHANGE;
        return s + (busy != null && !unseen ? "; " + busy : "") + unsettled;
    }

    /**
     * One changed field: {@code ID enabled}, {@code ID selected}, {@code ID out of view},
     * {@code ID value="Running"}, {@code ID length=8}: the field is named, as in the data.
     */
    private static String change(JsonNode c) {
        String id = text(c, "identifier");
        String field = text(c, "field");
        JsonNode after = c.get("after");
        String who = id == null ? Phrases.NO_IDENTIFIER : Phrases.bare(id);
        if (field == null || after == null) {
            return who + " changed";
        }
        switch (field) {
            case "enabled":
                return who + (after.asBoolean() ? " enabled" : " disabled");
            case "selected":
                return who + (after.asBoolean() ? " selected" : " unselected");
            case "expanded":
                return who + (after.asBoolean() ? " expanded" : " collapsed");
            case "showing":
                return who + (after.asBoolean() ? " showing" : " hidden");
            case "visible":
                return who + (after.asBoolean() ? " in view" : " out of view");
            default:
                return who + " " + field + "=" + (after.isNull() ? "null" : Phrases.value(after));
        }
    }

    /**
     * {@code what a, b, c +N more}, leaving out the names in {@code listed}; a dialog whose controls
     * came or went with it is one entry: {@code dialog.createVM and its 23 controls}.
     */
    private static void names(List<String> parts, String what, JsonNode list, int most, Set<String> listed) {
        if (list == null || !list.isArray() || list.isEmpty()) {
            return;
        }
        List<String> all = new ArrayList<>();
        for (JsonNode n : list) {
            String name = n.isTextual() ? n.textValue() : Json.compact(n);
            if (!listed.contains(name)) {
                all.add(name);
            }
        }
        List<String> names = new ArrayList<>();
        Set<String> grouped = new HashSet<>();
        for (String name : all) {
            if (name.startsWith("dialog.") && name.indexOf('.', "dialog.".length()) < 0) {
                int n = 0;
                for (String other : all) {
                    if (other.startsWith(name + ".")) {
                        grouped.add(other);
                        n++;
                    }
                }
                if (n > 0) {
                    names.add(Phrases.bare(name) + " and its " + Phrases.plural(n, "control"));
                    grouped.add(name);
                }
            }
        }
        List<String> rest = new ArrayList<>();
        for (String name : all) {
            if (!grouped.contains(name)) {
                rest.add(Phrases.bare(name));
            }
        }
        bounded(parts, what, names, rest, most);
    }

    /** {@code what} and {@code first}, then {@code rest} up to {@code most} entries in all and {@code +N more}; nothing when both are empty. */
    private static void bounded(List<String> parts, String what, List<String> first, List<String> rest, int most) {
        List<String> shown = new ArrayList<>(first);
        int room = Math.max(0, most - shown.size());
        shown.addAll(rest.subList(0, Math.min(room, rest.size())));
        if (rest.size() > room) {
            shown.add("+" + (rest.size() - room) + " more");
        }
        if (!shown.isEmpty()) {
            parts.add(what + " " + String.join(", ", shown));
        }
    }
}
