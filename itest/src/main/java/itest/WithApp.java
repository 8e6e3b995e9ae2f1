package itest;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * For test classes that drive the real app: before them the probe answers and the main window
 * shows; after each test no dialog is left open for the next one.
 */
public final class WithApp implements BeforeAllCallback, AfterEachCallback {

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        Fixture.start();
        Swing.mainFrame();
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        Swing.closeDialogs();
    }
}
