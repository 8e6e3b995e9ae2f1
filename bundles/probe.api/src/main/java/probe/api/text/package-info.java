/**
 * The text form of a listing: gui.list's items as the lines a model (and a person) reads, one per
 * control, indented under its container. One place for the wording, used by the probe's
 * {@code gui.list {format: text}} in the GUI's JVM and by the clients that list controls in their
 * own results (the MCP server's receipts).
 */
@Export
@Version("1.3.0")
package probe.api.text;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
