package probe.registry.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Reference;
import probe.api.ErrorCodes;
import probe.api.Op;
import probe.api.OpContext;
import probe.api.Ops;
import probe.api.ProbeException;
import probe.api.ProbeOp;
import probe.api.swing.Edt;
import probe.api.swing.ViewRegistry;
import probe.api.text.Listing;
import probe.api.wire.Wire;

/**
 * {@code gui.list {scope, query?, maxItems?, format?}}: the controls a person sees, as the registry
 * describes them, as data or as lines ({@link Listing}), those matching {@code query}, at most
 * {@code maxItems}. A scope
 * that lists nothing, and that no name of a loaded catalogue starts with, is a typo: answered
 * {@code gui.identifier_not_found} with the nearest scopes.
 */
@Component(configurationPolicy = ConfigurationPolicy.IGNORE, service = ProbeOp.class)
@Op(Ops.LIST)
public final class ListOp implements ProbeOp {
    private static final Set<String> WORDS = Set.of("window", "dialog");

    private final ViewRegistry registry;
    private final Catalogues catalogues;

    @Activate
    public ListOp(@Reference(name = "registry") ViewRegistry registry, @Reference(name = "catalogues") Catalogues catalogues) {
        this.registry = registry;
        this.catalogues = catalogues;
    }

    @Override
    public JsonNode execute(OpContext ctx, ObjectNode args) throws ProbeException {
        // Checked against the description (OSGI-INF/probe/ops/gui.list.json): a name, not empty, default window.
        String scope = args.get("scope").textValue();
        // What a description cannot say: not blank either.
        if (scope.isBlank()) {
            throw ProbeException.invalidArgs("argument 'scope' must be window, dialog or an identifier prefix");
        }
        ArrayNode items = Edt.call(() -> registry.list(scope), ctx.timeoutMillis());
        Catalogue catalogue = catalogues.current();
        if (items.isEmpty() && !WORDS.contains(scope) && catalogue.loaded() && !catalogue.isPrefix(scope)) {
            // Nothing shows, and nothing the app has could: a misspelt scope, not an empty listing.
            throw NotFound.scope(scope, Edt.call(this::showing, ctx.timeoutMillis()), catalogue);
        }
        JsonNode q = args.get("query");
        String query = q == null ? null : q.textValue();
        if (query == null && ("window".equals(scope) || "dialog".equals(scope))) {
            // A closed menu is one line; a query or a scope that names the menu lists its items.
            items = Folding.fold(items);
        }
        JsonNode m = args.get("maxItems");
        int max = m == null ? Integer.MAX_VALUE : m.intValue();
        if (query != null && registry instanceof SwingViewRegistry) {
            // A large view lists the rows in view: its other rows are searched for the query across its whole model.
            items = searched((SwingViewRegistry) registry, items, query, Math.min(max, MOST_FOUND), ctx.timeoutMillis() / 2);
        }
        // Off the event thread: the filter and the text are the connection's work, not the GUI's.
        if ("text".equals(args.path("format").textValue())) {
            return Listing.lines(scope, items, query, max);
        }
        ObjectNode data = Wire.object();
        data.put("scope", scope);
        ArrayNode shown = query == null ? items : Listing.matching(items, query);
        int more = shown.size() - max;
        if (more > 0) {
            ArrayNode first = Wire.array();
            for (int i = 0; i < max; i++) {
                first.add(shown.get(i));
            }
            shown = first;
        }
        data.set("items", shown);
        if (more > 0) {
            data.put("more", more);
        }
        return data;
    }

    /** The most rows a query finds out of view in one large view (a larger maxItems does not raise it). */
    static final int MOST_FOUND = 1000;

    /**
     * {@code items} with, under each large view among them, the rows out of view whose text as
     * drawn holds {@code query} ({@link RowSearch}, at most {@code max} a view), each after the
     * rows listed of it; a view whose search the budget cut says in its {@code rows.searched} how
     * many rows were read.
     */
    private static ArrayNode searched(SwingViewRegistry registry, ArrayNode items, String query, int max, long budgetMillis)
            throws ProbeException {
        ArrayNode out = Wire.array();
        long until = System.nanoTime() + budgetMillis * 1_000_000;
        for (int k = 0; k < items.size(); k++) {
            JsonNode item = items.get(k);
            out.add(item);
            JsonNode rows = item.path("rows");
            String id = item.path("identifier").textValue();
            if (id == null || rows.path("count").asInt() <= Scan.ALL_ROWS) {
                continue;
            }
            while (k + 1 < items.size() && id.equals(items.get(k + 1).path("parent").textValue())) {
                out.add(items.get(++k));
            }
            java.awt.Component view = Edt.call(() -> registry.view(id), Math.max(1, budgetMillis));
            long left = (until - System.nanoTime()) / 1_000_000;
            if (view == null || left <= 0) {
                continue;
            }
            long[] longest = {0};
            RowSearch.Found found = RowSearch.find(view, query, rows.path("first").asInt(-1), rows.has("last") ? rows.get("last").asInt()
                    : -1, max, left, longest);
            if (!found.whole() && found.rows().size() < max) {
                ((ObjectNode) rows).put("searched", found.searched());
            }
            if (!found.rows().isEmpty()) {
                out.addAll(Edt.call(() -> registry.rows(id, found.rows()), Math.max(1, budgetMillis)));
            }
        }
        return out;
    }

    /** The identifiers showing now, to suggest from; none when no window shows. On the EDT. */
    private List<String> showing() throws ProbeException {
        ArrayNode items;
        try {
            items = registry.list("window");
        } catch (ProbeException e) {
            if (ErrorCodes.NO_WINDOW.equals(e.code())) {
                return List.of();
            }
            throw e;
        }
        List<String> out = new ArrayList<>();
        items.forEach(i -> {
            if (i.path("identifier").isTextual()) {
                out.add(i.get("identifier").textValue());
            }
        });
        return out;
    }
}
