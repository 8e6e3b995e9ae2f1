/**
 * The client side of HDP-GUI v1: {@link probe.client.ProbeClient} speaks the line protocol over
 * the probe's Unix socket, for the {@code hvm-dbg} CLI and for tests that drive a running probe.
 */
@Export
@Version("1.0.0")
package probe.client;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
