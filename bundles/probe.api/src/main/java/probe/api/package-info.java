/**
 * The probe's SPI: an op is a whiteboard {@link probe.api.ProbeOp} service named by {@link probe.api.Op};
 * the transport and the Gogo commands call it with an {@link probe.api.OpContext}.
 */
@Export
@Version("1.0.0")
package probe.api;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
