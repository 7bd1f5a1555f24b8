/**
 * A tenant's health: answer, abstain, fallback and degraded rates, the grade mix, support and usefulness from the
 * critique, the helpful-rate from feedback, latency percentiles and the most asked and unanswered questions over a
 * window, each held against bands that say when to act. Read from the hourly sums the run log keeps
 * ({@code run_hour}, {@code question_day}), never by loading runs.
 */
package io.corrigo.server.health;
