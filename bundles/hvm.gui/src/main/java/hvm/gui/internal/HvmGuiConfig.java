package hvm.gui.internal;

import hvm.gui.internal.crypto.PasswordKdf;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** The configuration of the HVM GUI (PID {@code hvm.gui}), e.g. from a FileInstall {@code hvm.gui.cfg}. */
@ObjectClassDefinition(name = "HVM GUI", description = "The HVM desktop application's library and window.")
public @interface HvmGuiConfig {
    @AttributeDefinition(name = "Library folder",
            description = "Where the VM files live. Empty: env HVM_HOME, else system property hvm.home, else the OS's per-user data folder.")
    String libraryPath() default "";

    @AttributeDefinition(name = "Window x", description = "Left edge of the main window, in pixels.")
    int windowX() default 0;

    @AttributeDefinition(name = "Window y", description = "Top edge of the main window, in pixels.")
    int windowY() default 0;

    @AttributeDefinition(name = "Window width", description = "Width of the main window, in pixels.", min = "640")
    int windowWidth() default 1280;

    @AttributeDefinition(name = "Window height", description = "Height of the main window, in pixels.", min = "480")
    int windowHeight() default 800;

    @AttributeDefinition(name = "KDF iterations",
            description = "PBKDF2 iterations for the password of a newly encrypted VM (each VM keeps its own count); at most " + PasswordKdf.MAX_ITERATIONS + ".",
            min = "10000", max = "" + PasswordKdf.MAX_ITERATIONS)
    int kdfIterations() default PasswordKdf.DEFAULT_ITERATIONS;
}
