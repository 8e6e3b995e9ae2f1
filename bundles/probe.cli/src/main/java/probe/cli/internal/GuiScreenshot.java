package probe.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import probe.client.format.Readable;
import probe.api.Ops;
import probe.api.Ops.Verbs;

/** {@code hvm-dbg gui screenshot --output FILE [--scope S]}: saves the probe's PNG. */
@Command(name = Verbs.SCREENSHOT, description = {
    "Save a PNG of the main window with its open dialogs (or of --scope).",
    "With --json prints {output, width, height} rather than the image's base64.",
    "--annotate draws a numbered box on every control gui list lists that shows, and prints the legend:"
        + " one line per mark, number, identifier, role, label (with --json: marks)."})
final class GuiScreenshot extends ProbeCommand {
    @Option(names = {"-o", "--output"}, paramLabel = "FILE", required = true, description = "where to write the PNG")
    Path output;

    @Option(names = "--scope", paramLabel = "S", description = "window (default), dialog, or an identifier")
    String scope;

    @Option(names = "--annotate", description = "number every visible control in the image and print the legend")
    boolean annotate;

    @Override
    int run(Invocation inv) throws Exception {
        ObjectNode args = inv.args();
        args.put("format", "png");
        if (scope != null) {
            args.put("scope", scope);
        }
        if (annotate) {
            args.put("annotate", true);
        }
        JsonNode data = inv.call(Ops.SCREENSHOT, args);
        Png png = Png.save(data, output);
        if (inv.json) {
            ObjectNode summary = inv.args();
            summary.put("output", output.toString());
            summary.put("width", png.width);
            summary.put("height", png.height);
            if (data.has("marks")) {
                summary.set("marks", data.get("marks"));
            }
            inv.printJson(summary);
        } else {
            inv.out.println("wrote " + output + " (" + png.width + "x" + png.height + ")");
            if (annotate) {
                inv.out.println(Readable.marks(data));
            }
        }
        return 0;
    }
}
