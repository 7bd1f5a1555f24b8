package io.corrigo.server.resilience;

import io.corrigo.api.Passage;
import io.corrigo.api.SearchProvider;
import io.corrigo.api.SearchRequest;
import java.util.List;

/** A search provider behind its tenant's guard ({@link GuardedCall}): gives up with {@link SearchUnavailableException}. */
final class GuardedSearchProvider implements SearchProvider {

    private final SearchProvider delegate;
    private final GuardedCall call;

    GuardedSearchProvider(SearchProvider delegate, GuardedCall call) {
        this.delegate = delegate;
        this.call = call;
    }

    @Override
    public List<Passage> search(SearchRequest request) {
        return call.call(() -> delegate.search(request));
    }
}
