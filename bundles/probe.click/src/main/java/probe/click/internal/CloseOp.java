package probe.click.internal;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Component;
import java.awt.Dialog;
import java.awt.Toolkit;
import java.awt.Window;
import java.awt.event.WindowEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.swing.RootPaneContainer;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Reference;
import probe.api.ErrorCodes;
import probe.api.Names;
import probe.api.Op;
import probe.api.ProbeException;
import probe.api.ProbeOp;
import probe.api.swing.Target;
import probe.api.swing.Verdict;
import probe.api.swing.ViewRegistry;
import probe.api.wire.Wire;
import probe.input.ActingOp;
import probe.input.Deadline;
import probe.input.Delivery;
import probe.input.Effects;

/**
 * {@code gui.close {dialog?}}: closes a dialog as a person does with its title bar's close button.
 * The window manager sends the window {@code WM_DELETE_WINDOW}, which the toolkit turns into a
 * {@code WindowEvent.WINDOW_CLOSING} posted to the event queue; this op posts the same event to the
 * same queue, so the dialog's own handling decides (its default close operation, a handler that
 * asks for a confirmation or refuses), and AWT's modal filter applies to it exactly as to a real
 * close: the close of a window another modal dialog blocks is dropped. Such a dialog is refused
 * before anything is posted ({@code gui.not_clickable}), from the registry's verdict on the dialog,
 * whose first question is the modal filter's. Arguments (checked by the transport from its
 * description, {@code OSGI-INF/probe/ops/gui.close.json}): {@code dialog}, else the topmost open
 * dialog; and the receipt's {@code effects} and {@code settleMillis}.
 */
// Qualified: Component in this file is java.awt.Component.
@org.osgi.service.component.annotations.Component(configurationPolicy = ConfigurationPolicy.IGNORE, service = ProbeOp.class)
@Op("gui.close")
public final class CloseOp extends ActingOp {
    /** How the registry's reason begins for a window a modal dialog blocks: the one refusal that keeps a close away. */
    static final String BEHIND_MODAL = "it is behind the modal dialog";
    /** The prefix the app names its dialogs with; the protocol names a dialog without it (as gui.dialog.current does). */
    private static final String PREFIX = "dialog.";

    @Activate
    public CloseOp(@Reference(name = "registry") ViewRegistry registry) {
        super(registry);
    }

    /** The dialog the close was posted to, as the reply names it. */
    private record Closing(Dialog dialog, String name, String title) {
    }

    @Override
    protected ObjectNode act(ObjectNode args, Effects effects, Deadline deadline) throws ProbeException {
        // Checked by the transport against the description: absent, or a non-empty name.
        String wanted = args.path("dialog").textValue();
        Closing closing = Delivery.run(deadline, () -> {
            effects.before();
            Dialog d = find(wanted);
            refuseIfBlocked(d);
            // What XDecoratedPeer.handleQuit does for WM_DELETE_WINDOW: the dialog's handlers run when the EDT takes it.
            Toolkit.getDefaultToolkit().getSystemEventQueue().postEvent(new WindowEvent(d, WindowEvent.WINDOW_CLOSING));
            return Delivery.posted(new Closing(d, name(d), d.getTitle()));
        }).value();
        ObjectNode data = Wire.object();
        data.put("dialog", closing.name());
        data.put("title", closing.title());
        data.put("closed", false);
        // Whether it closed is read once the GUI has settled: the receipt first.
        effects.finish(deadline, data);
        Dialog d = closing.dialog();
        data.put("closed", deadline.edt(() -> !d.isShowing()));
        return data;
    }

    /** The dialog {@code wanted} names among the showing ones, or the topmost when null. On the EDT. */
    private Dialog find(String wanted) throws ProbeException {
        List<Dialog> open = new ArrayList<>();
        for (Window w : registry.windows()) {
            if (w instanceof Dialog) {
                open.add((Dialog) w);
            }
        }
        if (wanted == null) {
            Optional<Dialog> top = registry.topmostDialog();
            if (top.isPresent()) {
                return top.get();
            }
            throw noDialog("no dialog is open", null, open);
        }
        List<Dialog> named = new ArrayList<>();
        for (Dialog d : open) {
            if (wanted.equals(name(d))) {
                named.add(d);
            }
        }
        if (named.size() == 1) {
            return named.get(0);
        }
        if (named.isEmpty()) {
            throw noDialog("no dialog '" + Names.quoted(wanted) + "' is open", wanted, open);
        }
        ObjectNode details = ProbeException.newDetails().put("dialog", wanted);
        ArrayNode titles = details.putArray("titles");
        named.forEach(d -> titles.add(d.getTitle()));
        throw new ProbeException(ErrorCodes.IDENTIFIER_AMBIGUOUS, named.size() + " open dialogs are named '" + Names.quoted(wanted)
                + "'; the probe does not guess which one is meant", details);
    }

    /** {@code gui.no_window}, naming the dialogs that are open ({@code details.open}, bottom first). */
    private ProbeException noDialog(String message, String wanted, List<Dialog> open) {
        ObjectNode details = ProbeException.newDetails();
        if (wanted != null) {
            details.put("dialog", wanted);
        }
        List<String> names = new ArrayList<>();
        open.forEach(d -> names.add(name(d)));
        ArrayNode list = details.putArray("open");
        names.forEach(list::add);
        return new ProbeException(ErrorCodes.NO_WINDOW, message + (names.isEmpty() ? "" : "; open: " + String.join(", ", names)), details);
    }

    /**
     * Refuses a dialog a modal dialog blocks, as AWT's modal filter would drop its close: the
     * registry's verdict on the dialog's root pane answers the filter's question before any other
     * (what covers it does not matter to a close, which comes from the window manager). On the EDT.
     */
    private void refuseIfBlocked(Dialog d) throws ProbeException {
        Component c = d instanceof RootPaneContainer ? ((RootPaneContainer) d).getRootPane() : d;
        Verdict v = registry.verdict(new Target(registry.identifierOf(d), Target.Kind.COMPONENT, c, -1, List.of()));
        if (v.operable() || v.reason() == null || !v.reason().startsWith(BEHIND_MODAL)) {
            return;
        }
        ObjectNode details = ProbeException.newDetails().put("dialog", name(d)).put("reason", v.reason());
        if (v.blockedBy() != null) {
            details.put("blockedBy", v.blockedBy());
        }
        throw new ProbeException(ErrorCodes.NOT_CLICKABLE, "the dialog '" + Names.quoted(name(d))
                + "' cannot be closed now: " + v.reason() + ", and AWT drops a close of a window a modal dialog blocks", details);
    }

    /** A dialog's name as gui.dialog.current gives it: {@code createVM} for {@code dialog.createVM}; an unnamed one's derived identifier. */
    private String name(Dialog d) {
        return registry.dialogName(d);
    }
}
