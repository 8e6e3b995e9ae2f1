/**
 * An op's reply in a person's words, chosen by the form its description names ({@link ReplyText}), from
 * the pieces of {@link Phrases} ({@code gui.list}'s tree, a dialog, an audit, an event line): one
 * wording for the {@code hvm-dbg} CLI, the Gogo commands and the MCP server. Plain functions from
 * Jackson trees to text; nothing here touches a socket.
 */
@Export
@Version("2.0.0")
package probe.client.format;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
