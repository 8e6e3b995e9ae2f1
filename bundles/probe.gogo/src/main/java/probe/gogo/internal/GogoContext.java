package probe.gogo.internal;

import java.util.Optional;
import probe.api.OpContext;
import probe.api.Session;

/** How the Gogo commands call an op: in-process, no socket session, the probe's default EDT timeout. */
final class GogoContext implements OpContext {
    static final GogoContext INSTANCE = new GogoContext();
    static final long TIMEOUT_MILLIS = 5000;

    private GogoContext() {
    }

    @Override
    public long timeoutMillis() {
        return TIMEOUT_MILLIS;
    }

    @Override
    public Optional<Session> session() {
        return Optional.empty();
    }

    @Override
    public String caller() {
        return "gogo";
    }
}
