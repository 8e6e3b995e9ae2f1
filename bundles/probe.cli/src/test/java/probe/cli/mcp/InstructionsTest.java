package probe.cli.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class InstructionsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theGenericTextNamesNoApplication() {
        assertFalse(StdioServer.INSTRUCTIONS.contains("HVM"), StdioServer.INSTRUCTIONS);
    }

    @Test
    void theApplicationThatAnswersIsNamedFromItsHello() throws Exception {
        assertEquals(" The application answering now: SwingSet2.jar (pid 42), its windows \"SwingSet2\".",
                StdioServer.answering(JSON.readTree("{\"pid\":42,\"mainClass\":\"SwingSet2.jar\",\"windows\":[\"SwingSet2\",\"\"]}")));
        assertEquals(" The application answering now: (pid 7).", StdioServer.answering(JSON.readTree("{\"pid\":7,\"mainClass\":\"\",\"windows\":[]}")));
        assertEquals("", StdioServer.answering(JSON.readTree("{}")));
    }
}
