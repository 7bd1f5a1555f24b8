package io.corrigo.api.answer;

/**
 * A typed span of a sentence that could answer a question: a figure with the noun it counts or the unit it measures,
 * a date, a name.
 *
 * @param type    what kind of span it is
 * @param text    the span as written ("19 of 30 patients", "1984", "Katy Perry")
 * @param start   where it starts in its sentence (a character offset)
 * @param end     where it ends (exclusive)
 * @param binding what it is bound to: the counted noun, the unit, the class noun; {@code null} when unbound
 */
public record AnswerCandidate(AnswerType type, String text, int start, int end, String binding) {
}
