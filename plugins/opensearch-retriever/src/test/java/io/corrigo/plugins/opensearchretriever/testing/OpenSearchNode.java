package io.corrigo.plugins.opensearchretriever.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.codelibs.opensearch.runner.OpenSearchRunner;

/**
 * One real OpenSearch node with the k-NN plugin, started in the test JVM on a free port on first use and stopped when
 * the JVM exits. Shared through this module's test jar (the multi-host tests use it too); the JVM needs the k-NN plugin's
 * jars on its class path (see this module's surefire configuration).
 */
public final class OpenSearchNode {

    private static String url;

    private OpenSearchNode() {
    }

    /** The node's REST endpoint, starting it if needed. */
    public static synchronized String url() {
        if (url == null) {
            url = start();
        }
        return url;
    }

    private static String start() {
        try {
            int port;
            try (ServerSocket socket = new ServerSocket(0)) {
                port = socket.getLocalPort();
            }
            Path home = Files.createTempDirectory("opensearch-node");
            OpenSearchRunner runner = new OpenSearchRunner();
            int httpPort = port;
            runner.onBuild((number, settings) -> {
                settings.put("http.port", httpPort);
                settings.put("network.host", "127.0.0.1");
            }).build(OpenSearchRunner.newConfigs().numOfNode(1).basePath(home.toString())
                    .clusterName("corrigo-test-" + port).pluginTypes("org.opensearch.knn.plugin.KNNPlugin").disableESLogger());
            runner.ensureYellow();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    runner.close();
                    runner.clean();
                } catch (IOException ignored) {
                    // the JVM is going anyway
                }
            }));
            return "http://127.0.0.1:" + httpPort;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
