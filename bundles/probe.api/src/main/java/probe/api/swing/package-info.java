/**
 * What the op bundles share about Swing: the bounded hop onto the event dispatch thread and the
 * view registry that finds windows and controls.
 */
@Export
@Version("1.1.0")
package probe.api.swing;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
