package io.corrigo;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * The Corrigo host. Its package is the root of component scanning: the server ({@code io.corrigo.server}) and,
 * when it is on the class path, the admin UI ({@code io.corrigo.ui}).
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class CorrigoApplication {

    /** What {@code --help} prints. */
    static final String USAGE = """
            Corrigo: corrective retrieval-augmented answers.

              (no command)   run the host: admin UI and REST API on SERVER_PORT (8080)
              eval ...       evaluate pipelines on a question set (eval --help)
              bench ...      benchmark a running deployment (bench --help)
              condense ...   the offline condenser's accuracy on multi-turn conversations (condense --help)
              healthcheck    exit 0 when the host on this machine answers /actuator/health UP (a container's check)
              --help         this text

            Settings come from the environment (docs/operations.md): CORRIGO_MODE, CORRIGO_MASTER_KEY,
            CORRIGO_DATA_DIR, CORRIGO_PLUGINS_DIR, CORRIGO_ADMIN_PASSWORD, SPRING_PROFILES_ACTIVE=postgres with
            CORRIGO_DB_URL, CORRIGO_DB_USER and CORRIGO_DB_PASSWORD, CORRIGO_SECURITY_API_BASIC, SERVER_PORT.
            """;

    /**
     * Runs the host; with {@code eval} as the first argument the evaluation command ({@code eval --help}), with
     * {@code bench} the benchmark of a running deployment ({@code bench --help}), with {@code condense} the offline
     * condenser's accuracy on a multi-turn conversation set, with {@code healthcheck} a probe of
     * the host on this machine, with {@code --help} the usage.
     */
    public static void main(String[] args) {
        if (args.length > 0 && (args[0].equals("--help") || args[0].equals("-h") || args[0].equals("help"))) {
            System.out.print(USAGE);
            System.exit(0);
        }
        if (args.length > 0 && args[0].equals("healthcheck")) {
            System.exit(healthcheck(System.getenv().getOrDefault("SERVER_PORT", "8080")));
        }
        if (args.length > 0 && args[0].equals("bench")) {
            System.exit(io.corrigo.server.bench.BenchCommand.run(java.util.Arrays.copyOfRange(args, 1, args.length)));
        }
        if (args.length > 0 && args[0].equals("condense")) {
            System.exit(io.corrigo.server.conversation.CondenseCommand.run(java.util.Arrays.copyOfRange(args, 1, args.length),
                    System.out));
        }
        if (args.length > 0 && args[0].equals("eval")) {
            System.exit(io.corrigo.server.eval.EvalMain.run(CorrigoApplication.class,
                    java.util.Arrays.copyOfRange(args, 1, args.length)));
        }
        SpringApplication.run(CorrigoApplication.class, args);
    }

    /** 0 when {@code /actuator/health} on this machine's {@code port} answers 200 with status UP, else 1. */
    static int healthcheck(String port) {
        try {
            java.net.http.HttpResponse<String> response = java.net.http.HttpClient.newBuilder()
                    .connectTimeout(java.time.Duration.ofSeconds(3)).build()
                    .send(java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://127.0.0.1:" + port + "/actuator/health"))
                            .timeout(java.time.Duration.ofSeconds(4)).build(), java.net.http.HttpResponse.BodyHandlers.ofString());
            boolean up = response.statusCode() == 200 && response.body().contains("\"UP\"");
            System.out.println(up ? "UP" : "not healthy: " + response.statusCode() + " " + response.body());
            return up ? 0 : 1;
        } catch (java.io.IOException | IllegalArgumentException e) {
            System.out.println("not healthy: " + e);
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        }
    }
}
