/**
 * The probe's SPI: an op is a whiteboard {@link probe.api.ProbeOp} service named by {@link
 * probe.api.Op}; the transport and the Gogo commands call it with an {@link probe.api.OpContext}. An
 * op declares what it takes in its description ({@link probe.api.OpDescription}, a JSON file beside it
 * in its bundle), the one list of what an op is: the transport checks every request against it ({@link
 * probe.api.RequestCheck}), fills the defaults from it and serves it ({@code probe.describe}: {@link
 * probe.api.DescriptionJson}, which also reads it, with its arguments as {@link
 * probe.api.ArgsSchema}); {@link probe.api.OpTable#call} runs an op the same way in-process; {@link
 * probe.api.Op#args()} names the arguments of an op without a description. {@link probe.api.Ops} names
 * the ops that code refers to; {@link probe.api.Names} bounds what a client may name and says how
 * names are spelt; {@link probe.api.Nearest} finds, with bounded work, the names nearest to a misspelt
 * one; {@link probe.api.TokenFiles} reads a token file (refusing one that others may read) for the
 * probe and its clients alike; {@link probe.api.Session#holdEvents} lets a subscribing op say that its
 * reply goes before the events it subscribed to, so that the transport knows no op by name. {@link
 * probe.api.OpTable} refuses an op whose description is malformed ({@link
 * probe.api.OpTable#unavailable}, read as {@link probe.api.OpTable#readDeclared} reads it) rather than
 * run it unchecked.
 */
@Export
@Version("2.1.0")
package probe.api;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
