package hvm.gui.internal;

import hvm.gui.internal.crypto.PasswordKdf;
import hvm.gui.internal.events.DomainEventListener;
import hvm.gui.internal.events.DomainEvents;
import hvm.gui.internal.library.LibraryLocation;
import hvm.gui.internal.ui.HvmApp;
import java.awt.GraphicsEnvironment;
import java.awt.Rectangle;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.metatype.annotations.Designate;

/**
 * Starts the HVM GUI when the bundle starts and closes it when the bundle stops. Closing the main
 * window stops the whole framework, so the process ends as a desktop app's should.
 */
@Component(name = "hvm.gui", immediate = true, service = {})
@Designate(ocd = HvmGuiConfig.class)
public final class HvmGuiComponent {
    private static final System.Logger LOG = System.getLogger(HvmGuiComponent.class.getName());
    private static final int MIN_KDF_ITERATIONS = 10_000;

    private final DomainEvents events = new DomainEvents();
    private BundleContext context;
    private volatile HvmApp app;

    @Activate
    void activate(BundleContext context, HvmGuiConfig config) throws IOException, InterruptedException {
        if (GraphicsEnvironment.isHeadless()) {
            throw new IllegalStateException("HVM needs a display, but this JVM is headless");
        }
        this.context = context;
        Path library = LibraryLocation.resolve(config.libraryPath());
        int iterations = config.kdfIterations();
        if (iterations < MIN_KDF_ITERATIONS) {
            LOG.log(Level.WARNING, "kdfIterations " + iterations + " is too low; using " + MIN_KDF_ITERATIONS);
            iterations = MIN_KDF_ITERATIONS;
        } else if (iterations > PasswordKdf.MAX_ITERATIONS) {
            LOG.log(Level.WARNING, "kdfIterations " + iterations + " is too high; using " + PasswordKdf.MAX_ITERATIONS);
            iterations = PasswordKdf.MAX_ITERATIONS;
        }
        Rectangle bounds = new Rectangle(config.windowX(), config.windowY(),
                Math.max(640, config.windowWidth()), Math.max(480, config.windowHeight()));
        app = new HvmApp(new HvmApp.Settings(library, bounds, iterations, context.getBundle().getVersion().toString()),
                events, this::stopFramework);
        app.open();
    }

    @Deactivate
    void deactivate() {
        app.close();
        LOG.log(Level.INFO, "HVM closed");
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    void addDomainEventListener(DomainEventListener listener) {
        events.add(listener);
        // A listener bound after the window opened (EventAdmin started later) missed the first
        // list: refresh it, so that it learns how the list stands.
        HvmApp running = app;
        if (running != null) {
            running.refreshLater();
        }
    }

    void removeDomainEventListener(DomainEventListener listener) {
        events.remove(listener);
    }

    // On a thread of its own: stopping the framework stops this bundle, whose deactivate waits for the EDT.
    private void stopFramework() {
        Thread quit = new Thread(() -> {
            try {
                context.getBundle(Constants.SYSTEM_BUNDLE_LOCATION).stop();
            } catch (BundleException | IllegalStateException e) {
                LOG.log(Level.WARNING, "Could not stop the OSGi framework", e);
            }
        }, "hvm-gui-quit");
        quit.start();
    }
}
