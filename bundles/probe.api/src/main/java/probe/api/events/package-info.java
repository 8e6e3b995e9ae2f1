/** The event bus that carries GUI and domain events to subscribers. */
@Export
@Version("1.1.0")
package probe.api.events;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
