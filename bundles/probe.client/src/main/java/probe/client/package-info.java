/**
 * The client side of HDP-GUI v1: {@link probe.client.ProbeClient} speaks the line protocol over
 * the probe's Unix socket, for the {@code hvm-dbg} CLI and for tests that drive a running probe.
 * Every failure is a {@link probe.client.ProbeClientException} (unchecked; its subtypes say whether
 * no probe answers, no reply came in time, or the op failed). {@link probe.client.RawConnection}
 * is the raw line side of a client's connection, for tests that speak the protocol by hand.
 * 1.1 added {@link probe.client.ProbeClient#send} and {@link probe.client.ProbeClient.Pending}. 1.2
 * added {@link probe.client.TokenFile} (a token file that others may read is refused) and
 * {@link probe.client.ProbePeerException} (a listener of another user is refused before anything
 * is sent to it) and {@link probe.client.ProbeUnavailableException.Reason#NOT_ACCEPTING} (a
 * listener that accepts nothing is given up on within the timeout).
 */
@Export
@Version("1.3.0")
package probe.client;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
