package probe.transport.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectWriter;
import java.io.IOException;
import java.io.OutputStream;
import probe.api.wire.Wire;

/**
 * Writes a protocol line straight to the connection's stream: the bytes of {@link Wire#line}
 * (the same mapper, the same generator), but generated into the stream as they are made, not
 * into an array that is then copied once to add the newline and again to the socket. A 500-control
 * listing (some 130 KiB) so reaches the client while its end is still being written, and costs no
 * copy of itself. The stream is neither flushed nor closed here: the connection flushes it.
 */
final class LineWriter {
    private static final ObjectWriter WRITER = Wire.mapper().writer()
            .without(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
            .without(JsonGenerator.Feature.FLUSH_PASSED_TO_STREAM);

    private LineWriter() {
    }

    /** Writes {@code message} as one line, with its {@code \n}. */
    static void write(JsonNode message, OutputStream out) throws IOException {
        WRITER.writeValue(out, message);
        out.write('\n');
    }
}
