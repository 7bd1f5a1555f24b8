package io.corrigo.server.conversation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.api.Answer;
import io.corrigo.api.Citation;
import io.corrigo.api.Origin;
import io.corrigo.api.Passage;
import io.corrigo.api.Source;
import io.corrigo.engine.trace.RunTrace;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The passages a turn's answer cited, kept with the turn so that the next follow-up can grade them again for its own
 * question (they join its candidates; one that no longer answers is dropped there). Only passages the run kept and
 * whose document the answer cites are carried, at most {@link #MAX}, with the text the grader saw.
 */
public final class CitedPassages {

    /** At most this many passages are kept with a turn. */
    static final int MAX = 5;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<List<Kept>> LIST = new TypeReference<>() {
    };

    /** A cited passage as stored: enough to grade it again, nothing of the grading itself. */
    record Kept(String id, String text, Origin origin, String documentId, String title, String uri) {
    }

    private CitedPassages() {
    }

    /** The passages {@code answer} cited, as {@code trace} recorded them; none for an abstention. */
    public static List<Passage> of(Answer answer, RunTrace trace) {
        return answer.abstained() ? List.of() : of(answer.citations(), trace);
    }

    /** The passages {@code citations} point at, as {@code trace} recorded them (a served answer's citations). */
    public static List<Passage> of(List<Citation> citations, RunTrace trace) {
        if (citations.isEmpty() || trace == null) {
            return List.of();
        }
        Map<String, Source> sources = citations.stream().map(Citation::source)
                .collect(Collectors.toMap(Source::documentId, s -> s, (a, b) -> a));
        return Stream.concat(trace.retrieved().stream(), trace.searchResults().stream())
                .filter(p -> p.kept() && p.text() != null && sources.containsKey(p.documentId()))
                .limit(MAX)
                .map(p -> Passage.of(p.id(), p.text(), sources.get(p.documentId())))
                .toList();
    }

    /** As stored in {@code conversation_turn.cited}; {@code null} for none. */
    static String write(List<Passage> passages) {
        if (passages.isEmpty()) {
            return null;
        }
        try {
            return JSON.writeValueAsString(passages.stream().map(p -> new Kept(p.id(), p.text(), p.source().origin(),
                    p.source().documentId(), p.source().title(), p.source().uri())).toList());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cited passages not written", e);
        }
    }

    /** What {@link #write} stored; an unreadable or missing column is no passages (the follow-up retrieves as usual). */
    static List<Passage> read(String stored) {
        if (stored == null || stored.isBlank()) {
            return List.of();
        }
        try {
            return JSON.readValue(stored, LIST).stream().filter(k -> k.id() != null && k.text() != null
                            && k.origin() != null && k.documentId() != null)
                    .map(k -> Passage.of(k.id(), k.text(), new Source(k.origin(), k.documentId(), k.title(), k.uri())))
                    .toList();
        } catch (JsonProcessingException e) {
            return List.of();
        }
    }
}
