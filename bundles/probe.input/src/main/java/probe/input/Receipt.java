package probe.input;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Dialog;
import java.awt.Window;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import probe.api.swing.ControlState;
import probe.api.wire.Wire;

/**
 * The receipt of an action, built off the EDT from its two looks: its one job is the difference.
 * Dialogs opened and closed, menus opened and closed with their item counts, windows still opening,
 * where the focus went, the named controls whose fields changed, those that appeared or disappeared,
 * the bus's events meanwhile, and how long the event thread was busy; each list at most {@link
 * Effects#MAX_ENTRIES} long, the rest counted in {@code truncated}. It holds identifiers, the
 * fields of {@link ControlState} (a password field's {@code length}, and the typed field's, never
 * their text) and the bus's events, which never hold typed text.
 */
final class ReceiptText {
    private ReceiptText() {
    }

    /** How many entries were left out of the lists. */
    private static final class Counter {
        int n;
    }

    /**
     * The receipt.
     *
     * @param before the first look
     * @param after what the settling saw; without its last look (the EDT stayed busy) the receipt has only events, the time and how long the EDT was busy
     * @param events the bus's events, or null without a bus (the receipt then has no {@code events})
     * @param withheld the controls whose text is given as its length
     * @param target the identifier the action was aimed at, or null
     * @param elapsedNanos the time since the first look, for when there is no {@code after}
     */
    static ObjectNode of(GuiState before, Settling.Result after, EventLog events, Set<String> withheld, String target, long elapsedNanos) {
        ObjectNode r = Wire.object();
        Counter left = new Counter();
        GuiState last = after == null ? null : after.look();
        if (last != null) {
            ArrayNode opened = r.putArray("opened");
            ArrayNode closed = r.putArray("closed");
            for (Window w : last.windows) {
                if (w instanceof Dialog && !before.windows.contains(w)) {
                    add(opened, last.dialogs.get(w), left);
                }
            }
            for (Window w : before.windows) {
                if (w instanceof Dialog && !last.windows.contains(w)) {
                    add(closed, before.dialogs.get(w), left);
                }
            }
            if (!last.menusOpened.isEmpty() || !last.menusClosed.isEmpty()) {
                ObjectNode menus = r.putObject("menus");
                menus(menus.putArray("opened"), last.menusOpened, left);
                menus(menus.putArray("closed"), last.menusClosed, left);
            }
            if (!last.opening.isEmpty()) {
                ArrayNode opening = r.putArray("opening");
                for (String[] w : last.opening) {
                    ObjectNode o = entry(opening, left);
                    if (o != null) {
                        o.put("name", w[0]).put("title", w[1]);
                    }
                }
            }
            ObjectNode focus = r.putObject("focus");
            focus.put("before", before.focus);
            focus.put("after", last.focus);
            diff(r, before.states, last.states, withheld, target, left);
        }
        long stalled = 0;
        if (events != null) {
            left.n += events.drainTo(r.putArray("events"));
            stalled = events.stalledMillis();
        }
        r.put("settledMillis", TimeUnit.NANOSECONDS.toMillis(after != null ? after.settledNanos() : elapsedNanos));
        // How long the event thread was busy: the settling's own wait for it, or the watchdog's stall, whichever is longer.
        long busy = after == null ? 0 : TimeUnit.NANOSECONDS.toMillis(after.busyNanos());
        busy = Math.max(busy >= Settling.BUSY_MILLIS ? busy : 0, stalled);
        if (busy > 0) {
            r.put("busyMillis", busy);
        }
        if (left.n > 0) {
            r.put("truncated", left.n);
        }
        return r;
    }

    private static void menus(ArrayNode list, List<Openings.Menu> menus, Counter left) {
        for (Openings.Menu m : menus) {
            ObjectNode o = entry(list, left);
            if (o == null) {
                continue;
            }
            o.put("menu", m.menu());
            if (m.on() != null) {
                o.put("on", m.on());
            }
            o.put("items", m.items());
        }
    }

    /** A new object at the end of {@code list}, or null, counted in {@code left}, when it holds {@link Effects#MAX_ENTRIES} already. */
    private static ObjectNode entry(ArrayNode list, Counter left) {
        if (list.size() < Effects.MAX_ENTRIES) {
            return list.addObject();
        }
        left.n++;
        return null;
    }

    private static void add(ArrayNode list, String s, Counter left) {
        if (list.size() < Effects.MAX_ENTRIES) {
            list.add(s);
        } else {
            left.n++;
        }
    }

