/**
 * Input as a person's hand makes it, shared by the op bundles that act (click, type, keypress):
 * mouse and key events posted to the system event queue, focus given and awaited, and the bounded
 * barrier that waits until the GUI has handled them ({@link probe.api.input.Delivery} does the
 * checks, the posting and the wait in one EDT hop). Everything waits within one {@link
 * probe.api.input.Deadline}, the op's timeout. Since 1.2 a {@link probe.api.input.Keyboard.Key} knows
 * its shifted character and its location (the numeric keypad).
 * Since 1.2, too, {@link probe.api.input.Effects} is the receipt of an action: what the input
 * changed, measured on the EDT until the GUI has settled. Since 1.3 {@link
 * probe.api.input.Effects#before(String)} takes the first look and resolves the op's target in one
 * walk.
 */
@Export
@Version("1.3.0")
package probe.api.input;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
