package demo.echo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import probe.api.Op;
import probe.api.OpContext;
import probe.api.ProbeOp;

/**
 * {@code demo.echo {text, times?}}: answers {@code {"text": TEXT repeated times times}}. What it takes
 * is declared once, in OSGI-INF/probe/ops/demo.echo.json: the transport checks the arguments against it
 * (and fills in times' default) before this runs, so it reads them as given. No configuration: a
 * component that may be configured keeps its bundle's metadata in Felix after it is uninstalled
 * (docs/PLUGINS.md, "Limits").
 */
@Component(service = ProbeOp.class, configurationPolicy = ConfigurationPolicy.IGNORE)
@Op("demo.echo")
public final class EchoOp implements ProbeOp {
    @Override
    public JsonNode execute(OpContext ctx, ObjectNode args) {
        String text = args.get("text").textValue();
        int times = args.get("times").intValue();
        ObjectNode reply = JsonNodeFactory.instance.objectNode();
        reply.put("text", text.repeat(times));
        return reply;
    }
}
