/**
 * Self-RAG's Retrieve decision, the first stage of a run: retrieve at all? The critic decides when it has an opinion,
 * else a heuristic that knows greetings, thanks and questions about the assistant ({@link
 * io.corrigo.engine.gate.ConversationalTurns}). A run that does not retrieve is answered without context.
 */
package io.corrigo.engine.gate;
