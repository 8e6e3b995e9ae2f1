package probe.transport.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import probe.api.DescriptionJson;
import probe.api.ErrorCodes;
import probe.api.OpContext;
import probe.api.OpDescription;
import probe.api.OpTable;
import probe.api.ProbeException;
import probe.api.ProbeOp;
import probe.api.Session;
import probe.api.wire.Json;
import probe.api.wire.Wire;

/**
 * The transport's own ops, {@code probe.hello}, {@code probe.describe} and {@code probe.auth}: in
 * the op table like every other, described in this bundle's {@code OSGI-INF/probe/ops/}.
 */
final class TransportOps {
    private TransportOps() {
    }

    /** {@code probe.hello}: the protocol, the server, the application, the transport's limits, whether a token is wanted, the ops. */
    static final class Hello implements ProbeOp {
        private final String version;
        private final boolean tokenRequired;
        private final OpTable ops;
        private final ObjectNode limits;
        private final Supplier<List<String>> windows;

        private final Describe describe;
        /** The op table's {@link OpTable#generation} the {@link #names} were listed at, and the list (copied into each reply). */
        private long namedAt = -1;
        private ArrayNode names;

        Hello(String version, boolean tokenRequired, OpTable ops, ObjectNode limits, Supplier<List<String>> windows, Describe describe) {
            this.version = version;
            this.tokenRequired = tokenRequired;
            this.ops = ops;
            this.limits = limits;
            this.windows = windows;
            this.describe = describe;
        }

        @Override
        public JsonNode execute(OpContext ctx, ObjectNode args) {
            // The handshake takes every key (its description declares none): a newer client may say more.
            ObjectNode data = Wire.object();
            data.put("protocol", Wire.PROTOCOL);
            data.putObject("server").put("name", "hdp-gui").put("version", version);
            ObjectNode app = data.putObject("application");
            app.put("pid", ProcessHandle.current().pid());
            app.put("mainClass", mainClass());
            ArrayNode titles = app.putArray("windows");
            windows.get().forEach(titles::add);
            data.set("limits", limits.deepCopy());
            data.putObject("auth").put("required", tokenRequired);
            data.set("ops", names());
            data.put("described", describe.hash());
            return data;
        }

        /**
         * The names of the ops present, sorted: listed again only when the table changed, so a hello
         * costs a copy of the list (its text nodes shared), not a sort of the table's names.
         */
        private synchronized ArrayNode names() {
            long now = ops.generation(); // read first: a change while listing is listed again next time
            if (now != namedAt) {
                ArrayNode list = Wire.array();
                ops.names().forEach(list::add);
                names = list;
                namedAt = now;
            }
            return names.deepCopy();
        }

        /** The class (or jar) the JVM was started with, as the launcher says; empty when it does not. */
        private static String mainClass() {
            String command = System.getProperty("sun.java.command", "").strip();
            int space = command.indexOf(' ');
            return space < 0 ? command : command.substring(0, space);
        }
    }

    /**
     * {@code probe.describe}: the descriptions of the ops present now, sorted by op, or of those
     * named in {@code ops}; a name that is no op present is {@code missing}.
     */
    static final class Describe implements ProbeOp {
        private final OpTable ops;
        /** The op table's {@link OpTable#generation} the {@link #hash} was worked out at, and the hash. */
        private long hashedAt = -1;
        private String hash;

        Describe(OpTable ops) {
            this.ops = ops;
        }

        /**
         * A hash of what {@code probe.describe} answers now (SHA-256 of its whole reply, 128 bits in
         * hex), which {@code probe.hello} gives: a client keeps the descriptions under it and asks
         * again only when it changes. Worked out again only when the table changed (an op, its
         * description or a refusal came or went), so a hello costs a number's read.
         */
        synchronized String hash() {
            long now = ops.generation(); // read first: a change while hashing is hashed again next time
            if (now != hashedAt) {
                try {
                    byte[] digest = MessageDigest.getInstance("SHA-256").digest(Json.line(execute(null, Wire.object())));
                    hash = java.util.HexFormat.of().formatHex(digest, 0, 16);
                } catch (java.security.NoSuchAlgorithmException e) {
                    throw new IllegalStateException("cannot hash the descriptions", e); // every Java has SHA-256; a tree always writes
                }
                hashedAt = now;
            }
            return hash;
        }

        @Override
        public JsonNode execute(OpContext ctx, ObjectNode args) {
            List<OpDescription> all = new java.util.ArrayList<>(ops.descriptions());
            all.sort(Comparator.comparing(OpDescription::op));
            Set<String> wanted = null;
            if (args.has("ops")) {
                wanted = new LinkedHashSet<>();
                for (JsonNode n : args.get("ops")) {
                    wanted.add(n.textValue());
                }
            }
            ObjectNode data = Wire.object();
            ArrayNode list = data.putArray("ops");
            Set<String> found = new TreeSet<>();
            for (OpDescription desc : all) {
                if (wanted == null || wanted.contains(desc.op())) {
                    list.add(DescriptionJson.served(desc));
                    found.add(desc.op());
                }
            }
            // The ops refused for a malformed description, with why: a plugin author sees it here, not only in a log.
            ArrayNode refused = data.putArray("unavailable");
            for (Map.Entry<String, String> r : ops.unavailable().entrySet()) {
                if (wanted == null || wanted.contains(r.getKey())) {
                    refused.addObject().put("op", r.getKey()).put("reason", r.getValue());
                    found.add(r.getKey());
                }
            }
            if (wanted != null) {
                ArrayNode missing = data.putArray("missing");
                wanted.stream().filter(w -> !found.contains(w)).forEach(missing::add);
            }
            return data;
        }
    }

    /**
     * {@code probe.auth}: with a token, compares it in constant time and marks the connection
     * authenticated, or fails {@code auth.denied} (the router then closes the connection). Without
     * one, nothing is checked and nothing claimed.
     */
    static final class Auth implements ProbeOp {
        private static final System.Logger LOG = System.getLogger(Auth.class.getName());
        private final byte[] token;

        Auth(byte[] token) {
            this.token = token;
        }

        @Override
        public JsonNode execute(OpContext ctx, ObjectNode args) throws ProbeException {
            if (token == null) {
                return Wire.object().put("authenticated", false).put("required", false);
            }
            Session session = ctx.session().orElse(null);
            if (!(session instanceof Connection c)) {
                throw ProbeException.invalidArgs("probe.auth authenticates a socket connection; this call has none");
            }
            JsonNode t = args.get("token");
            byte[] given = t != null && t.isTextual() ? t.textValue().getBytes(StandardCharsets.UTF_8) : new byte[0];
            if (!MessageDigest.isEqual(given, token)) {
                LOG.log(System.Logger.Level.WARNING, "connection " + c.id() + " (" + c.peer() + ") sent a wrong token; closed");
                throw new ProbeException(ErrorCodes.AUTH_DENIED, "wrong token");
            }
            c.authenticate();
            return Wire.object().put("authenticated", true).put("required", true);
        }
    }
}
