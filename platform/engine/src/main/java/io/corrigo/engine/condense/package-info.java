/**
 * Step 0 of a conversation's later turns: a follow-up ("And for part-time staff?", "How is it transmitted?") rewritten
 * into a standalone question from the conversation, before retrieval. {@link io.corrigo.engine.condense.RuleCondenser}
 * is the offline default; a query-rewriter plugin asked with {@code RewritePurpose.CONDENSE} takes over when the
 * pipeline has one ({@link io.corrigo.engine.condense.CondenseStage}).
 */
package io.corrigo.engine.condense;
