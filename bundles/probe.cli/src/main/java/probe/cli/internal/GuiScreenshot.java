package probe.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import probe.api.OpDescription;
import probe.client.format.ReplyText;

/**
 * {@code hvm-dbg gui screenshot -o FILE}: writes the probe's PNG to the file and prints its size
 * (with {@code --json}: {output, width, height} and the marks, rather than the image's base64), and
 * with {@code --annotate} the legend of the marks.
 */
final class GuiScreenshot extends GuiVerb {
    static final String OUTPUT = "--output";

    @Override
    List<Extra> extras() {
        return List.of(new Extra(OUTPUT, "-o", "FILE", "where to write the PNG (required)"));
    }

    @Override
    String usage() {
        return " -o FILE";
    }

    /** The image goes into a .png file: asked for as PNG, whatever the probe's default. */
    @Override
    void adjust(ObjectNode args, Map<String, String> extras) {
        if (!args.has("format")) {
            args.put("format", "png");
        }
    }

    @Override
    void check(Map<String, String> extras) throws UsageException {
        String file = extras.get(OUTPUT);
        if (file == null) {
            throw new UsageException("Missing required option: '" + OUTPUT + "=FILE' (or -o FILE): where to write the PNG");
        }
        try {
            Path.of(file);
        } catch (InvalidPathException e) {
            throw new UsageException(OUTPUT + ": " + e.getMessage());
        }
    }

    @Override
    int run(Invocation inv, OpDescription d, ObjectNode args, Map<String, String> extras) throws Exception {
        Path output = Path.of(extras.get(OUTPUT));
        JsonNode data = inv.call(d.op(), args);
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
            if (args.path("annotate").asBoolean(false)) {
                inv.out.println(ReplyText.head(d, data, args));
            }
        }
        return 0;
    }
}
