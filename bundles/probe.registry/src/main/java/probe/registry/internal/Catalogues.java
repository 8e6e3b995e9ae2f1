package probe.registry.internal;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.util.tracker.BundleTracker;
import org.osgi.util.tracker.BundleTrackerCustomizer;

/**
 * The catalogues of names that running bundles publish, merged: OSGi's extender pattern. A bundle
 * that shows windows names a resource in its manifest header {@value #HEADER} (the HVM GUI's is
 * {@code OSGI-INF/hdp/catalogue.txt}); this tracker reads it while the bundle is starting or
 * active and forgets it when the bundle stops. The app so tells the probe which names it can ever
 * show without importing anything of the probe, and without knowing whether a probe runs at all.
 */
@Component(service = Catalogues.class, configurationPolicy = ConfigurationPolicy.IGNORE)
public final class Catalogues {
    /** The manifest header that names a bundle's catalogue resources (comma separated paths in the bundle). */
    static final String HEADER = "Hdp-Catalogue";

    private static final System.Logger LOG = System.getLogger(Catalogues.class.getName());

    /** By bundle id, so the merge is the same whatever order the bundles came in. */
    private final Map<Long, Catalogue> byBundle = new TreeMap<>();
    private volatile Catalogue current = Catalogue.NONE;
    private BundleTracker<Long> tracker;

    public Catalogues() {
    }

    /** Catalogues already read, without a framework: for tests. */
    static Catalogues of(Catalogue... catalogues) {
        Catalogues c = new Catalogues();
        for (int i = 0; i < catalogues.length; i++) {
            c.put(i, catalogues[i]);
        }
        return c;
    }

    @Activate
    void activate(BundleContext context) {
        tracker = new BundleTracker<>(context, Bundle.STARTING | Bundle.ACTIVE, new BundleTrackerCustomizer<Long>() {
            @Override
            public Long addingBundle(Bundle bundle, BundleEvent event) {
                String header = bundle.getHeaders("").get(HEADER);
                if (header == null || header.isBlank()) {
                    return null;
                }
                Catalogue read = read(bundle, header);
                if (read == null) {
                    return null;
                }
                put(bundle.getBundleId(), read);
                return bundle.getBundleId();
            }

            @Override
            public void modifiedBundle(Bundle bundle, BundleEvent event, Long id) {
                // Starting to active: the same catalogue.
            }

            @Override
            public void removedBundle(Bundle bundle, BundleEvent event, Long id) {
                remove(id);
            }
        });
        tracker.open();
    }

    @Deactivate
    void deactivate() {
        tracker.close();
    }

    /** The names of every catalogue loaded now, merged; {@link Catalogue#NONE} when none is. */
    Catalogue current() {
        return current;
    }

    private synchronized void put(long id, Catalogue c) {
        byBundle.put(id, c);
        current = Catalogue.union(byBundle.values());
    }

    private synchronized void remove(long id) {
        byBundle.remove(id);
        current = Catalogue.union(byBundle.values());
    }

    /** The bundle's catalogue resources, parsed and merged; null (and a warning) when one is missing or malformed. */
    private static Catalogue read(Bundle bundle, String header) {
        List<Catalogue> parts = new ArrayList<>();
        for (String path : header.split(",")) {
            String p = path.strip();
            URL url = bundle.getEntry(p);
            if (url == null) {
                LOG.log(System.Logger.Level.WARNING, "bundle " + bundle.getSymbolicName() + " names the catalogue " + p + " in its "
                        + HEADER + " header, but has no such entry; its names stay unknown to the probe");
                return null;
            }
            try (InputStream in = url.openStream()) {
                parts.add(Catalogue.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
            } catch (IOException | IllegalArgumentException e) {
                LOG.log(System.Logger.Level.WARNING, "cannot read the catalogue " + p + " of bundle " + bundle.getSymbolicName() + ": "
                        + e.getMessage() + "; its names stay unknown to the probe");
                return null;
            }
        }
        return Catalogue.union(parts);
    }
}
