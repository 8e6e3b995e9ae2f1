/** The wire model: request and reply lines of HDP-GUI v1, shared by the server and the clients. */
@Export
@Version("1.3.0")
package probe.api.wire;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
