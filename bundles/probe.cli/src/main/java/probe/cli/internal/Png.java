package probe.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Base64;

/** Decodes a {@code png_base64} reply and writes it, checking that it is a PNG. */
final class Png {
    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    final int width;
    final int height;

    private Png(int width, int height) {
        this.width = width;
        this.height = height;
    }

    static Png save(JsonNode data, Path output) throws CliException {
        JsonNode b64 = data == null ? null : data.get("png_base64");
        if (b64 == null || !b64.isTextual()) {
            throw new CliException("client.bad_reply", "the probe's screenshot reply has no png_base64", null);
        }
        byte[] png;
        try {
            png = Base64.getMimeDecoder().decode(b64.textValue());
        } catch (IllegalArgumentException e) {
            throw new CliException("client.bad_reply", "the probe's png_base64 is not base64: " + e.getMessage(), e);
        }
        Png size = read(png);
        try {
            Files.write(output, png);
        } catch (IOException e) {
            String why = e instanceof NoSuchFileException ? "its folder does not exist"
                    : e instanceof AccessDeniedException ? "permission denied" : e.getMessage();
            throw new CliException("client.output", "cannot write " + output + " (" + why + ")", e);
        }
        return size;
    }

    /** The size from the IHDR chunk, which a PNG has first. */
    static Png read(byte[] png) throws CliException {
        if (png.length < 24 || !startsWith(png, SIGNATURE) || png[12] != 'I' || png[13] != 'H' || png[14] != 'D'
                || png[15] != 'R') {
            throw new CliException("client.bad_reply", "the probe's screenshot is not a PNG (" + png.length + " bytes)",
                    null);
        }
        return new Png(int32(png, 16), int32(png, 20));
    }

    private static boolean startsWith(byte[] a, byte[] prefix) {
        for (int i = 0; i < prefix.length; i++) {
            if (a[i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private static int int32(byte[] a, int at) {
        return (a[at] & 0xff) << 24 | (a[at + 1] & 0xff) << 16 | (a[at + 2] & 0xff) << 8 | (a[at + 3] & 0xff);
    }
}
