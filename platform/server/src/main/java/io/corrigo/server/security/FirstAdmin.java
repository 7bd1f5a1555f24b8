package io.corrigo.server.security;

import io.corrigo.server.CorrigoProperties;
import java.security.SecureRandom;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;

/**
 * On the first start (no users at all) creates the platform admin: with {@code corrigo.security.admin-password}
 * (env {@code CORRIGO_ADMIN_PASSWORD}) when set, otherwise with a generated password printed once in the log.
 */
@Component
@Order(0)
class FirstAdmin implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(FirstAdmin.class);
    private static final String ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

    private final AdminUsers users;
    private final CorrigoProperties.Security settings;

    FirstAdmin(AdminUsers users, CorrigoProperties properties) {
        this.users = users;
        this.settings = properties.security();
    }

    @Override
    public void run(ApplicationArguments args) {
        if (users.any()) {
            return;
        }
        String configured = settings.adminPassword();
        boolean generate = configured == null || configured.isBlank();
        String password = generate ? generate() : configured;
        try {
            users.create(settings.adminUsername(), password, Role.PLATFORM_ADMIN, List.of());
        } catch (RuntimeException e) {
            if (users.any()) {
                // several hosts started together on an empty database: another one created the admin first
                log.info("The first platform admin was created by another host");
                return;
            }
            throw e instanceof io.corrigo.server.problem.ServiceException api ? invalid(api) : e;
        }
        if (generate) {
            log.warn("""

                    ==========================================================================
                     Created the first platform admin. Sign in at /login as
                        user:     {}
                        password: {}
                     This password is printed only once; change it in Users after signing in.
                    ==========================================================================""",
                    settings.adminUsername(), password);
        } else {
            log.info("Created the first platform admin '{}' with the configured password", settings.adminUsername());
        }
    }

    /** A bad CORRIGO_ADMIN_USERNAME / CORRIGO_ADMIN_PASSWORD: says which rule, not just "not valid". */
    private static IllegalStateException invalid(io.corrigo.server.problem.ServiceException e) {
        return new IllegalStateException("The first platform admin cannot be created from CORRIGO_ADMIN_USERNAME / "
                + "CORRIGO_ADMIN_PASSWORD: " + String.join("; ", e.details())
                + ". Fix them, or unset CORRIGO_ADMIN_PASSWORD to have a password generated and printed.", e);
    }

    private static String generate() {
        SecureRandom random = new SecureRandom();
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < 20; i++) {
            out.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return out.toString();
    }
}
