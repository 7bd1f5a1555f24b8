package io.corrigo.server;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** The Corrigo host. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class CorrigoApplication {

    public static void main(String[] args) {
        SpringApplication.run(CorrigoApplication.class, args);
    }
}
