package bench.harness;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The floor of a JSON line round trip: a Unix socket server in a JVM of its own that answers each
 * line with the same line, a thread per connection, blocking I/O, no parsing. Prints READY when
 * it listens.
 */
public final class EchoServer {
    private EchoServer() {
    }

    public static void main(String[] args) throws IOException {
        Path path = Path.of(args[0]);
        Files.deleteIfExists(path);
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(path));
        System.out.println("READY");
        System.out.flush();
        while (true) {
            SocketChannel c = server.accept();
            Thread t = new Thread(() -> echo(c), "echo");
            t.setDaemon(true);
            t.start();
        }
    }

    private static void echo(SocketChannel c) {
        ByteBuffer in = ByteBuffer.allocate(1 << 16);
        byte[] line = new byte[1 << 16];
        int len = 0;
        try (c) {
            while (c.read(in) >= 0) {
                in.flip();
                while (in.hasRemaining()) {
                    byte b = in.get();
                    line[len++] = b;
                    if (b == '\n') {
                        ByteBuffer out = ByteBuffer.wrap(line, 0, len);
                        while (out.hasRemaining()) {
                            c.write(out);
                        }
                        len = 0;
                    }
                }
                in.clear();
            }
        } catch (IOException | ArrayIndexOutOfBoundsException e) {
            // The client went away, or sent a line longer than this floor needs.
        }
    }
}
