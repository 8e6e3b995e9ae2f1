package probe.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Method;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import probe.api.wire.SocketPaths;

/** The agent binds the socket the clients look for ({@code hvm-dbg --pid PID}), whatever the OS. */
class AgentSocketTest {

    @Test
    void theAgentBindsWhereTheClientsLookOnEveryOs() throws Exception {
        Method agents = Agent.class.getDeclaredMethod("socketPath", long.class);
        agents.setAccessible(true);
        String os = System.getProperty("os.name");
        try {
            for (String name : new String[] {"Linux", "Mac OS X", "FreeBSD"}) {
                System.setProperty("os.name", name);
                Path client = SocketPaths.forApplication(System.getenv(), name, System.getProperty("user.home"), 42);
                assertEquals(client.toString(), agents.invoke(null, 42L).toString(), "on " + name);
            }
        } finally {
            System.setProperty("os.name", os);
        }
    }
}
