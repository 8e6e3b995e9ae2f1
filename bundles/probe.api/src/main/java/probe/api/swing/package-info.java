/**
 * What the op bundles share about Swing: the bounded hop onto the event dispatch thread and the
 * view registry that finds windows and controls. The registry resolves an identifier and takes a
 * receipt's look in one walk ({@link probe.api.swing.ViewRegistry#resolve(String, java.util.List)}),
 * gives what the application did not name a derived identifier ({@link
 * probe.api.swing.ViewRegistry#identifierOf}) and names a dialog as the protocol does ({@link
 * probe.api.swing.ViewRegistry#dialogName}), and judges a press at a point inside a control
 * ({@link probe.api.swing.ViewRegistry#verdict(probe.api.swing.Target, java.awt.Point)}).
 */
@Export
@Version("1.7.0")
package probe.api.swing;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
