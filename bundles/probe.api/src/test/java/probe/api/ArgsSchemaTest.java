package probe.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static probe.api.OpDescriptionTest.args;
import static probe.api.OpDescriptionTest.byOp;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

class ArgsSchemaTest {

    @Test
    void servesItsArgumentsAsJsonSchema() throws Exception {
        JsonNode s = ArgsSchema.of(byOp("gui.scroll"));
        assertEquals(args("{\"type\":\"object\",\"properties\":{"
                + "\"identifier\":{\"type\":\"string\",\"minLength\":1,\"maxLength\":1024,\"description\":\"the control under the pointer\"},"
                + "\"dy\":{\"type\":\"integer\",\"minimum\":-100,\"maximum\":100,\"default\":0,\"description\":\"notches down (negative: up)\"},"
                + "\"dx\":{\"type\":\"integer\",\"minimum\":-100,\"maximum\":100,\"default\":0,\"description\":\"notches right (negative: left)\"},"
                + "\"x\":{\"type\":\"integer\",\"description\":\"pixels from its left edge, with y (default: its visible centre)\"},"
                + "\"y\":{\"type\":\"integer\",\"description\":\"pixels from its top edge\"},"
                + "\"effects\":{\"type\":\"boolean\",\"default\":true,\"description\":\"the receipt, what the action changed in the GUI\"},"
                + "\"settleMillis\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":10000,\"default\":100,\"description\":\"wait at most this long"
                + " for the GUI to settle before the reply (0: reply once the input was handled)\"}},"
                + "\"required\":[\"identifier\"],\"additionalProperties\":false}"), s);
    }
}
