package probe.registry.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import probe.api.wire.Wire;

/**
 * {@code gui.audit}: every operable control without an identifier of the app's (none at all, or only
 * the one the probe derived for it), every identifier that several
 * showing things share, and (when a catalogue is loaded) every showing identifier no catalogue holds.
 */
@Component(configurationPolicy = ConfigurationPolicy.IGNORE, service = ProbeOp.class)
@Op(Ops.AUDIT)
public final class AuditOp implements ProbeOp {
    static final String NOT_IN_CATALOGUE = "not in the catalogue";
    /** An operable control that has no identifier at all: the ops cannot reach it by name. */
    static final String NO_IDENTIFIER = "no identifier";
    /** An operable control the app did not name, which the ops reach by the identifier the probe derived for it. */
    static final String DERIVED_ONLY = "derived identifier only";

    private final ViewRegistry registry;
    private final Catalogues catalogues;

    @Activate
    public AuditOp(@Reference(name = "registry") ViewRegistry registry, @Reference(name = "catalogues") Catalogues catalogues) {
        this.registry = registry;
        this.catalogues = catalogues;
    }

    @Override
    public JsonNode execute(OpContext ctx, ObjectNode args) throws ProbeException {
        Catalogue catalogue = catalogues.current();
        ObjectNode data = Wire.object();
        ArrayNode problems = Edt.call(() -> {
            ArrayNode p = registry.audit();
            if (catalogue.loaded()) {
                uncatalogued(catalogue, p);
            }
            // How many controls it looked at, as gui.list counts those of the same windows: a clean
            // audit of nothing and one of a whole GUI are not the same news.
            data.put("checked", checked());
            return p;
        }, ctx.timeoutMillis());
        data.set("problems", problems);
        // How many of the unnamed controls the ops still reach, by the identifier derived for them.
        int derived = 0;
        for (JsonNode p : problems) {
            if (DERIVED_ONLY.equals(p.path("problem").textValue())) {
                derived++;
            }
        }
        data.put("derived", derived);
        return data;
    }

    /** The controls gui.list shows of the open windows (0 with none open). On the EDT. */
    private int checked() throws ProbeException {
        try {
            return registry.list("window").size();
        } catch (ProbeException e) {
            if (ErrorCodes.NO_WINDOW.equals(e.code())) {
                return 0;
            }
            throw e;
        }
    }

    /**
     * Adds every showing identifier that no loaded catalogue holds: the app shows a name it does not
     * publish, so gui.wait would refuse to wait for it and docs/IDENTIFIERS.md lacks it. On the EDT.
     */
    private void uncatalogued(Catalogue catalogue, ArrayNode problems) throws ProbeException {
        ArrayNode items;
        try {
            items = registry.list("window");
        } catch (ProbeException e) {
            if (ErrorCodes.NO_WINDOW.equals(e.code())) {
                return;
            }
            throw e;
        }
        for (JsonNode i : items) {
            JsonNode id = i.get("identifier");
            // A derived identifier is the probe's, not the app's: no catalogue could hold it.
            // A copy of a name several things share (name#2) is the app's name as far as the catalogue goes.
            String name = i.hasNonNull("shares") ? i.get("shares").textValue() : id != null && id.isTextual() ? id.textValue() : null;
            if (name != null && !i.path("derived").asBoolean(false) && !catalogue.knows(name)) {
                problems.add(((ObjectNode) i).put("problem", NOT_IN_CATALOGUE));
            }
        }
    }
}