    /**
     * {@code changed}, {@code appeared} and {@code disappeared}: the named controls compared by
     * identifier (the first of several that share one). The two lists are in the registry's order,
     * which an input rarely changes: they are compared place by place as long as the identifiers
     * match, and by identifier from the first place where they do not. The action's {@code target},
     * when it appeared (a row under a collapsed node, which the action expanded to reach it), is in
     * {@code changed} too with its {@code selected} when it is selected now, {@code before} null: a
     * receipt always says what became of the thing it was aimed at.
     */
    private static void diff(ObjectNode r, List<ControlState> before, List<ControlState> after, Set<String> withheld, String target,
            Counter left) {
        ArrayNode changed = r.putArray("changed");
        ArrayNode appeared = r.putArray("appeared");
        ArrayNode disappeared = r.putArray("disappeared");
        int same = 0;
        int n = Math.min(before.size(), after.size());
        while (same < n && before.get(same).identifier().equals(after.get(same).identifier())) {
            compare(changed, before.get(same), after.get(same), withheld, left);
            same++;
        }
        if (same == before.size() && same == after.size()) {
            return;
        }
        Map<String, ControlState> was = new HashMap<>((before.size() - same) * 2);
        for (int i = before.size() - 1; i >= same; i--) {
            was.put(before.get(i).identifier(), before.get(i));
        }
        Map<String, Boolean> seen = new HashMap<>((after.size() - same) * 2);
        Set<String> prefix = null;
        for (int i = same; i < after.size(); i++) {
            ControlState now = after.get(i);
            if (seen.put(now.identifier(), Boolean.TRUE) != null) {
                continue;
            }
            ControlState then = was.get(now.identifier());
            if (then == null) {
                if (prefix == null) {
                    // Only when something is new: the identifiers already compared place by place.
                    prefix = new HashSet<>();
                    for (int k = 0; k < same; k++) {
                        prefix.add(before.get(k).identifier());
                    }
                }
                if (!prefix.contains(now.identifier())) {
                    add(appeared, now.identifier(), left);
                    ObjectNode c = now.identifier().equals(target) && Boolean.TRUE.equals(now.selected()) ? entry(changed, left) : null;
                    if (c != null) {
                        c.put("identifier", target).put("field", "selected").putNull("before").put("after", true);
                    }
                }
            } else {
                compare(changed, then, now, withheld, left);
            }
        }
        for (int i = same; i < before.size(); i++) {
            String id = before.get(i).identifier();
            if (!seen.containsKey(id) && was.remove(id) != null) {
                add(disappeared, id, left);
            }
        }
    }

    /** Adds to {@code changed} each of the fields ({@link ControlState#FIELDS}) that differs between {@code then} and {@code now}. */
    private static void compare(ArrayNode changed, ControlState then, ControlState now, Set<String> withheld, Counter left) {
        if (then.equals(now)) {
            return;
        }
        for (String field : ControlState.FIELDS) {
            if (!then.differs(now, field)) {
                continue;
            }
            if (field.equals("label") && then.differs(now, "value") && Objects.equals(then.label(), then.value())
                    && Objects.equals(now.label(), now.value())) {
                // A label's text is both its value and its label: one change, reported as its value.
                continue;
            }
            ObjectNode c = entry(changed, left);
            if (c == null) {
                continue;
            }
            c.put("identifier", now.identifier());
            if (field.equals("value") && withheld.contains(now.identifier())) {
                // The text typed: only how long it is, as for a password field.
                c.put("field", "length");
                c.put("before", length(then.value()));
                c.put("after", length(now.value()));
                continue;
            }
            c.put("field", field);
            c.set("before", json(then.field(field)));
            c.set("after", json(now.field(field)));
        }
    }

    private static int length(Object v) {
        return v == null ? 0 : v.toString().length();
    }

    private static JsonNode json(Object v) {
        if (v == null) {
            return JsonNodeFactory.instance.nullNode();
        }
        if (v instanceof Boolean) {
            return JsonNodeFactory.instance.booleanNode((Boolean) v);
        }
        if (v instanceof Integer) {
            return JsonNodeFactory.instance.numberNode((Integer) v);
        }
        if (v instanceof Long) {
            return JsonNodeFactory.instance.numberNode((Long) v);
        }
        if (v instanceof Double) {
            return JsonNodeFactory.instance.numberNode((Double) v);
        }
        return JsonNodeFactory.instance.textNode(v.toString());
    }

}
