package io.corrigo.server.curated;

import java.time.Instant;
import java.util.List;

/**
 * An answer an admin wrote for a question: served whenever a new question matches the question or one of its variants
 * closely enough, in place of what the pipeline would answer.
 *
 * @param id        its id within the tenant
 * @param version   1 when written, one more with every change
 * @param question  the question as the admin wrote it
 * @param variants  other ways of asking it (may be empty)
 * @param answer    the answer served, or {@code null} for a curated abstention (the tenant's abstention message)
 * @param documents the knowledge-base documents the answer cites, in order ({@code [1]}, {@code [2]}, …); may be empty
 * @param sourceRun the run it was written from, or {@code null}
 * @param updatedBy who wrote its current version
 * @param createdAt when it was first written
 * @param updatedAt when its current version was written
 */
public record CuratedAnswer(long id, int version, String question, List<String> variants, String answer,
                            List<String> documents, String sourceRun, String updatedBy, Instant createdAt,
                            Instant updatedAt) {

    public CuratedAnswer {
        variants = variants == null ? List.of() : List.copyOf(variants);
        documents = documents == null ? List.of() : List.copyOf(documents);
    }

    /** Whether it is a curated abstention: "we do not answer this here". */
    public boolean abstains() {
        return answer == null;
    }

    /** The question and its variants: what a new question is matched against. */
    public List<String> phrasings() {
        List<String> all = new java.util.ArrayList<>();
        all.add(question);
        all.addAll(variants);
        return all;
    }

    /**
     * What an admin writes: the question, its variants, the answer (or none, with {@code abstain}), the documents it
     * cites and the run it comes from.
     */
    public record Draft(String question, List<String> variants, String answer, Boolean abstain, List<String> documents,
                        String sourceRun) {
    }
}
