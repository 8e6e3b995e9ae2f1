/**
 * Input as a person's hand makes it, shared by the op bundles that act (click, type, keypress):
 * mouse and key events posted to the system event queue, focus given and awaited, and the bounded
 * barrier that waits until the GUI has handled them ({@link probe.input.Delivery} does the
 * checks, the posting and the wait in one EDT hop). Everything waits within one {@link
 * probe.input.Deadline}, the op's timeout. A {@link probe.input.Keyboard.Key} knows its shifted
 * character and its location (the numeric keypad). {@link probe.input.Effects} is the receipt of
 * an action: what the input changed, measured on the EDT until the GUI has settled; {@link
 * probe.input.Effects#before(String)} takes the first look and resolves the op's target in one
 * walk, and {@link probe.input.Effects#of} reads the {@code effects} and {@code settleMillis} the
 * op's description has already checked (probe.api's {@code OpDescription} declares their bound and
 * default once). {@link probe.input.ActingOp} is an op that acts, less what is its own: the
 * receipt opened, the deadline, and the receipt put into the reply. This is implementation the op bundles share, not the probe's contract, so it is a
 * bundle of its own rather than a package of probe.api.
 */
@Export
@Version("1.7.0")
package probe.input;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
