/**
 * Input as a person's hand makes it, shared by the op bundles that act (click, type, keypress):
 * mouse and key events posted to the system event queue, focus given and awaited, and the bounded
 * barrier that waits until the GUI has handled them ({@link probe.input.Delivery} does the
 * checks, the posting and the wait in one EDT hop). Everything waits within one {@link
 * probe.input.Deadline}, the op's timeout. Since 1.2 a {@link probe.input.Keyboard.Key} knows
 * its shifted character and its location (the numeric keypad).
 * Since 1.2, too, {@link probe.input.Effects} is the receipt of an action: what the input
 * changed, measured on the EDT until the GUI has settled. Since 1.3 {@link
 * probe.input.Effects#before(String)} takes the first look and resolves the op's target in one
 * walk. Since 1.4 an op's {@code effects} and {@code settleMillis} are checked by its description
 * (probe.api's {@code OpDescription}, which declares the settling's bound and default once):
 * {@code Effects.MAX_SETTLE_MILLIS} and {@code DEFAULT_SETTLE_MILLIS} are gone, and
 * {@link probe.input.Effects#of} reads what it is given.
 * Up to 1.3 this was {@code probe.api.input} in the bundle probe.api; it is implementation shared by
 * the op bundles, not the probe's contract, so it is a bundle of its own (probe.input), at the same version.
 */
@Export
@Version("1.4.0")
package probe.input;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
