package probe.cli.internal;

import java.io.BufferedWriter;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;

/** The {@code hvm-dbg} command line: {@code java -jar hvm-dbg.jar [OPTIONS] COMMAND …}, parsed by {@link HvmDbg}. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        PrintWriter out = writer(System.out, "sun.stdout.encoding");
        PrintWriter err = writer(System.err, "sun.stderr.encoding");
        int code = HvmDbg.run(args, System.in, out, err);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /** The writer picocli would make for {@code stream}: its encoding property, else the default. */
    private static PrintWriter writer(PrintStream stream, String encodingProperty) {
        Charset charset = Charset.defaultCharset();
        String name = System.getProperty(encodingProperty);
        if (name != null) {
            try {
                charset = Charset.forName("cp65001".equalsIgnoreCase(name) ? "UTF-8" : name);
            } catch (RuntimeException e) {
                // An encoding this JVM lacks: the default, as picocli does.
            }
        }
        return new PrintWriter(new BufferedWriter(new OutputStreamWriter(stream, charset)), true);
    }
}
