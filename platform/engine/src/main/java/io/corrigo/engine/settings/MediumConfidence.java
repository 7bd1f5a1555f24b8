package io.corrigo.engine.settings;

/** What a pipeline does with an answer of medium confidence ({@link io.corrigo.engine.confidence.AnswerConfidence}). */
public enum MediumConfidence {
    /** Served like any other answer, marked medium. */
    SERVE,
    /** Served with a notice that it should be checked against its sources. */
    FLAG,
    /** Withheld: the asker gets the abstention message. */
    WITHHOLD
}
