package io.corrigo.server.plugin.runner;

import io.corrigo.server.outbound.OutboundPolicy;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The host's side of a confined runner's network: the runner has no network of its own, only loopback listeners for
 * its approved hosts ({@link Endpoint}); each connection to one arrives here over a Unix-domain socket as one line,
 * {@code host port}, and is connected on to that host when it is one the plugin declared and the admin approved and
 * the address it resolves to passes the host's outbound policy. The reply is {@code OK} or {@code NO reason}, then the
 * bytes flow both ways until either side closes.
 */
final class OutboundForwarder implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(OutboundForwarder.class);
    private static final int CONNECT_TIMEOUT_MILLIS = 10_000;

    /**
     * One approved host as the runner sees it: a listener on {@code listen}:{@code port} inside the runner's network
     * namespace standing for {@code host}:{@code port} outside.
     */
    record Endpoint(String listen, int port, String host) {
    }

    private final Path socket;
    private final List<Endpoint> endpoints;
    private final OutboundPolicy policy;
    private final ServerSocketChannel server;
    private final ExecutorService pipes;

    private OutboundForwarder(Path socket, List<Endpoint> endpoints, OutboundPolicy policy, String pluginId)
            throws IOException {
        this.socket = socket;
        this.endpoints = List.copyOf(endpoints);
        this.policy = policy;
        this.server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(socket));
        this.pipes = Executors.newCachedThreadPool(r -> {
            Thread thread = new Thread(r, "runner-forward-" + pluginId);
            thread.setDaemon(true);
            return thread;
        });
        pipes.execute(this::accept);
    }

    /** Listens on {@code socket} for the runner's connections to {@code endpoints}. */
    static OutboundForwarder start(Path socket, List<Endpoint> endpoints, OutboundPolicy policy, String pluginId)
            throws IOException {
        return new OutboundForwarder(socket, endpoints, policy, pluginId);
    }

    /**
     * The listeners that stand for {@code declared} hosts ({@code host} or {@code host:port}; without a port, 80 and
     * 443) inside a runner: a loopback address stays itself, a name gets a loopback address of its own
     * ({@code 127.0.1.N}, written into the runner's {@code /etc/hosts}).
     */
    static List<Endpoint> endpoints(List<String> declared) {
        List<Endpoint> endpoints = new ArrayList<>();
        int alias = 1;
        for (String entry : declared) {
            String host = entry;
            List<Integer> ports = List.of(80, 443);
            int colon = entry.lastIndexOf(':');
            if (colon > 0 && !entry.endsWith("]")) {
                host = entry.substring(0, colon);
                ports = List.of(Integer.parseInt(entry.substring(colon + 1)));
            }
            host = host.toLowerCase(Locale.ROOT);
            String listen = host.equals("localhost") || host.matches("127(\\.\\d{1,3}){3}") ? host.replace("localhost", "127.0.0.1")
                    : "127.0.1." + alias++;
            for (int port : ports) {
                endpoints.add(new Endpoint(listen, port, host));
            }
        }
        return endpoints;
    }

    /** The runner's {@code /etc/hosts}: each declared name at its listener's address. */
    static String hostsFile(List<Endpoint> endpoints) {
        StringBuilder hosts = new StringBuilder("127.0.0.1 localhost\n");
        endpoints.stream().filter(e -> !e.listen().equals(e.host()) && !e.host().equals("localhost"))
                .map(e -> e.listen() + " " + e.host() + "\n").distinct().forEach(hosts::append);
        return hosts.toString();
    }

    /** Where the runner reaches this forwarder. */
    Path socket() {
        return socket;
    }

    private void accept() {
        while (server.isOpen()) {
            try {
                SocketChannel inside = server.accept();
                pipes.execute(() -> forward(inside));
            } catch (IOException e) {
                if (server.isOpen()) {
                    log.debug("Outbound forwarder at {}: {}", socket, e.toString());
                }
                return;
            }
        }
    }

    private void forward(SocketChannel inside) {
        try (inside) {
            InputStream fromRunner = SocketStreams.in(inside);
            OutputStream toRunner = SocketStreams.out(inside);
            String[] request = readLine(fromRunner).split(" ");
            Optional<String> refusal = refusal(request);
            if (refusal.isPresent()) {
                toRunner.write(("NO " + refusal.get() + "\n").getBytes(StandardCharsets.UTF_8));
                log.warn("Refused a plugin runner's connection to {}: {}", String.join(":", request), refusal.get());
                return;
            }
            try (Socket outside = new Socket()) {
                InetAddress address = InetAddress.getByName(request[0]);
                Optional<String> resolved = policy.refusal(request[0], address);
                if (resolved.isPresent()) {
                    toRunner.write(("NO " + request[0] + " resolves to an address the outbound policy refuses\n")
                            .getBytes(StandardCharsets.UTF_8));
                    return;
                }
                outside.connect(new InetSocketAddress(address, Integer.parseInt(request[1])), CONNECT_TIMEOUT_MILLIS);
                toRunner.write("OK\n".getBytes(StandardCharsets.UTF_8));
                toRunner.flush();
                pipes.execute(() -> pump(fromRunner, outside));
                try (InputStream fromOutside = outside.getInputStream()) {
                    fromOutside.transferTo(toRunner);
                }
            } catch (IOException e) {
                toRunner.write(("NO " + e.getMessage() + "\n").getBytes(StandardCharsets.UTF_8));
            }
        } catch (IOException | RuntimeException e) {
            log.debug("A forwarded connection ended: {}", e.toString());
        }
    }

    private static void pump(InputStream from, Socket to) {
        try {
            from.transferTo(to.getOutputStream());
            to.shutdownOutput();
        } catch (IOException e) {
            // either side went away
        }
    }

    private Optional<String> refusal(String[] request) {
        if (request.length != 2 || !request[1].matches("\\d{1,5}")) {
            return Optional.of("malformed request");
        }
        int port = Integer.parseInt(request[1]);
        boolean declared = endpoints.stream().anyMatch(e -> e.host().equals(request[0]) && e.port() == port);
        return declared ? Optional.empty() : Optional.of(request[0] + ":" + port + " is not a host the plugin declared");
    }

    private static String readLine(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0 || line.length() > 300) {
                throw new IOException("no request line");
            }
            line.append((char) b);
        }
        return line.toString();
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException e) {
            // closing anyway
        }
        pipes.shutdownNow();
        try {
            Files.deleteIfExists(socket);
        } catch (IOException e) {
            // a socket file left in the temporary folder
        }
    }
}
