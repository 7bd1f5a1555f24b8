package io.corrigo.plugins.websearch;

import com.fasterxml.jackson.databind.JsonNode;
import io.corrigo.api.Passage;
import io.corrigo.api.Source;
import java.util.ArrayList;
import java.util.List;

/** Turns a provider's result array into web passages: cleaned text, URL as source and citation target. */
final class WebResults {

    private WebResults() {
    }

    static List<Passage> from(JsonNode array, String urlField, String textField, int max) {
        List<Passage> passages = new ArrayList<>();
        if (array == null || !array.isArray()) {
            return passages;
        }
        for (JsonNode item : array) {
            if (passages.size() >= max) {
                break;
            }
            String url = item.path(urlField).asText("");
            String text = HtmlText.clean(item.path(textField).asText(""));
            if (url.isBlank() || text.isBlank()) {
                continue;
            }
            String title = HtmlText.clean(item.path("title").asText(""));
            double score = item.path("score").asDouble(0);
            passages.add(Passage.of(url, text, Source.web(url, title.isBlank() ? url : title, url))
                    .withRetrievalScore(score));
        }
        return passages;
    }
}
