package io.corrigo.server.sso;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.server.outbound.OutboundPolicy;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.security.oauth2.client.registration.ClientRegistration;
import org.springframework.security.oauth2.client.registration.ClientRegistrations;

/**
 * Reads an OpenID Connect provider's configuration ({@code <issuer>/.well-known/openid-configuration}) the way the
 * host's outbound policy allows: no redirect is followed (a redirect could lead anywhere the policy would refuse), the
 * issuer is checked again when it is read, and every endpoint the document names (token, keys, user info,
 * authorization) must pass the policy too, or the provider is not used: the host would otherwise send the client secret
 * to whatever address the document chose.
 */
final class OidcDiscovery {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> ENDPOINTS = List.of("authorization_endpoint", "token_endpoint", "jwks_uri",
            "userinfo_endpoint", "end_session_endpoint");

    private final OutboundPolicy outbound;
    private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5)).build();

    OidcDiscovery(OutboundPolicy outbound) {
        this.outbound = outbound;
    }

    /**
     * The registration the provider at {@code issuer} describes.
     *
     * @throws IllegalStateException naming why the provider may not be used (refused address, a redirect, an answer
     *                               that is not a configuration for this issuer)
     */
    ClientRegistration.Builder discover(String issuer) {
        List<String> refused = outbound.refusals(Map.of("issuer", issuer));
        if (!refused.isEmpty()) {
            throw new IllegalStateException(refused.get(0));
        }
        String location = issuer.endsWith("/") ? issuer.substring(0, issuer.length() - 1) : issuer;
        HttpResponse<String> response;
        try {
            response = http.send(HttpRequest.newBuilder(URI.create(location + "/.well-known/openid-configuration"))
                    .timeout(Duration.ofSeconds(10)).header("Accept", "application/json").GET().build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException("the issuer did not answer: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading the issuer");
        }
        if (response.statusCode() / 100 == 3) {
            throw new IllegalStateException("the issuer answered with a redirect (HTTP " + response.statusCode()
                    + "), which is not followed: set the issuer to the address it redirects to");
        }
        if (response.statusCode() != 200) {
            throw new IllegalStateException("the issuer's configuration answered HTTP " + response.statusCode());
        }
        Map<String, Object> configuration;
        try {
            configuration = JSON.readValue(response.body(), new TypeReference<>() { });
        } catch (IOException e) {
            throw new IllegalStateException("the issuer's configuration is not JSON");
        }
        if (!issuer.equals(configuration.get("issuer")) && !location.equals(configuration.get("issuer"))) {
            throw new IllegalStateException("the configuration names another issuer (" + configuration.get("issuer") + ")");
        }
        List<String> problems = new ArrayList<>();
        for (String endpoint : ENDPOINTS) {
            Object value = configuration.get(endpoint);
            if (value instanceof String url) {
                if (!url.startsWith("https://") && !url.startsWith("http://")) {
                    problems.add(endpoint + ": not an http(s) URL");
                } else {
                    outbound.refusals(Map.of(endpoint, url)).forEach(problems::add);
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalStateException("the issuer's endpoints are refused: " + String.join("; ", problems));
        }
        return ClientRegistrations.fromOidcConfiguration(configuration);
    }
}
