package probe.events.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Dialog;
import java.util.Optional;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Reference;
import probe.api.Op;
import probe.api.OpContext;
import probe.api.Ops;
import probe.api.ProbeException;
import probe.api.ProbeOp;
import probe.api.swing.Edt;
import probe.api.swing.ViewRegistry;
import probe.api.wire.Wire;

/**
 * {@code gui.dialog.current}: the topmost showing dialog, {@code {name, title, modal, focused,
 * controls}}, with {@code name} null (and no controls) when none is open. {@code focused} says
 * whether the dialog is the window with the keyboard focus; {@code controls} are its
 * {@code gui.list} items.
 */
@Component(configurationPolicy = ConfigurationPolicy.IGNORE, service = ProbeOp.class)
@Op(Ops.DIALOG_CURRENT)
public final class DialogCurrentOp implements ProbeOp {
    private final ViewRegistry registry;

    @Activate
    public DialogCurrentOp(@Reference(name = "registry") ViewRegistry registry) {
        this.registry = registry;
    }

    @Override
    public JsonNode execute(OpContext ctx, ObjectNode args) throws ProbeException {
        return Edt.call(this::current, ctx.timeoutMillis());
    }

    private ObjectNode current() throws ProbeException {
        ObjectNode data = Wire.object();
        Optional<Dialog> top = registry.topmostDialog();
        if (top.isEmpty()) {
            data.putNull("name");
            data.putNull("title");
            data.put("modal", false);
            data.put("focused", false);
            data.putArray("controls");
            return data;
        }
        Dialog d = top.get();
        data.put("name", registry.dialogName(d));
        data.put("title", d.getTitle());
        data.put("modal", d.isModal());
        data.put("focused", d.isFocused());
        data.set("controls", registry.list("dialog"));
        return data;
    }
}
