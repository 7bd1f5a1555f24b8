package io.corrigo.server.run;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import io.corrigo.server.Sql;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Keeps the health tables in step with the run log, so that a dashboard sums hourly rows instead of scanning runs:
 * {@code run_hour} (per tenant and hour: counts, sums and a latency histogram) and {@code question_day} (per tenant,
 * day and normalised question: asked, unanswered). Each row is added to with one {@code UPDATE … SET x = x + ?}
 * (atomic per row on every host), or inserted by the first writer of its hour; a host that loses that race adds with
 * the update. Written right after the runs' own transaction, each statement on its own: a host that dies between the
 * two leaves its last batch out of the sums, never counts one twice.
 */
@Component
class RunRollups {

    private static final Logger log = LoggerFactory.getLogger(RunRollups.class);
    private static final int MAX_QUESTION = 2000;

    /** Columns of {@code run_hour} after its key, in the order of {@link HourSums#values()}. */
    private static final List<String> HOUR_COLUMNS;

    static {
        List<String> columns = new ArrayList<>(List.of("runs", "abstained", "fallback", "degraded", "correct", "ambiguous",
                "incorrect", "no_retrieval", "support_sum", "support_n", "usefulness_sum", "usefulness_n", "rated",
                "helpful", "millis_sum"));
        for (int i = 0; i < LatencyBins.COUNT; i++) {
            columns.add(LatencyBins.column(i));
        }
        HOUR_COLUMNS = List.copyOf(columns);
    }

    private static final String ADD_TO_HOUR = "UPDATE run_hour SET "
            + String.join(", ", HOUR_COLUMNS.stream().map(c -> c + " = " + c + " + ?").toList())
            + " WHERE tenant_id = ? AND hour_start = ?";
    private static final String INSERT_HOUR = "INSERT INTO run_hour (tenant_id, hour_start, " + String.join(", ", HOUR_COLUMNS)
            + ") VALUES (?, ?" + ", ?".repeat(HOUR_COLUMNS.size()) + ")";

    private record HourKey(String tenant, Instant hour) {
    }

    private record QuestionKey(String tenant, Instant day, String key) {
    }

    private record DayKey(String tenant, Instant day, String key) {
    }

    /** What a set of runs adds to one tenant's day of usage. */
    private static final class DaySums {
        long runs, modelRuns, inputTokens, outputTokens;
        double cost;

        void add(RunRecord r) {
            runs++;
            if (r.inputTokens != null) {
                modelRuns++;
                inputTokens += r.inputTokens;
                outputTokens += r.outputTokens == null ? 0 : r.outputTokens;
                cost += r.cost == null ? 0 : r.cost;
            }
        }
    }

    /** What a set of runs adds to one tenant's hour. */
    private static final class HourSums {
        long runs, abstained, fallback, degraded, correct, ambiguous, incorrect, noRetrieval, supportN, usefulnessSum,
                usefulnessN, rated, helpful;
        double supportSum, millisSum;
        final long[] latency = new long[LatencyBins.COUNT];

        void add(RunRecord r) {
            runs++;
            abstained += r.abstained ? 1 : 0;
            fallback += r.fallback ? 1 : 0;
            degraded += r.degraded ? 1 : 0;
            if (r.action == null) {
                noRetrieval += "NAIVE".equals(r.mode) ? 0 : 1;
            } else {
                correct += "CORRECT".equals(r.action) ? 1 : 0;
                ambiguous += "AMBIGUOUS".equals(r.action) ? 1 : 0;
                incorrect += "INCORRECT".equals(r.action) ? 1 : 0;
            }
            if (r.support != null) {
                supportSum += r.support;
                supportN++;
            }
            if (r.usefulness != null) {
                usefulnessSum += r.usefulness;
                usefulnessN++;
            }
            if (r.feedback != null) {
                rated++;
                helpful += "helpful".equals(r.feedback) ? 1 : 0;
            }
            millisSum += r.totalMillis;
            latency[LatencyBins.of(r.totalMillis)]++;
        }

        Object[] values() {
            List<Object> values = new ArrayList<>(List.of(runs, abstained, fallback, degraded, correct, ambiguous,
                    incorrect, noRetrieval, supportSum, supportN, usefulnessSum, usefulnessN, rated, helpful, millisSum));
            for (long count : latency) {
                values.add(count);
            }
            return values.toArray();
        }
    }

    private static final class QuestionSums {
        final String question;
        long asked;
        long unanswered;

        QuestionSums(String question) {
            this.question = question;
        }
    }

    private final JdbcTemplate jdbc;
    /** The cost feature's usage sums, which this adds each run's model usage to. */
    private final io.corrigo.server.cost.Budgets budgets;

    private final boolean playgroundInHealth;

    RunRollups(JdbcTemplate jdbc, io.corrigo.server.CorrigoProperties properties, io.corrigo.server.cost.Budgets budgets) {
        this.jdbc = jdbc;
        this.budgets = budgets;
        this.playgroundInHealth = properties.runs().playgroundInHealth();
    }

    /** Whether {@code run} counts in the health figures: not an admin's playground trial, unless configured so. */
    private boolean traffic(RunRecord run) {
        return playgroundInHealth || !RunChannel.PLAYGROUND.name().equals(run.channel);
    }

