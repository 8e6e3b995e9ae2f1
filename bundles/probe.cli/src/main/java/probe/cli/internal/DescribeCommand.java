package probe.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import probe.api.DescriptionJson;
import probe.api.Names;
import probe.api.OpDescription;
import probe.api.OpTable;

/**
 * {@code hvm-dbg describe}: what the probe describes now, the ops it refuses with why included; with
 * {@code --check FILE…}, offline, whether op descriptions are ones the probe takes. A file is read
 * as the probe reads the one a bundle declares ({@link OpTable#readDeclared}), so what this accepts
 * the probe accepts, and what it refuses the probe refuses with the same words.
 */
@Command(name = DescribeCommand.NAME,
        description = "Show the ops the probe describes and those it refuses, with why; --check FILE...: check op descriptions"
                + " (OSGI-INF/probe/ops/OP.json) without a probe.",
        exitCodeListHeading = "%nExit codes of --check:%n",
        exitCodeList = {"0:every FILE is a description the probe takes", "1:a FILE is not (each says why on stderr)"})
final class DescribeCommand extends ProbeCommand {
    static final String NAME = "describe";
    /** Where a bundle declares its op's description, up to the op's name. */
    private static final String FOLDER = OpDescription.location("x.y").replace("x.y.json", "");

    @Option(names = "--check", description = "check the FILEs offline instead: each as the probe would read it in a bundle")
    boolean check;

    @Parameters(paramLabel = "FILE", arity = "0..*", description = "an op's description, named OP.json (only with --check)")
    List<Path> files = new ArrayList<>();

    @Override
    Integer offline(CommandLine cl) {
        if (!check) {
            if (!files.isEmpty()) {
                throw new CommandLine.ParameterException(cl, "FILE is checked only with --check");
            }
            return null;
        }
        if (files.isEmpty()) {
            throw new CommandLine.ParameterException(cl, "--check needs a FILE: an op's description, such as " + FOLDER + "acme.noop.json");
        }
        HvmDbg root = (HvmDbg) cl.getCommandSpec().root().userObject();
        return check(files, root.globals.json, cl.getOut(), cl.getErr());
    }

    /** Checks each of {@code files}: a line each, on out when the probe takes it, on err saying why not; 1 when one is not. */
    static int check(List<Path> files, boolean json, PrintWriter out, PrintWriter err) {
        int bad = 0;
        for (Path f : files) {
            String problem = null;
            OpDescription d = null;
            String name = f.getFileName().toString();
            String op = name.endsWith(".json") ? name.substring(0, name.length() - ".json".length()) : null;
            if (!Files.isRegularFile(f)) {
                problem = "no such file";
            } else if (op == null || !Names.isOpName(op)) {
                problem = "a description is named for its op, " + FOLDER + "OP.json (such as acme.noop.json), where the probe looks for it";
            } else {
                try {
                    d = OpTable.readDeclared(f.toUri().toURL(), op);
                } catch (IllegalArgumentException | java.net.MalformedURLException e) {
                    problem = e.getMessage();
                }
            }
            if (problem != null) {
                bad++;
                // One line per file: a JSON parser's message spans two.
                err.println(f + ": " + problem.replaceAll("\\s*\\R\\s*", " "));
            } else if (json) {
                out.println(Invocation.compact(DescriptionJson.served(d)));
            } else {
                String synopsis = probe.client.line.OpOptions.synopsis(d);
                out.println(f + ": ok: " + d.op() + ", hvm-dbg gui " + d.verb() + (synopsis.isEmpty() ? "" : " " + synopsis));
            }
        }
        out.flush();
        err.flush();
        return bad == 0 ? 0 : Failures.PROBE_ERROR;
    }

    @Override
    int run(Invocation inv) throws Exception {
        JsonNode data = inv.client.describe();
        if (inv.json) {
            inv.printJson(data);
            return 0;
        }
        for (JsonNode d : data.path("ops")) {
            inv.out.println(d.path("op").asText() + "  (hvm-dbg gui " + d.path("verb").asText(d.path("op").asText()) + ")"
                    + (d.hasNonNull("summary") ? "  " + d.get("summary").asText() : ""));
        }
        for (JsonNode u : data.path("unavailable")) {
            inv.out.println(u.path("op").asText() + "  unavailable: " + u.path("reason").asText());
        }
        return 0;
    }
}
