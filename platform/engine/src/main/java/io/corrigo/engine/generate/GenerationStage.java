package io.corrigo.engine.generate;

import io.corrigo.api.Answer;
import io.corrigo.api.Citation;
import io.corrigo.api.ContextStrip;
import io.corrigo.api.GenerationRequest;
import io.corrigo.api.Generator;
import io.corrigo.api.Query;
import io.corrigo.engine.trace.Failures;
import io.corrigo.engine.trace.Stage;
import io.corrigo.engine.trace.TraceRecorder;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Calls the generator, or abstains without calling it when the context is empty. A generator that throws or
 * returns nothing yields a degraded abstention; citations that point outside the context are removed and
 * reported.
 */
public final class GenerationStage {

    /** What the user reads when nothing relevant enough was found anywhere. */
    public static final String NOTHING_RELEVANT =
            "I could not find reliable information to answer this question in the sources I searched.";

    /** What the user reads when the generator failed. */
    public static final String GENERATOR_FAILED =
            "An answer could not be generated right now; please try again later.";

    private final Generator generator;

    public GenerationStage(Generator generator) {
        this.generator = generator;
    }

    /** The answer from {@code context}. */
    public Answer generate(Query query, List<ContextStrip> context, TraceRecorder trace) {
        return generate(new GenerationRequest(query, context), trace, null);
    }

    /**
     * The answer to {@code request}, its text also handed to {@code tokens} as it is produced when that is not
     * {@code null}. An empty context means abstaining without a call, unless retrieval was skipped.
     */
    public Answer generate(GenerationRequest request, TraceRecorder trace, Consumer<String> tokens) {
        List<ContextStrip> context = request.context();
        if (context.isEmpty() && !request.retrievalSkipped()) {
            return Answer.abstain(Localized.in(request.query().text(), NOTHING_RELEVANT));
        }
        Answer answer;
        try {
            answer = tokens == null ? generator.generate(request) : generator.generate(request, tokens);
        } catch (RuntimeException e) {
            trace.notice(Stage.GENERATE, "generator failed: " + Failures.describe(e), true);
            return Answer.abstain(Localized.in(request.query().text(), GENERATOR_FAILED));
        }
        if (answer == null) {
            trace.notice(Stage.GENERATE, "generator returned null", true);
            return Answer.abstain(Localized.in(request.query().text(), GENERATOR_FAILED));
        }
        trace.generated(answer.usage());
        Set<Integer> known = context.stream().map(ContextStrip::citation).collect(Collectors.toSet());
        List<Citation> valid = answer.citations().stream().filter(c -> known.contains(c.number())).toList();
        if (valid.size() != answer.citations().size()) {
            trace.notice(Stage.GENERATE, "generator cited sources that are not in the context; those citations were removed", false);
            return new Answer(answer.text(), valid, answer.abstained(), answer.reflection(), answer.usage());
        }
        return answer;
    }
}
