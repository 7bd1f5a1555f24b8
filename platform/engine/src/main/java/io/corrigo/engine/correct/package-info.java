/**
 * Step 4: the correction. When the knowledge base is not trusted (INCORRECT or AMBIGUOUS), the question is
 * rewritten into search keywords, sent to the search provider, and the results are graded like knowledge-base
 * passages: the fallback has its own quality gate.
 */
package io.corrigo.engine.correct;
