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

    public static void main(String[] args) {
        SpringApplication.run(CorrigoApplication.class, args);
    }
}