    /** Adds freshly logged runs to their hours and days. A failure is logged: the runs themselves are kept. */
    void record(List<RunRecord> runs) {
        Map<HourKey, HourSums> hours = new LinkedHashMap<>();
        Map<QuestionKey, QuestionSums> questions = new LinkedHashMap<>();
        Map<DayKey, DaySums> days = new LinkedHashMap<>();
        for (RunRecord run : runs) {
            days.computeIfAbsent(new DayKey(run.tenantId, run.createdAt.truncatedTo(ChronoUnit.DAYS),
                    run.keyId == null ? "" : run.keyId), k -> new DaySums()).add(run);
            if (!traffic(run)) {
                continue; // its spend counts; its answers are a trial, not what users got
            }
            hours.computeIfAbsent(new HourKey(run.tenantId, run.createdAt.truncatedTo(ChronoUnit.HOURS)), k -> new HourSums())
                    .add(run);
            String normal = normalise(run.question);
            QuestionSums q = questions.computeIfAbsent(new QuestionKey(run.tenantId,
                    run.createdAt.truncatedTo(ChronoUnit.DAYS), key(normal)), k -> new QuestionSums(shown(run.question)));
            q.asked++;
            q.unanswered += unanswered(run) ? 1 : 0;
        }
        try {
            hours.forEach(this::addToHour);
            questions.forEach(this::addToDay);
            days.forEach(this::addUsage);
        } catch (RuntimeException e) {
            log.error("The health sums of {} run(s) could not be written: {}", runs.size(), e.toString());
        }
    }

    /**
     * A user's rating of {@code run} changed from {@code before} to its {@code feedback} now (either may be
     * {@code null}): its hour's rated and helpful counts follow, and an answer rated not helpful counts as unanswered.
     */
    void feedbackChanged(RunRecord run, String before) {
        if (!traffic(run)) {
            return;
        }
        String after = run.feedback;
        long rated = (after != null ? 1 : 0) - (before != null ? 1 : 0);
        long helpful = ("helpful".equals(after) ? 1 : 0) - ("helpful".equals(before) ? 1 : 0);
        try {
            if (rated != 0 || helpful != 0) {
                HourSums change = new HourSums();
                change.rated = rated;
                change.helpful = helpful;
                addToHour(new HourKey(run.tenantId, run.createdAt.truncatedTo(ChronoUnit.HOURS)), change);
            }
            long unanswered = run.abstained ? 0 : ("not_helpful".equals(after) ? 1 : 0) - ("not_helpful".equals(before) ? 1 : 0);
            if (unanswered != 0) {
                QuestionSums change = new QuestionSums(shown(run.question));
                change.unanswered = unanswered;
                addToDay(new QuestionKey(run.tenantId, run.createdAt.truncatedTo(ChronoUnit.DAYS), key(normalise(run.question))),
                        change);
            }
        } catch (RuntimeException e) {
            log.error("The health sums of run {} could not follow its rating: {}", run.id, e.toString());
        }
    }

    /** An abstention, or an answer users found not helpful: a question the knowledge did not answer. */
    private static boolean unanswered(RunRecord run) {
        return run.abstained || "not_helpful".equals(run.feedback);
    }

    private void addToHour(HourKey key, HourSums sums) {
        Object[] values = sums.values();
        Object[] update = new Object[values.length + 2];
        System.arraycopy(values, 0, update, 0, values.length);
        update[values.length] = key.tenant();
        update[values.length + 1] = Sql.utc(key.hour());
        Object[] insert = new Object[values.length + 2];
        insert[0] = key.tenant();
        insert[1] = Sql.utc(key.hour());
        System.arraycopy(values, 0, insert, 2, values.length);
        Sql.updateOrInsert(jdbc, ADD_TO_HOUR, update, INSERT_HOUR, insert);
    }

    private void addToDay(QuestionKey key, QuestionSums sums) {
        boolean opened = Sql.updateOrInsert(jdbc, "UPDATE question_day SET asked = asked + ?, unanswered = unanswered + ? "
                        + "WHERE tenant_id = ? AND day_start = ? AND question_key = ?",
                new Object[] {sums.asked, sums.unanswered, key.tenant(), Sql.utc(key.day()), key.key()},
                "INSERT INTO question_day (tenant_id, day_start, question_key, asked, unanswered) VALUES (?, ?, ?, ?, ?)",
                new Object[] {key.tenant(), Sql.utc(key.day()), key.key(), sums.asked, sums.unanswered});
        if (opened) { // a question new to this day: its wording is kept, once per tenant
            Sql.updateOrInsert(jdbc, "UPDATE question_text SET question = question WHERE tenant_id = ? AND question_key = ?",
                    new Object[] {key.tenant(), key.key()},
                    "INSERT INTO question_text (tenant_id, question_key, question) VALUES (?, ?, ?)",
                    new Object[] {key.tenant(), key.key(), sums.question});
        }
    }

    private void addUsage(DayKey key, DaySums sums) {
        budgets.addUsage(key.tenant(), key.day(), key.key(), sums.runs, sums.modelRuns, sums.inputTokens,
                sums.outputTokens, sums.cost);
    }

    /** Forgets the counted questions of days before {@code start} (their texts are kept no longer than the runs). */
    void forgetQuestionsBefore(Instant start) {
        jdbc.update("DELETE FROM question_day WHERE day_start < ?", Sql.utc(start.truncatedTo(ChronoUnit.DAYS)));
        jdbc.update("DELETE FROM question_text WHERE NOT EXISTS (SELECT 1 FROM question_day d "
                + "WHERE d.tenant_id = question_text.tenant_id AND d.question_key = question_text.question_key)");
    }

    /** A question as it is counted: lower case, one space between words, no closing punctuation. */
    static String normalise(String question) {
        return question.strip().toLowerCase(Locale.ROOT).replaceAll("\\s+", " ").replaceAll("[\\s?!.]+$", "");
    }

    private static String key(String normalised) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(normalised.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String shown(String question) {
        String q = question.strip().replaceAll("\\s+", " ");
        return q.length() <= MAX_QUESTION ? q : q.substring(0, MAX_QUESTION - 1) + "\u2026";
    }

}
