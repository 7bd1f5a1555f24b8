/**
 * Step 2b: the optional reranker, between retrieval and grading: a wider net of candidates, ordered by how well each
 * answers, the best top-k graded.
 */
package io.corrigo.engine.rerank;
