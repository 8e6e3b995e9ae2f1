package probe.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * One operation of the protocol, registered as a whiteboard service with its name in the
 * {@value Op#NAME} property (declare it with {@link Op}). Implemented by the op bundles; called
 * by the transport for socket clients and by the Gogo commands in-process, from any thread but
 * the event dispatch thread.
 */
@ConsumerType
public interface ProbeOp {

    /**
     * Runs the op.
     *
     * @param ctx who calls, and how long the op may wait for the GUI
     * @param args the request's {@code args}, an empty object when the request had none
     * @return the reply's {@code data}, or null when there is nothing to say
     * @throws ProbeException with one of the {@link ErrorCodes} when the op fails
     */
    JsonNode execute(OpContext ctx, ObjectNode args) throws ProbeException;
}
