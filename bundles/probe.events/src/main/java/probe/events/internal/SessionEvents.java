package probe.events.internal;

import probe.api.Session;

/**
 * What the event ops of this bundle ({@code gui.event.subscribe}, {@code gui.event.unsubscribe})
 * need of the bus beyond {@link probe.api.events.EventBus}: a socket connection's one subscription,
 * whose patterns a second subscribe replaces in place and whose events skip the bus's queue. The
 * {@link Hub} offers it as a service of this package-private type, so the ops get it injected by DS
 * while no other bundle can even load the type.
 */
interface SessionEvents {
    /** The connection's subscription, with {@code patterns} replacing any it had; its events go to {@link Session#offerEvent}. */
    void subscribe(Session session, Patterns patterns);

    /** Ends the connection's subscription; false when it had none. */
    boolean unsubscribe(Session session);
}
