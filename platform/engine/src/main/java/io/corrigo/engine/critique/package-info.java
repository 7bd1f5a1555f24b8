/**
 * Self-RAG's critique of an answer: each sentence supported? the answer useful? Then serve, regenerate without the
 * unsupported sentences, or rewrite the question and retrieve again, within a bounded number of rounds
 * ({@link io.corrigo.engine.critique.CritiqueLoop}); release judged sentences while streaming
 * ({@link io.corrigo.engine.critique.JudgedRelease}).
 */
package io.corrigo.engine.critique;
