package io.corrigo.server.eval;

import java.nio.file.Files;
import java.util.List;
import java.util.UUID;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The {@code eval} command line: starts the host quietly (random port, no demo tenant, a throw-away data directory
 * unless {@code CORRIGO_DATA_DIR} is set, which {@code --tenant} needs), runs {@link EvalCommand}, stops.
 */
public final class EvalMain {

    private EvalMain() {
    }

    /** @return the process exit code: 0 done, 1 failed, 2 bad arguments */
    public static int run(Class<?> application, String[] args) {
        EvalCommand.Options options;
        try {
            options = EvalCommand.Options.parse(List.of(args));
        } catch (IllegalArgumentException e) {
            System.err.println("corrigo eval: " + e.getMessage());
            System.err.println(EvalCommand.USAGE);
            return 2;
        }
        String dataDir = System.getenv("CORRIGO_DATA_DIR");
        try {
            if (dataDir == null) {
                dataDir = Files.createTempDirectory("corrigo-eval").toString();
            }
        } catch (java.io.IOException e) {
            System.err.println("corrigo eval: cannot create a data directory: " + e.getMessage());
            return 1;
        }
        // as command-line arguments: they outrank application.yml (default properties would not)
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(application)
                .run("--server.port=0", "--corrigo.demo.enabled=false", "--corrigo.data-dir=" + dataDir,
                        "--corrigo.security.admin-password=" + UUID.randomUUID(), "--spring.main.banner-mode=off",
                        "--logging.level.root=WARN", "--logging.level.io.corrigo=WARN")) {
            context.getBean(EvalCommand.class).run(options, System.out);
            return 0;
        } catch (RuntimeException e) {
            System.err.println("corrigo eval failed: " + (e instanceof io.corrigo.server.problem.ServiceException refused
                    ? refused.describe() : e.getMessage()));
            return 1;
        }
    }
}
