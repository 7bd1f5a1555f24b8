package io.corrigo.server.plugin.runner;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The runner's side of its forwarded network ({@link OutboundForwarder}): inside a confined runner's network
 * namespace, one loopback listener for each approved host; each connection the plugin makes to one goes to the host's
 * forwarder over its Unix-domain socket, which connects it on or refuses it.
 */
final class RunnerListeners {

    private final Path forwarder;
    private final ExecutorService pipes = Executors.newCachedThreadPool(r -> {
        Thread thread = new Thread(r, "runner-listener");
        thread.setDaemon(true);
        return thread;
    });

    private RunnerListeners(Path forwarder) {
        this.forwarder = forwarder;
    }

    /** Opens the listeners of {@code endpoints}; their connections go to the host's forwarder at {@code forwarder}. */
    static void open(Path forwarder, List<OutboundForwarder.Endpoint> endpoints) throws IOException {
        RunnerListeners listeners = new RunnerListeners(forwarder);
        for (OutboundForwarder.Endpoint endpoint : endpoints) {
            ServerSocket server = new ServerSocket(endpoint.port(), 64, InetAddress.getByName(endpoint.listen()));
            listeners.pipes.execute(() -> listeners.accept(server, endpoint));
        }
    }

    private void accept(ServerSocket server, OutboundForwarder.Endpoint endpoint) {
        while (!server.isClosed()) {
            try {
                Socket plugin = server.accept();
                pipes.execute(() -> forward(plugin, endpoint));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void forward(Socket plugin, OutboundForwarder.Endpoint endpoint) {
        try (plugin; SocketChannel host = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            host.connect(UnixDomainSocketAddress.of(forwarder));
            OutputStream toHost = SocketStreams.out(host);
            InputStream fromHost = SocketStreams.in(host);
            try {
                toHost.write((endpoint.host() + " " + endpoint.port() + "\n").getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                // a host at its cap answers and hangs up before reading: its reason is still there to read
            }
            StringBuilder reply = new StringBuilder();
            for (int b = fromHost.read(); b != '\n' && b >= 0 && reply.length() < 500; b = fromHost.read()) {
                reply.append((char) b);
            }
            if (!reply.toString().equals("OK")) {
                System.err.println("The host refused a connection to " + endpoint.host() + ":" + endpoint.port() + ": " + reply);
                return;
            }
            pipes.execute(() -> {
                try {
                    plugin.getInputStream().transferTo(toHost);
                    host.shutdownOutput();
                } catch (IOException e) {
                    // either side went away
                }
            });
            fromHost.transferTo(plugin.getOutputStream());
        } catch (IOException e) {
            // the connection ends
        }
    }
}
