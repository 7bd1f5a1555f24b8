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

    /**
     * Runs the host; with {@code eval} as the first argument the evaluation command ({@code eval --help}), with
     * {@code bench} the benchmark of a running deployment ({@code bench --help}).
     */
    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("bench")) {
            System.exit(io.corrigo.server.bench.BenchCommand.run(java.util.Arrays.copyOfRange(args, 1, args.length)));
        }
        if (args.length > 0 && args[0].equals("eval")) {
            System.exit(io.corrigo.server.eval.EvalMain.run(CorrigoApplication.class,
                    java.util.Arrays.copyOfRange(args, 1, args.length)));
        }
        SpringApplication.run(CorrigoApplication.class, args);
    }
}
