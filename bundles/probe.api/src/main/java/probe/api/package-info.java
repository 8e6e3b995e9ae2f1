/**
 * The probe's SPI: an op is a whiteboard {@link probe.api.ProbeOp} service named by {@link probe.api.Op};
 * the transport and the Gogo commands call it with an {@link probe.api.OpContext}. Since 1.1 an op
 * declares its argument names ({@link probe.api.Op#args()}), and {@link probe.api.Nearest} finds the
 * names nearest to a misspelt one. Since 1.2 {@link probe.api.Ops} names the ops code refers to.
 * Since 1.3 {@link probe.api.Names} bounds what a client may name, {@link probe.api.Nearest} is bounded in work,
 * and {@link probe.api.TokenFiles} reads a token
 * file (refusing one that others may read) for the probe and its clients alike.
 * Since 1.4 an op declares what it takes in its description ({@link probe.api.OpDescription}, a
 * JSON file beside it in its bundle), which the transport checks every request against, fills the
 * defaults from and serves ({@code probe.describe}); {@link probe.api.OpTable#call} runs an op the
 * same way in-process. {@link probe.api.Op#args()} remains for ops without a description. The
 * description is the one list of what an op is: 1.4 drops {@code Ops.CONTRACT} (the contract is the
 * ops the probe's bundles describe) and {@code Ops.readOnly} (a description's {@code acts} says it);
 * a minor version for a removal, as nothing of the probe is released yet.
 * Since 1.5 {@link probe.api.Session#holdEvents} lets a subscribing op say that its reply goes
 * before the events it subscribed to (the transport knows no op by name), and {@link probe.api.OpTable}
 * refuses an op whose description is malformed ({@link probe.api.OpTable#unavailable}, read as
 * {@link probe.api.OpTable#readDeclared} reads it) rather than run it unchecked.
 */
@Export
@Version("1.5.0")
package probe.api;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
