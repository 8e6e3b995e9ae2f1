/**
 * The person-readable form of the ops' data ({@code gui.list}'s tree, a dialog, an audit, an event
 * line), shared by the {@code hvm-dbg} CLI and the Gogo commands so that both say the same thing in
 * the same words. Plain functions from Jackson trees to text; nothing here touches a socket.
 */
@Export
@Version("1.1.0")
package probe.client.format;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
