package itest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleException;

/**
 * A third party's op bundle that no front end is built with: {@code demo.echo {text, times?}}
 * (examples/demo.echo: the op and its description, OSGI-INF/probe/ops/demo.echo.json), answering
 * {@code {"text": TEXT repeated}}; {@code times} is 1 to 10, default 1. In no runtime: a test installs
 * it into the running GUI with {@link #install} and uninstalls it when done, as a plugin dropped in and
 * taken out would come and go.
 */
public final class DemoEcho {
    /** The op's name and verb, as its description gives them. */
    public static final String OP = "demo.echo";
    public static final String VERB = "echo";
    public static final int MAX_TIMES = 10;

    private DemoEcho() {
    }

    /** The bundle's jar, as the build made it (examples/demo.echo/target). */
    public static Path jar() throws IOException {
        Path target = Fixture.projectRoot().resolve("examples").resolve("demo.echo").resolve("target");
        List<Path> jars;
        try (Stream<Path> s = Files.list(target)) {
            jars = s.filter(p -> p.getFileName().toString().matches("demo\\.echo-.*\\.jar")
                    && !p.getFileName().toString().endsWith("-sources.jar")).collect(Collectors.toList());
        }
        if (jars.size() != 1) {
            throw new AssertionError("expected one demo.echo jar in " + target + " (the build makes it before itest), found " + jars);
        }
        return jars.get(0);
    }

    /** Installs and starts the bundle in the test framework (the running GUI's); uninstall it when done. */
    public static Bundle install() throws IOException, BundleException {
        return Plugin.installAndStart(List.of(jar())).get(0);
    }
}
