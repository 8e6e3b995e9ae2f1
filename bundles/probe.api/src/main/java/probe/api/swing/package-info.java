/**
 * What the op bundles share about Swing: the bounded hop onto the event dispatch thread and the
 * view registry that finds windows and controls. Since 1.2 the registry resolves an identifier and
 * takes a receipt's look in one walk ({@link probe.api.swing.ViewRegistry#resolve(String, java.util.List)}); since 1.3
 * {@link probe.api.swing.ViewRegistry#identifierOf} gives derived identifiers too and
 * {@link probe.api.swing.ViewRegistry#dialogName} names a dialog as the protocol does.
 */
@Export
@Version("1.3.0")
package probe.api.swing;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
