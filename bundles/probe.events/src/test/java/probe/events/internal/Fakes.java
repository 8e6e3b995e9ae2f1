package probe.events.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import probe.api.OpContext;
import probe.api.Session;

/** A connection and a caller, as the transport and the Gogo commands provide them. */
final class Fakes {
    private Fakes() {
    }

    static final class FakeSession implements Session {
        final String id;
        final List<ObjectNode> events = new CopyOnWriteArrayList<>();
        final List<Runnable> onClose = new ArrayList<>();
        boolean open = true;
        volatile boolean held;

        FakeSession(String id) {
            this.id = id;
        }

        @Override
        public String id() {
            return id;
        }

        @Override
        public synchronized boolean isOpen() {
            return open;
        }

        @Override
        public void holdEvents() {
            held = true;
        }

        @Override
        public boolean offerEvent(ObjectNode event) {
            if (!isOpen()) {
                return false;
            }
            events.add(event);
            return true;
        }

        @Override
        public void onClose(Runnable action) {
            synchronized (this) {
                if (open) {
                    onClose.add(action);
                    return;
                }
            }
            action.run();
        }

        void close() {
            List<Runnable> run;
            synchronized (this) {
                open = false;
                run = new ArrayList<>(onClose);
                onClose.clear();
            }
            run.forEach(Runnable::run);
        }
    }

    static OpContext context(Session session) {
        return new OpContext() {
            @Override
            public long timeoutMillis() {
                return 5000;
            }

            @Override
            public Optional<Session> session() {
                return Optional.ofNullable(session);
            }

            @Override
            public String caller() {
                return session == null ? "test in-process" : "test " + session.id();
            }
        };
    }
}
