/**
 * An op's command line, built from its {@link probe.api.OpDescription}: what {@code hvm-dbg gui VERB}
 * and the Gogo shell's {@code gui:VERB} both parse, say in their help and complete, so that both take
 * the same options in the same spelling for every op, those of the contract and any other a running
 * probe describes. Pure functions from words to an op's {@code args}; nothing here touches a socket.
 */
@Export
@Version("1.0.0")
package probe.client.line;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
