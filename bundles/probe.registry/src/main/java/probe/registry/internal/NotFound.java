package probe.registry.internal;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Dialog;
import java.awt.Window;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Supplier;
import probe.api.ErrorCodes;
import probe.api.Names;
import probe.api.ProbeException;

/**
 * The {@code gui.identifier_not_found} answers: what is wrong and what was probably meant. A control
 * of a dialog that is not open says so (suggesting a control elsewhere would only mislead); a name
 * the app never shows says that; a misspelt name gets its nearest names.
 *
 * <p>The nearest names are searched when the answer is first read, not when it is made
 * ({@link Deferred}): the registry makes it on the event dispatch thread, with a copy of the names
 * to search, and the search runs on the thread that reads it (the transport's, for a socket client);
 * a caller that only looks at the code (gui.wait, polling) never pays for it. A message quotes at
 * most the start of a name ({@link Names#quoted}).
 */
final class NotFound {
    static final int NEAREST = 5;

    private NotFound() {
    }

    /** A failure whose message and details are made when first asked for, once, on the asking thread. */
    static final class Deferred extends ProbeException {
        private static final long serialVersionUID = 1L;
        private final transient Supplier<ProbeException> make;
        private transient ProbeException made;

        Deferred(String code, Supplier<ProbeException> make) {
            super(code, code);
            this.make = make;
        }

        private synchronized ProbeException made() {
            if (made == null) {
                made = make.get();
            }
            return made;
        }

        /** Whether the message has been made: a test's way to see that throwing did not search. */
        synchronized boolean isMade() {
            return made != null;
        }

        @Override
        public String getMessage() {
            return made().getMessage();
        }

        @Override
        public ObjectNode details() {
            return made().details();
        }
    }

    /**
     * Nothing showing has {@code identifier}.
     *
     * @param showing the identifiers showing now, to suggest from
     * @param windows the showing windows
     * @param catalogue the names the app can show ({@link Catalogue#NONE} when unknown)
     */
    static ProbeException identifier(String identifier, Collection<String> showing, List<Window> windows, Catalogue catalogue) {
        String dialog = dialogOf(identifier);
        if (dialog != null && !isOpen(dialog, windows) && (!catalogue.loaded() || catalogue.knowsDialog(dialog))) {
            ObjectNode details = ProbeException.newDetails();
            details.put("dialog", Names.quoted(dialog));
            details.putArray("nearest");
            String what = identifier.equals("dialog." + dialog) ? "" : ", so '" + Names.quoted(identifier) + "' is not showing";
            return new ProbeException(ErrorCodes.IDENTIFIER_NOT_FOUND, "dialog '" + Names.quoted(dialog) + "' is not open" + what
                    + "; open it first (click what opens it, then gui.wait for dialog '" + Names.quoted(dialog) + "' to be open)", details);
        }
        // The names are a copy made on the EDT; the catalogue does not change: both may be read on any thread.
        List<String> names = List.copyOf(showing);
        return new Deferred(ErrorCodes.IDENTIFIER_NOT_FOUND, () -> {
            ObjectNode details = ProbeException.newDetails();
            List<String> nearest = Nearest.of(identifier, names, NEAREST);
            ArrayNode near = details.putArray("nearest");
            nearest.forEach(near::add);
            String why = !catalogue.loaded() ? ""
                    : catalogue.knows(identifier) ? " (one of the app's identifiers, but not showing now)"
                    : " (the app never shows such an identifier)";
            return new ProbeException(ErrorCodes.IDENTIFIER_NOT_FOUND, "no showing view with identifier '" + Names.quoted(identifier) + "'"
                    + why + (nearest.isEmpty() ? "" : "; nearest: " + nearest.get(0)), details);
        });
    }

    /**
     * {@code identifier} is a name the app never shows: {@code gui.wait} answers at once instead of
     * waiting for what cannot come.
     */
    static ProbeException neverShown(String identifier, Catalogue catalogue) {
        String dialog = dialogOf(identifier);
        if (dialog != null && !catalogue.knowsDialog(dialog)) {
            return noSuchDialog(dialog, catalogue);
        }
        return new Deferred(ErrorCodes.IDENTIFIER_NOT_FOUND, () -> {
            ObjectNode details = ProbeException.newDetails();
            List<String> nearest = Nearest.of(identifier, catalogue.candidates(identifier), NEAREST);
            ArrayNode near = details.putArray("nearest");
            nearest.forEach(near::add);
            return new ProbeException(ErrorCodes.IDENTIFIER_NOT_FOUND, "the app never shows an identifier '" + Names.quoted(identifier)
                    + "' (it is in no catalogue of names), so waiting for it is pointless"
                    + (nearest.isEmpty() ? "" : "; nearest: " + nearest.get(0)), details);
        });
    }

    /** The app has no dialog {@code name}. */
    static ProbeException noSuchDialog(String name, Catalogue catalogue) {
        return new Deferred(ErrorCodes.IDENTIFIER_NOT_FOUND, () -> {
            ObjectNode details = ProbeException.newDetails();
            details.put("dialog", Names.quoted(name));
            List<String> nearest = probe.api.Nearest.of(name, catalogue.dialogs(), NEAREST);
            ArrayNode near = details.putArray("nearest");
            nearest.forEach(near::add);
            ArrayNode all = details.putArray("dialogs");
            catalogue.dialogs().forEach(all::add);
            return new ProbeException(ErrorCodes.IDENTIFIER_NOT_FOUND, "the app has no dialog '" + Names.quoted(name) + "'"
                    + (nearest.isEmpty() ? "" : "; nearest: " + nearest.get(0)) + " (details.dialogs lists them)", details);
        });
    }

    /**
     * {@code gui.list} with a scope that is no scope word and no prefix of any name the app can
     * show: a typo, not an empty listing.
     */
    static ProbeException scope(String scope, Collection<String> showing, Catalogue catalogue) {
        // The app's own scenes (HVM's sidebar) come from its catalogue: the generic probe knows none.
        List<String> candidates = new ArrayList<>(List.of("window", "dialog"));
        candidates.addAll(catalogue.scopes());
        candidates.addAll(showing);
        return new Deferred(ErrorCodes.IDENTIFIER_NOT_FOUND, () -> {
            List<String> nearest = Nearest.of(scope, candidates, NEAREST);
            ObjectNode details = ProbeException.newDetails();
            details.put("scope", Names.quoted(scope));
            ArrayNode near = details.putArray("nearest");
            nearest.forEach(near::add);
            return new ProbeException(ErrorCodes.IDENTIFIER_NOT_FOUND, "scope '" + Names.quoted(scope) + "' is not window or dialog,"
                    + " and no identifier the app can show starts with it" + (nearest.isEmpty() ? "" : "; nearest: " + nearest.get(0)),
                    details);
        });
    }

    /** {@code createVM} for {@code dialog.createVM} and {@code dialog.createVM.input.name}; null for anything else. */
    static String dialogOf(String identifier) {
        if (!identifier.startsWith("dialog.") || identifier.length() == "dialog.".length()) {
            return null;
        }
        int end = identifier.indexOf('.', "dialog.".length());
        return identifier.substring("dialog.".length(), end < 0 ? identifier.length() : end);
    }

    private static boolean isOpen(String dialog, List<Window> windows) {
        for (Window w : windows) {
            if (w instanceof Dialog && ("dialog." + dialog).equals(Derived.explicit(w))) {
                return true;
            }
        }
        return false;
    }
}
