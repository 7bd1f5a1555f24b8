package com.example.hello;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.api.Passage;
import io.corrigo.api.SearchException;
import io.corrigo.api.SearchProvider;
import io.corrigo.api.SearchRequest;
import io.corrigo.api.Source;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Calls the search API once per request and turns its results into web passages. Thread-safe: the HTTP client and
 * the JSON mapper are shared, nothing else is kept between calls. Failures are thrown, not hidden: the host times the
 * call out, counts failures in this tenant's circuit breaker and degrades the answer.
 */
final class HelloSearchProvider implements SearchProvider {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI baseUrl;
    private final String apiKey;
    private final Duration timeout;
    private final HttpClient http;

    HelloSearchProvider(URI baseUrl, String apiKey, Duration timeout) {
        this.baseUrl = baseUrl;
        this.apiKey = apiKey;
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
    }

    @Override
    public List<Passage> search(SearchRequest request) {
        String base = baseUrl.toString().replaceAll("/+$", "");
        URI uri = URI.create(base + "/search?q=" + URLEncoder.encode(request.keywords(), StandardCharsets.UTF_8)
                + "&limit=" + request.maxResults());
        HttpRequest.Builder call = HttpRequest.newBuilder(uri).timeout(timeout).header("Accept", "application/json");
        if (!apiKey.isBlank()) {
            call.header("Authorization", "Bearer " + apiKey);
        }
        HttpResponse<String> response;
        try {
            response = http.send(call.GET().build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw SearchException.transientFailure("hello search unreachable: " + e.getMessage(), null, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw SearchException.transientFailure("hello search interrupted", null, e);
        }
        if (response.statusCode() == 429 || response.statusCode() >= 500) {
            throw SearchException.transientFailure("hello search answered HTTP " + response.statusCode(), response.statusCode(), null);
        }
        if (response.statusCode() != 200) {
            throw SearchException.permanent("hello search answered HTTP " + response.statusCode(), response.statusCode(), null);
        }
        try {
            List<Passage> passages = new ArrayList<>();
            for (JsonNode result : JSON.readTree(response.body()).path("results")) {
                String url = result.path("url").asText("");
                String text = result.path("snippet").asText("").strip();
                if (url.isBlank() || text.isBlank() || passages.size() >= request.maxResults()) {
                    continue;
                }
                passages.add(Passage.of("hello-" + passages.size(), text,
                        Source.web(url, result.path("title").asText(url), url)));
            }
            return passages;
        } catch (IOException e) {
            throw SearchException.permanent("hello search answered malformed JSON: " + e.getMessage(), null, e);
        }
    }
}
