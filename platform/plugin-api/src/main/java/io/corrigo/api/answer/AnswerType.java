package io.corrigo.api.answer;

/**
 * What a question asks for: the kind of span that answers it. The structural types ({@link #structural()}) can be
 * checked in a sentence without understanding it (a year, a figure with its unit, a name); the others (a reason, a
 * definition, yes or no, a member of a named class, anything else) are left to the grader's model and the reader.
 */
public enum AnswerType {
    /** "Who …?": a person's name. */
    PERSON,
    /** "Which company / agency …?": an organisation's name. */
    ORGANISATION,
    /** "Where …?", "which city …?": a place name. */
    PLACE,
    /** "What is the name of …?", "birth name": a proper name. */
    NAME,
    /** "When …?", "on what date …?": a date, a month or a year. */
    DATE,
    /** "In what year …?": a year, a decade or a century. */
    YEAR,
    /** "How long …?", "turnaround time": a number with a unit of time. */
    DURATION,
    /** "How many X …?": a number that counts X. */
    COUNT,
    /** "How much did … cost / pay / earn …?": an amount of money. */
    MONEY,
    /** "What share / proportion / percentage …?": a percentage or a fraction. */
    PERCENTAGE,
    /** "What dose …?", "land area", "how far": a number with a unit of measure. */
    QUANTITY,
    /** "How old …?", "mean age": an age. */
    AGE,
    /** "Which X …?" for a named class X (virus, breed, antibiotic): a member of that class. */
    ENTITY,
    /** "Why …?", "how does …?": a reason or a mechanism. */
    REASON,
    /** "What is X?": a definition. */
    DEFINITION,
    /** "Is …?", "does …?": yes or no. */
    YES_NO,
    /** Anything else. */
    OTHER;

    /** Whether a candidate of this type can be recognised in a sentence by its form. */
    public boolean structural() {
        return switch (this) {
            case ENTITY, REASON, DEFINITION, YES_NO, OTHER -> false;
            default -> true;
        };
    }

    /** Whether this type is answered by a figure. */
    public boolean numeric() {
        return switch (this) {
            case DURATION, COUNT, MONEY, PERCENTAGE, QUANTITY, AGE -> true;
            default -> false;
        };
    }
}
