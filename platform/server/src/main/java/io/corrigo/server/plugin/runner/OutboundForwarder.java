package io.corrigo.server.plugin.runner;

import io.corrigo.server.outbound.OutboundPolicy;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
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
 *
 * <p>One selector thread serves every connection of the runner (and one thread looks names up, off that loop): a
 * plugin that holds 1,800 connections open costs the host two threads, not 3,600. At most {@link #MAX_CONNECTIONS}
 * are open at once; the next is answered {@code NO} until one closes.
 */
final class OutboundForwarder implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(OutboundForwarder.class);
    private static final long CONNECT_TIMEOUT_MILLIS = 10_000;
    /** The connections one runner may hold open through its forwarder at once. */
    static final int MAX_CONNECTIONS = 256;
    private static final int BUFFER = 16 * 1024;

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
    private final Selector selector;
    private final Thread loop;
    private final ExecutorService lookups;
    private final Queue<Runnable> onLoop = new ConcurrentLinkedQueue<>();
    private final Set<Connection> connections = new HashSet<>();

    private OutboundForwarder(Path socket, List<Endpoint> endpoints, OutboundPolicy policy, String name)
            throws IOException {
        this.socket = socket;
        this.endpoints = List.copyOf(endpoints);
        this.policy = policy;
        this.server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(socket));
        server.configureBlocking(false);
        this.selector = Selector.open();
        server.register(selector, SelectionKey.OP_ACCEPT);
        this.lookups = Executors.newSingleThreadExecutor(r -> {
            Thread thread = new Thread(r, "runner-forward-lookup-" + name);
            thread.setDaemon(true);
            return thread;
        });
        this.loop = new Thread(this::run, "runner-forward-" + name);
        loop.setDaemon(true);
        loop.start();
    }

    /** Listens on {@code socket} for the runner's connections to {@code endpoints}. */
    static OutboundForwarder start(Path socket, List<Endpoint> endpoints, OutboundPolicy policy, String name)
            throws IOException {
        return new OutboundForwarder(socket, endpoints, policy, name);
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

    /** One forwarded connection: the runner's side, and once connected the outside one, with a buffer each way. */
    private final class Connection {
        final SocketChannel inside;
        SocketChannel outside;
        final ByteBuffer line = ByteBuffer.allocate(302);
        final ByteBuffer toOutside = ByteBuffer.allocate(BUFFER);
        final ByteBuffer toInside = ByteBuffer.allocate(BUFFER);
        boolean insideDone;
        boolean outsideDone;
        boolean piping;
        boolean closeWhenSent;
        long connectBy;

        Connection(SocketChannel inside) {
            this.inside = inside;
        }
    }

    /** Which side of a connection a selection key stands for. */
    private record Side(Connection connection, boolean inside) {
    }

    private void run() {
        while (server.isOpen()) {
            try {
                selector.select(1000);
                for (Runnable task = onLoop.poll(); task != null; task = onLoop.poll()) {
                    task.run();
                }
                for (SelectionKey key : selector.selectedKeys()) {
                    if (!key.isValid()) {
                        continue;
                    }
                    if (key.isAcceptable()) {
                        accept();
                        continue;
                    }
                    Side side = (Side) key.attachment();
                    try {
                        handle(side, key);
                    } catch (IOException | RuntimeException e) {
                        log.debug("A forwarded connection ended: {}", e.toString());
                        close(side.connection());
                    }
                }
                selector.selectedKeys().clear();
                long now = System.currentTimeMillis();
                for (Connection c : List.copyOf(connections)) {
                    if (c.connectBy > 0 && now > c.connectBy) {
                        refuse(c, "no connection within " + CONNECT_TIMEOUT_MILLIS / 1000 + " s");
                    }
                }
            } catch (IOException | RuntimeException e) {
                if (server.isOpen()) {
                    log.debug("Outbound forwarder at {}: {}", socket, e.toString());
                }
            }
        }
    }

    private void accept() throws IOException {
        for (SocketChannel inside = server.accept(); inside != null; inside = server.accept()) {
            inside.configureBlocking(false);
            Connection c = new Connection(inside);
            if (connections.size() >= MAX_CONNECTIONS) {
                inside.write(ByteBuffer.wrap(("NO this plugin's runner holds " + MAX_CONNECTIONS
                        + " connections already\n").getBytes(StandardCharsets.UTF_8)));
                inside.close();
                continue;
            }
            connections.add(c);
            inside.register(selector, SelectionKey.OP_READ, new Side(c, true));
        }
    }

    private void handle(Side side, SelectionKey key) throws IOException {
        Connection c = side.connection();
        if (!side.inside() && key.isConnectable()) {
            if (c.outside.finishConnect()) {
                c.connectBy = 0;
                c.piping = true;
                c.toInside.put("OK\n".getBytes(StandardCharsets.UTF_8));
            }
        } else if (side.inside() && !c.piping && c.outside == null && !c.closeWhenSent && key.isReadable()) {
            readLine(c);
        } else {
            if (key.isReadable()) {
                read(c, side.inside());
            }
            if (key.isValid() && key.isWritable()) {
                write(c, side.inside());
            }
        }
        if (connections.contains(c)) {
            interests(c);
        }
    }

    /** Reads the request line; once whole, checks it and looks the name up off the loop. */
    private void readLine(Connection c) throws IOException {
        if (c.inside.read(c.line) < 0) {
            close(c);
            return;
        }
        int end = -1;
        for (int i = 0; i < c.line.position(); i++) {
            if (c.line.get(i) == '\n') {
                end = i;
                break;
            }
        }
        if (end < 0) {
            if (!c.line.hasRemaining()) {
                refuse(c, "malformed request");
            }
            return;
        }
        String[] request = new String(c.line.array(), 0, end, StandardCharsets.UTF_8).split(" ");
        c.toOutside.put(c.line.array(), end + 1, c.line.position() - end - 1); // anything sent after the line
        Optional<String> refusal = refusal(request);
        if (refusal.isPresent()) {
            log.warn("Refused a plugin runner's connection to {}: {}", String.join(":", request), refusal.get());
            refuse(c, refusal.get());
            return;
        }
        c.closeWhenSent = false;
        c.connectBy = System.currentTimeMillis() + CONNECT_TIMEOUT_MILLIS;
        lookups.execute(() -> {
            String why;
            InetAddress address = null;
            try {
                address = InetAddress.getByName(request[0]);
                why = policy.refusal(request[0], address).isPresent()
                        ? request[0] + " resolves to an address the outbound policy refuses" : null;
            } catch (IOException e) {
                why = e.getMessage();
            }
            InetAddress resolved = address;
            String refused = why;
            onLoop.add(() -> connect(c, resolved, Integer.parseInt(request[1]), refused));
            selector.wakeup();
        });
    }

    private void connect(Connection c, InetAddress address, int port, String refused) {
        if (!connections.contains(c) || c.closeWhenSent) {
            return; // gone, or refused meanwhile (its time ran out)
        }
        if (refused != null) {
            refuse(c, refused);
            return;
        }
        try {
            c.outside = SocketChannel.open();
            c.outside.configureBlocking(false);
            boolean now = c.outside.connect(new InetSocketAddress(address, port));
            c.outside.register(selector, now ? 0 : SelectionKey.OP_CONNECT, new Side(c, false));
            if (now) {
                c.connectBy = 0;
                c.piping = true;
                c.toInside.put("OK\n".getBytes(StandardCharsets.UTF_8));
            }
            interests(c);
        } catch (IOException e) {
            refuse(c, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        }
    }

    private void read(Connection c, boolean inside) throws IOException {
        SocketChannel from = inside ? c.inside : c.outside;
        ByteBuffer into = inside ? c.toOutside : c.toInside;
        if (from.read(into) < 0) {
            if (inside) {
                c.insideDone = true;
            } else {
                c.outsideDone = true;
            }
        }
        flushEnds(c);
    }

    private void write(Connection c, boolean inside) throws IOException {
        SocketChannel to = inside ? c.inside : c.outside;
        ByteBuffer from = inside ? c.toInside : c.toOutside;
        from.flip();
        to.write(from);
        from.compact();
        if (inside && c.closeWhenSent && c.toInside.position() == 0) {
            close(c);
            return;
        }
        flushEnds(c);
    }

    /** Passes an end of input on once what came before it is sent; closes when both ends are done. */
    private void flushEnds(Connection c) throws IOException {
        if (!c.piping) {
            return;
        }
        if (c.insideDone && c.toOutside.position() == 0 && c.outside.isOpen()) {
            c.outside.shutdownOutput();
        }
        if (c.outsideDone && c.toInside.position() == 0) {
            c.inside.shutdownOutput();
            if (c.insideDone) {
                close(c);
            }
        }
    }

    private void interests(Connection c) {
        if (!connections.contains(c)) {
            return;
        }
        SelectionKey in = c.inside.keyFor(selector);
        if (in != null && in.isValid()) {
            int ops = 0;
            if (c.closeWhenSent || c.piping) {
                if (c.toInside.position() > 0) {
                    ops |= SelectionKey.OP_WRITE;
                }
                if (c.piping && !c.insideDone && c.toOutside.hasRemaining()) {
                    ops |= SelectionKey.OP_READ;
                }
            } else if (c.outside == null && c.connectBy == 0) {
                ops = SelectionKey.OP_READ; // the request line
            }
            in.interestOps(ops);
        }
        SelectionKey out = c.outside == null ? null : c.outside.keyFor(selector);
        if (out != null && out.isValid() && c.piping) {
            int ops = 0;
            if (c.toOutside.position() > 0) {
                ops |= SelectionKey.OP_WRITE;
            }
            if (!c.outsideDone && c.toInside.hasRemaining()) {
                ops |= SelectionKey.OP_READ;
            }
            out.interestOps(ops);
        }
    }

    /** Answers {@code NO reason} and closes once it is sent. */
    private void refuse(Connection c, String reason) {
        c.connectBy = 0;
        c.piping = false;
        c.closeWhenSent = true;
        if (c.outside != null) {
            closeQuietly(c.outside);
        }
        c.toInside.clear();
        byte[] no = ("NO " + reason + "\n").getBytes(StandardCharsets.UTF_8);
        c.toInside.put(no, 0, Math.min(no.length, c.toInside.capacity()));
        interests(c);
    }

    private void close(Connection c) {
        connections.remove(c);
        closeQuietly(c.inside);
        if (c.outside != null) {
            closeQuietly(c.outside);
        }
    }

    private static void closeQuietly(java.io.Closeable closeable) {
        try {
            closeable.close();
        } catch (IOException e) {
            // closing anyway
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

    @Override
    public void close() {
        closeQuietly(server);
        selector.wakeup();
        try {
            loop.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (SelectionKey key : selector.keys()) {
            closeQuietly(key.channel());
        }
        closeQuietly(selector);
        lookups.shutdownNow();
        try {
            Files.deleteIfExists(socket);
        } catch (IOException e) {
            // a socket file left in the temporary folder
        }
    }
}
