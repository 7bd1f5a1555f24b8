package io.corrigo.server.access;

import io.corrigo.server.knowledge.DocumentTexts;
import java.util.Set;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /v1/documents/{id}/source?start=&end=} with a tenant's secret key: a cited document opened at the
 * citation's span (the {@code sourceUrl} of the OpenAI-compatible endpoint's citations), for the key's groups only;
 * a document they may not read does not exist for them.
 */
@RestController
class SourceController {

    private final DocumentTexts texts;

    SourceController(DocumentTexts texts) {
        this.texts = texts;
    }

    @GetMapping("/v1/documents/{id}/source")
    DocumentTexts.Source source(@RequestAttribute(KeyAccessFilter.KEY) KeyView key, @PathVariable String id,
                                @RequestParam(defaultValue = "0") int start, @RequestParam(defaultValue = "0") int end) {
        return texts.source(key.tenant(), id, start, end, Set.copyOf(key.groups()));
    }
}
