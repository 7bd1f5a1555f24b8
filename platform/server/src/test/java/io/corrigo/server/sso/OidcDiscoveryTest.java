package io.corrigo.server.sso;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import io.corrigo.server.outbound.OutboundPolicy;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.security.oauth2.client.registration.ClientRegistration;

/**
 * Discovery held to the outbound policy: the issuer ({@code localhost}, allowed by name) is a real HTTP server on
 * loopback; a trap listener on {@code 127.0.0.1} (not allowed) stands for an internal service a provider's document or
 * redirect could point the host at. The trap must see no request.
 */
class OidcDiscoveryTest {

    private final AtomicInteger trapHits = new AtomicInteger();
    private HttpServer issuer;
    private HttpServer trap;
    private volatile String document;
    private volatile String redirect;

    @BeforeEach
    void start() throws Exception {
        trap = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        trap.createContext("/", exchange -> {
            trapHits.incrementAndGet();
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        trap.start();
        issuer = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        issuer.createContext("/.well-known/openid-configuration", exchange -> {
            if (redirect != null) {
                exchange.getResponseHeaders().add("Location", redirect);
                exchange.sendResponseHeaders(302, -1);
            } else {
                byte[] body = document.getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().add("Content-Type", "application/json");
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
            }
            exchange.close();
        });
        issuer.start();
    }

    @AfterEach
    void stop() {
        issuer.stop(0);
        trap.stop(0);
    }

    private String issuerUrl() {
        return "http://localhost:" + issuer.getAddress().getPort();
    }

    private String trapUrl(String path) {
        return "http://127.0.0.1:" + trap.getAddress().getPort() + path;
    }

    private String documentWith(String tokenEndpoint) {
        String base = issuerUrl();
        return "{\"issuer\":\"" + base + "\",\"authorization_endpoint\":\"" + base + "/authorize\",\"token_endpoint\":\""
                + tokenEndpoint + "\",\"jwks_uri\":\"" + base + "/jwks\",\"userinfo_endpoint\":\"" + base + "/userinfo\","
                + "\"subject_types_supported\":[\"public\"],\"response_types_supported\":[\"code\"],"
                + "\"id_token_signing_alg_values_supported\":[\"RS256\"]}";
    }

    private final OidcDiscovery discovery = new OidcDiscovery(new OutboundPolicy(List.of("localhost")));

    @Test
    void should_read_a_provider_whose_endpoints_the_policy_allows() {
        document = documentWith(issuerUrl() + "/token");

        ClientRegistration registration = discovery.discover(issuerUrl()).registrationId("oidc").clientId("corrigo")
                .clientSecret("secret").build();

        assertThat(registration.getProviderDetails().getTokenUri()).isEqualTo(issuerUrl() + "/token");
    }

    @Test
    void should_not_follow_a_redirect_from_the_issuer() {
        redirect = trapUrl("/.well-known/openid-configuration");

        assertThatThrownBy(() -> discovery.discover(issuerUrl())).hasMessageContaining("redirect")
                .hasMessageContaining("not followed");
        assertThat(trapHits).hasValue(0);
    }

    @Test
    void should_refuse_a_provider_whose_token_endpoint_the_policy_refuses__before_any_secret_is_sent() {
        document = documentWith(trapUrl("/token"));

        assertThatThrownBy(() -> discovery.discover(issuerUrl())).hasMessageContaining("token_endpoint")
                .hasMessageContaining("refused");
        assertThat(trapHits).hasValue(0);
    }
}
