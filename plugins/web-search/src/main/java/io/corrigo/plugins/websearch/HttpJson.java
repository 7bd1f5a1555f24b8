package io.corrigo.plugins.websearch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.api.SearchException;
import io.corrigo.api.io.BoundedRead;
import io.corrigo.api.io.TooLargeException;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Map;

/**
 * A thin JSON-over-HTTP client for search APIs that turns every failure into a classified {@link SearchException}:
 * connection trouble, timeouts and 5xx are transient; 429 is a rate limit with the provider's Retry-After (seconds
 * or an HTTP date); other 4xx and unparsable bodies are permanent. Messages never contain the request URL, which
 * may carry an API key.
 */
final class HttpJson {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The most one answer may hold: a search API's page of results is a few kilobytes; reading stops here. */
    static final long MAX_BYTES = 4 * BoundedRead.MIB;

    private final HttpClient client;
    private final String provider;
    private final Duration requestTimeout;

    HttpJson(String provider, Duration requestTimeout) {
        this.provider = provider;
        this.requestTimeout = requestTimeout;
        // redirects are not followed: the host checked the configured address, not where a redirect would lead
        this.client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5))
                .followRedirects(HttpClient.Redirect.NEVER).build();
    }

    JsonNode get(URI uri, Map<String, String> headers) {
        return send(request(uri, headers).GET().build());
    }

    JsonNode post(URI uri, Map<String, String> headers, Object body) {
        try {
            return send(request(uri, headers).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw SearchException.permanent(provider + ": cannot write the request", null, e);
        }
    }

    private HttpRequest.Builder request(URI uri, Map<String, String> headers) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri).timeout(requestTimeout).header("Accept", "application/json");
        headers.forEach(builder::header);
        return builder;
    }

    private JsonNode send(HttpRequest request) {
        HttpResponse<byte[]> response;
        try {
            // the timeout covers the whole answer, body included: a body that trickles forever ends here too
            response = BoundedRead.send(client, request, MAX_BYTES, requestTimeout);
        } catch (TooLargeException e) {
            throw SearchException.permanent(provider + ": the answer is larger than " + MAX_BYTES / BoundedRead.MIB
                    + " MiB; reading stopped there", null, e);
        } catch (HttpTimeoutException e) {
            throw SearchException.transientFailure(provider + ": no answer within " + requestTimeout.toMillis() + " ms", null, e);
        } catch (IOException e) {
            throw SearchException.transientFailure(provider + ": connection failed (" + e.getClass().getSimpleName() + ")", null, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw SearchException.transientFailure(provider + ": interrupted", null, e);
        }
        int status = response.statusCode();
        if (status == 429) {
            throw SearchException.rateLimited(provider + ": rate limited (HTTP 429)",
                    retryAfter(response.headers().firstValue("Retry-After").orElse(null)));
        }
        if (status >= 500) {
            throw SearchException.transientFailure(provider + ": server error (HTTP " + status + ")", status, null);
        }
        if (status >= 300 && status < 400) {
            throw SearchException.permanent(provider + ": the service redirected (HTTP " + status
                    + "); redirects are not followed, configure the address it redirects to", status, null);
        }
        if (status == 401 || status == 403) {
            throw SearchException.permanent(provider + ": credentials rejected (HTTP " + status + ")", status, null);
        }
        if (status >= 400) {
            throw SearchException.permanent(provider + ": request refused (HTTP " + status + ")", status, null);
        }
        try {
            JsonNode body = JSON.readTree(response.body());
            if (body == null || !body.isObject()) {
                throw SearchException.permanent(provider + ": the answer is not a JSON object", status, null);
            }
            return body;
        } catch (IOException e) {
            throw SearchException.permanent(provider + ": malformed JSON in the answer", status, e);
        }
    }

    /** Retry-After as seconds or an HTTP date; {@code null} when absent or unreadable. */
    static Duration retryAfter(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return Duration.ofSeconds(Math.max(0, Long.parseLong(value.trim())));
        } catch (NumberFormatException notSeconds) {
            try {
                ZonedDateTime at = ZonedDateTime.parse(value.trim(), DateTimeFormatter.RFC_1123_DATE_TIME);
                Duration wait = Duration.between(ZonedDateTime.now(at.getZone()), at);
                return wait.isNegative() ? Duration.ZERO : wait;
            } catch (DateTimeParseException notADate) {
                return null;
            }
        }
    }
}
