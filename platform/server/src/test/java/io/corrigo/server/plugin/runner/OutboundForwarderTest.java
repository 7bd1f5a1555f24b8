package io.corrigo.server.plugin.runner;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.server.outbound.OutboundPolicy;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/**
 * The host's forwarder of a runner's connections, over its real Unix-domain socket to a real echo server on 127.0.0.1:
 * a declared host is connected and bytes flow both ways; an undeclared one is refused; its cap of open connections holds
 * and hundreds of open connections cost the host two threads.
 */
class OutboundForwarderTest {

    @Test
    void should_forward_declared_connections_on_one_thread__refuse_undeclared_ones__and_cap_them() throws Exception {
        ExecutorService echoes = Executors.newCachedThreadPool();
        try (ServerSocket echo = new ServerSocket(0, 512, InetAddress.getLoopbackAddress())) {
            echoes.execute(() -> {
                while (!echo.isClosed()) {
                    try {
                        Socket client = echo.accept();
                        echoes.execute(() -> {
                            try (client) {
                                client.getInputStream().transferTo(client.getOutputStream());
                            } catch (Exception e) {
                                // the test hung up
                            }
                        });
                    } catch (Exception e) {
                        return;
                    }
                }
            });
            int port = echo.getLocalPort();
            Path socket = Files.createTempDirectory("forward").resolve(UUID.randomUUID() + ".sock");
            String name = "test-" + UUID.randomUUID().toString().substring(0, 8);
            try (OutboundForwarder forwarder = OutboundForwarder.start(socket,
                    OutboundForwarder.endpoints(List.of("127.0.0.1:" + port)), new OutboundPolicy(List.of("127.0.0.1")), name)) {

                // a declared host: OK, then an echo both ways, and a half-close passed on
                try (SocketChannel one = open(socket, "127.0.0.1 " + port)) {
                    assertThat(line(one)).isEqualTo("OK");
                    OutputStream out = Channels.newOutputStream(one);
                    out.write("hello through the forwarder".getBytes(StandardCharsets.UTF_8));
                    one.shutdownOutput();
                    assertThat(new String(Channels.newInputStream(one).readAllBytes(), StandardCharsets.UTF_8))
                            .isEqualTo("hello through the forwarder");
                }
                // an undeclared port, and a malformed request
                try (SocketChannel other = open(socket, "127.0.0.1 " + (port + 1))) {
                    assertThat(line(other)).startsWith("NO ").contains("is not a host the plugin declared");
                }
                try (SocketChannel bad = open(socket, "no port at all")) {
                    assertThat(line(bad)).isEqualTo("NO malformed request");
                }

                // as many connections held open as the cap allows: each answers, on the forwarder's two threads
                List<SocketChannel> held = new ArrayList<>();
                try {
                    for (int i = 0; i < OutboundForwarder.MAX_CONNECTIONS; i++) {
                        SocketChannel c = open(socket, "127.0.0.1 " + port);
                        assertThat(line(c)).as("connection %d", i).isEqualTo("OK");
                        held.add(c);
                    }
                    long threads = Thread.getAllStackTraces().keySet().stream()
                            .filter(t -> t.getName().endsWith(name)).count();
                    assertThat(threads).as("the forwarder's threads for %d connections", held.size()).isLessThanOrEqualTo(2);
                    try (SocketChannel over = open(socket, "127.0.0.1 " + port)) {
                        assertThat(line(over)).startsWith("NO ").contains("holds " + OutboundForwarder.MAX_CONNECTIONS);
                    }
                    // and the held ones still carry bytes
                    SocketChannel last = held.get(held.size() - 1);
                    Channels.newOutputStream(last).write("still here\n".getBytes(StandardCharsets.UTF_8));
                    assertThat(line(last)).isEqualTo("still here");
                } finally {
                    for (SocketChannel c : held) {
                        c.close();
                    }
                }
            }
        } finally {
            echoes.shutdownNow();
        }
    }

    private static SocketChannel open(Path socket, String request) throws Exception {
        SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        channel.connect(UnixDomainSocketAddress.of(socket));
        try {
            Channels.newOutputStream(channel).write((request + "\n").getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            // a forwarder at its cap answers and hangs up without reading: the answer is still there to read
        }
        return channel;
    }

    private static String line(SocketChannel channel) throws Exception {
        InputStream in = Channels.newInputStream(channel);
        StringBuilder line = new StringBuilder();
        for (int b = in.read(); b >= 0 && b != '\n'; b = in.read()) {
            line.append((char) b);
        }
        return line.toString();
    }
}
