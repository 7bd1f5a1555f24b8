/**
 * One way in for questions, whoever asks: the admin API, the chat widget's visitors, OpenAI-style clients. The
 * {@link io.corrigo.server.gateway.QuestionGateway} takes a question with its caller and conversation and answers as
 * one stream of {@link io.corrigo.server.gateway.AnswerEvent}s; the controllers only map their wire formats onto it,
 * and {@link io.corrigo.server.gateway.SseEncoder} writes every server-sent event.
 */
package io.corrigo.server.gateway;
