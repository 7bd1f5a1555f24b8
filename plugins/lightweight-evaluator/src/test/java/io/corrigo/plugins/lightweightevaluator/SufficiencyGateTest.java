package io.corrigo.plugins.lightweightevaluator;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.EmbeddingService;
import io.corrigo.api.Grade;
import io.corrigo.api.Judgement;
import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.Source;
import io.corrigo.api.Strip;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The answerhood grader's sufficiency gate and its answer reader (the shipped ONNX model, run for real): a passage on
 * the topic without the asked detail is INCORRECT whatever the thresholds; a near miss the form cannot see is caught by
 * the reader; the sentence holding the answer outscores the ones that do not.
 */
class SufficiencyGateTest {

    private static final EmbeddingService FLAT = new RandomEmbeddings(64);

    // random embeddings leave the model's probabilities low: every passage passing the gate is read here (floor 0)
    private final AnswerhoodEvaluator gated = new AnswerhoodEvaluator(AnswerhoodModel.shipped(), FLAT, true,
            AnswerReader::shipped, AnswerhoodEvaluatorFactory.DEFAULT_READER_THRESHOLD, 0);
    private final AnswerhoodEvaluator shipped = new AnswerhoodEvaluator(AnswerhoodModel.shipped(), FLAT, true,
            AnswerReader::shipped, AnswerhoodEvaluatorFactory.DEFAULT_READER_THRESHOLD);
    private final AnswerhoodEvaluator ungated = new AnswerhoodEvaluator(AnswerhoodModel.shipped(), FLAT, false, null, 0);

    private static Query query(String question) {
        return new Query(question, FLAT.embed(question), term -> 1.0);
    }

    private static Passage passage(String text) {
        return new Passage("p1", text, Source.knowledgeBase("handbook", "Acme handbook"), 1.0, null, List.of(), Map.of());
    }

    @Test
    void should_grade_a_passage_without_the_asked_detail_incorrect__whatever_the_thresholds() {
        Query query = query("What is the annual revenue of Acme?");
        Passage hours = passage("Core working hours at Acme are 10:00 to 15:00. Acme staff may work from home on Fridays.");

        Judgement gate = gated.judge(query, hours);
        Judgement plain = ungated.judge(query, hours);

        assertThat(gate.grade()).isEqualTo(Grade.INCORRECT);
        assertThat(gate.score()).isLessThanOrEqualTo(AnswerhoodEvaluator.LACKING_CAP);
        assertThat(gate.reason()).startsWith("insufficient (asked: MONEY, amount of money (revenue)): no amount of money");
        assertThat(plain.grade()).as("without the gate the thresholds decide").isNull();
    }

    @Test
    void should_leave_a_passage_that_states_the_asked_figure_to_the_thresholds__with_the_readers_span_in_its_reason() {
        Judgement judgement = gated.judge(query("In what year was the Zorblax lighthouse built?"),
                passage("The Zorblax lighthouse was built in 1887 on the northern cape. Its lamp burns whale oil."));

        assertThat(judgement.grade()).isNull();
        assertThat(judgement.reason()).startsWith("sufficient (YEAR, year: 1887; reader: '1887'");
    }

    @Test
    void should_let_the_reader_catch_a_figure_of_the_asked_type_that_answers_another_question() {
        // from the trust set: "10 amino acids" counts the asked noun, in a passage on the protein, but it is the length
        // of a motif, not of the protein: the form passes, the reader does not
        Judgement judgement = gated.judge(query("How many amino acids long is the full NTCP protein that was identified "
                        + "as a hepatitis B virus receptor?"),
                passage("The authors further produced HCC cell lines stably expressing NTCP and subsequently infected "
                        + "them with HBV or HDV. In addition, they documented a 2-4-fold increase of viral RNA and DNA after "
                        + "infection in the cell line by real-time PCR. Finally, they identified a stretch of 10 amino acids "
                        + "in the NTCP transmembrane domain, as the motif directly interacting with the PreS1 peptide."));

        assertThat(judgement.grade()).isEqualTo(Grade.INCORRECT);
        assertThat(judgement.reason()).contains("the answer reader finds no answer here");
    }

    @Test
    void should_not_read_a_passage_the_model_gives_less_than_the_floor() {
        Query query = query("In what year was the Zorblax lighthouse built?");
        Passage passage = passage("The Zorblax lighthouse was built in 1887 on the northern cape.");

        Judgement judgement = shipped.judge(query, passage);

        assertThat(ungated.judge(query, passage).score()).isLessThan(AnswerhoodEvaluator.READ_FLOOR);
        assertThat(judgement.reason()).startsWith("sufficient (YEAR, year: 1887); ").doesNotContain("reader");
    }

    @Test
    void should_judge_by_the_gate_alone_and_say_so__when_the_reader_cannot_load() {
        // as in a confined runner, where native libraries are refused
        AnswerhoodEvaluator withoutNatives = new AnswerhoodEvaluator(AnswerhoodModel.shipped(), FLAT, true, () -> {
            throw new UnsatisfiedLinkError("no onnxruntime in java.library.path");
        }, AnswerhoodEvaluatorFactory.DEFAULT_READER_THRESHOLD, 0);

        Judgement first = withoutNatives.judge(query("In what year was the Zorblax lighthouse built?"),
                passage("The Zorblax lighthouse was built in 1887 on the northern cape."));
        Judgement lacking = withoutNatives.judge(query("What is the annual revenue of Acme?"),
                passage("Core working hours at Acme are 10:00 to 15:00."));

        assertThat(first.grade()).isNull();
        assertThat(first.reason()).contains("the answer reader is unavailable: UnsatisfiedLinkError: no onnxruntime");
        assertThat(lacking.grade()).as("the gate still holds").isEqualTo(Grade.INCORRECT);
    }

    @Test
    void should_score_the_sentence_holding_the_answer_above_the_ones_that_do_not() {
        Query query = query("How many staff work at the Lyon office?");
        Passage office = passage("The Lyon office opened in March 2015 near the station. It employs 240 staff across "
                + "three floors. The office has a rooftop garden.");
        Passage split = office.withEmbeddings(FLAT.embed(office.text()), List.of(
                new Strip(0, "The Lyon office opened in March 2015 near the station.", FLAT.embed("a")),
                new Strip(1, "It employs 240 staff across three floors.", FLAT.embed("b")),
                new Strip(2, "The office has a rooftop garden.", FLAT.embed("c"))));

        double opened = gated.scoreStrip(query, split, split.strips().get(0));
        double staff = gated.scoreStrip(query, split, split.strips().get(1));
        double garden = gated.scoreStrip(query, split, split.strips().get(2));

        assertThat(staff).isGreaterThanOrEqualTo(AnswerhoodEvaluator.CANDIDATE_FLOOR).isGreaterThan(opened).isGreaterThan(garden);
    }

    @Test
    void should_read_every_window_of_a_long_passage_and_find_the_answer_at_its_end() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            text.append("The northern cape has rocky shores and many seabirds nest there every spring. ");
        }
        text.append("The Zorblax lighthouse was built in 1887.");

        AnswerReader.Reading reading = AnswerReader.shipped().read("In what year was the Zorblax lighthouse built?",
                List.of(text.toString(), "Seabirds nest on the northern cape.")).get(0);

        assertThat(reading.answer()).isEqualTo("1887");
        assertThat(reading.margin()).isGreaterThan(AnswerhoodEvaluatorFactory.DEFAULT_READER_THRESHOLD);
    }
}
