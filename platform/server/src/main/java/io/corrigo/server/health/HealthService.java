package io.corrigo.server.health;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.audit.AuditLog;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.server.problem.ServiceException;
import io.corrigo.server.run.LatencyBins;
import io.corrigo.server.tenant.TenantService;
import io.corrigo.server.tenant.TenantView;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import io.corrigo.server.Sql;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;

/**
 * Health figures of a tenant over a window, in buckets of whole hours, from the hourly sums ({@code run_hour}) and
 * the daily question counts ({@code question_day}): one indexed range read each, whatever the number of runs. The
 * window is read in whole hours (questions in whole days): from the hour {@code from} falls in, to the hour before
 * {@code to}'s.
 */
@Service
public class HealthService {

    /** The longest window one request may read. */
    static final Duration MAX_WINDOW = Duration.ofDays(400);
    /** The most buckets one request may ask for. */
    static final int MAX_BUCKETS = 2_000;
    private static final int TOP = 10;

    /**
     * The health figures of some runs; a rate is {@code null} when nothing it is a share of happened.
     *
     * @param runs             runs in the window
     * @param answerRate       share of runs that answered (did not abstain)
     * @param abstainRate      share of runs that abstained
     * @param fallbackRate     share of runs that searched the web fallback
     * @param degradedRate     share of runs a failing plugin degraded
     * @param correctShare     share of graded runs whose retrieval was CORRECT (likewise AMBIGUOUS, INCORRECT)
     * @param noRetrievalShare share of runs that skipped retrieval (greetings, questions the critic answered alone)
     * @param meanSupport      mean support of the critiqued answers (0–1)
     * @param meanUsefulness   mean usefulness of the critiqued answers (1–5)
     * @param rated            runs users rated
     * @param helpfulRate      share of rated runs rated helpful
     * @param meanMillis       mean time to answer
     * @param p50Millis        median time to answer, from the latency histogram (exact to within its bin)
     * @param p95Millis        95th percentile, likewise
     * @param graded           runs whose retrieval was graded (the whole the grade shares are of)
     */
    public record Figures(long runs, Double answerRate, Double abstainRate, Double fallbackRate, Double degradedRate,
                          Double correctShare, Double ambiguousShare, Double incorrectShare, Double noRetrievalShare,
                          Double meanSupport, Double meanUsefulness, long rated, Double helpfulRate, Double meanMillis,
                          Double p50Millis, Double p95Millis, long graded) {

        /** The value of the metric a band is named after. */
        Double metric(String name) {
            return switch (name) {
                case "answerRate" -> answerRate;
                case "abstainRate" -> abstainRate;
                case "fallbackRate" -> fallbackRate;
                case "degradedRate" -> degradedRate;
                case "correctShare" -> correctShare;
                case "ambiguousShare" -> ambiguousShare;
                case "incorrectShare" -> incorrectShare;
                case "meanSupport" -> meanSupport;
                case "meanUsefulness" -> meanUsefulness;
                case "helpfulRate" -> helpfulRate;
                case "p50Millis" -> p50Millis;
                case "p95Millis" -> p95Millis;
                default -> null;
            };
        }

        /**
         * How many observations a metric of this window rests on: ratings for the helpful rate, graded runs for the
         * grade shares, every run for the rest.
         */
        long sample(String name) {
            return switch (name) {
                case "helpfulRate" -> rated;
                case "correctShare", "ambiguousShare", "incorrectShare" -> graded;
                default -> runs;
            };
        }
    }

    /** One bucket of the window: its start and its figures. */
    public record Point(Instant start, Figures figures) {
    }

    /** A metric against its band. */
    public record BandState(String metric, Double value, HealthBand.Level level, double warn, double alert,
                            boolean higherIsBetter, String meaning) {
    }

    /** A question (as first asked, for its normalised wording) and how often it was asked and went unanswered. */
    public record QuestionCount(String question, long asked, long unanswered) {
    }

    /**
     * A tenant's health over a window.
     *
     * @param servedRatings how users rated the answers served to them: live runs carry no reference answers, so a
     *                      served answer rated not helpful is the window's stand-in for one served wrong
     */
    public record Health(String tenant, Instant from, Instant to, Duration bucket, Figures totals, List<Point> series,
                         List<BandState> bands, List<QuestionCount> topQuestions, List<QuestionCount> topUnanswered,
                         ServedRatings servedRatings) {
    }

    /**
     * The served answers (not abstentions) of a window that users rated, and how many of them were rated not
     * helpful.
     */
    public record ServedRatings(long rated, long notHelpful) {

        /** The share of rated served answers rated not helpful; {@code null} when none was rated. */
        @com.fasterxml.jackson.annotation.JsonProperty("notHelpfulShare")
        public Double notHelpfulShare() {
            return rated == 0 ? null : notHelpful / (double) rated;
        }
    }

    /** One tenant in the overview: its figures and its worst band. */
    public record TenantHealth(String tenant, String name, Figures totals, HealthBand.Level worst, List<BandState> bands) {
    }

    private final TenantService tenants;
    private final JdbcTemplate jdbc;
    private final ObjectMapper json;
    private final Clock clock;

    private final AuditLog audit;
    private final boolean playgroundInHealth;

    HealthService(TenantService tenants, JdbcTemplate jdbc, ObjectMapper json, Clock clock, AuditLog audit,
                  io.corrigo.server.CorrigoProperties properties) {
        this.audit = audit;
        this.playgroundInHealth = properties.runs().playgroundInHealth(); // as the cards' sums (RunRollups)
        this.tenants = tenants;
        this.jdbc = jdbc;
        this.json = json;
        this.clock = clock;
    }

    /**
     * The tenant's health from {@code from} to {@code to} (default: the last 24 hours) in buckets of {@code bucket}
     * (whole hours; default one hour). @throws ServiceException 400 for a bad window, 404
     */
    public Health health(String tenantId, Instant from, Instant to, Duration bucket) {
        tenants.require(tenantId);
        Instant end = (to == null ? clock.instant().plus(Duration.ofHours(1)) : to).truncatedTo(ChronoUnit.HOURS);
        Instant start = (from == null ? end.minus(Duration.ofHours(24)) : from).truncatedTo(ChronoUnit.HOURS);
        Duration step = bucket == null ? Duration.ofHours(1) : bucket;
        check(start, end, step);
        Map<Instant, Sums> byBucket = new TreeMap<>();
        Sums total = new Sums();
        jdbc.query("SELECT * FROM run_hour WHERE tenant_id = ? AND hour_start >= ? AND hour_start < ? ORDER BY hour_start",
                rs -> {
                    Sums hour = Sums.read(rs);
                    Instant at = rs.getObject("hour_start", OffsetDateTime.class).toInstant();
                    Instant bucketStart = start.plus(step.multipliedBy(Duration.between(start, at).toSeconds() / step.toSeconds()));
                    byBucket.computeIfAbsent(bucketStart, k -> new Sums()).add(hour);
                    total.add(hour);
                }, tenantId, Sql.utc(start), Sql.utc(end));
        List<Point> series = new ArrayList<>();
        for (Instant t = start; t.isBefore(end); t = t.plus(step)) {
            series.add(new Point(t, byBucket.getOrDefault(t, new Sums()).figures()));
        }
        Figures totals = total.figures();
        List<List<QuestionCount>> questions = questions(tenantId, start, end);
        return new Health(tenantId, start, end, step, totals, series, bandStates(bands(tenantId), totals),
                questions.get(0), questions.get(1), servedRatings(tenantId, start, end));
    }

    /** The served answers users rated from {@code from} to {@code to}, with the cards' rule for playground trials. */
    private ServedRatings servedRatings(String tenantId, Instant from, Instant to) {
        return jdbc.query("SELECT COUNT(*) AS rated, SUM(CASE WHEN feedback = 'not_helpful' THEN 1 ELSE 0 END) AS bad "
                        + "FROM run WHERE tenant_id = ? AND created_at >= ? AND created_at < ? AND feedback IS NOT NULL "
                        + "AND NOT abstained"
                        + (playgroundInHealth ? "" : " AND (channel IS NULL OR channel <> 'playground')"),
                rs -> {
                    rs.next();
                    return new ServedRatings(rs.getLong("rated"), rs.getLong("bad"));
                }, tenantId, Sql.utc(from), Sql.utc(to));
    }

    /**
     * The tenant's figures from {@code from} to {@code to} read from the run log itself (not the hourly sums): for a
     * window shorter than an hour, as the health watch reads the last minutes. Without latency percentiles. An admin's
     * playground trials count only when {@code playground}.
     */
    Figures recent(String tenantId, Instant from, Instant to, boolean playground) {
        Sums sums = new Sums();
        jdbc.query("SELECT COUNT(*) AS runs, "
                        + "SUM(CASE WHEN abstained THEN 1 ELSE 0 END) AS abstained, "
                        + "SUM(CASE WHEN fallback THEN 1 ELSE 0 END) AS fallback, "
                        + "SUM(CASE WHEN degraded THEN 1 ELSE 0 END) AS degraded, "
                        + "SUM(CASE WHEN action = 'CORRECT' THEN 1 ELSE 0 END) AS correct, "
                        + "SUM(CASE WHEN action = 'AMBIGUOUS' THEN 1 ELSE 0 END) AS ambiguous, "
                        + "SUM(CASE WHEN action = 'INCORRECT' THEN 1 ELSE 0 END) AS incorrect, "
                        + "SUM(CASE WHEN action IS NULL AND mode <> 'NAIVE' THEN 1 ELSE 0 END) AS no_retrieval, "
                        + "SUM(COALESCE(support, 0)) AS support_sum, COUNT(support) AS support_n, "
                        + "SUM(COALESCE(usefulness, 0)) AS usefulness_sum, COUNT(usefulness) AS usefulness_n, "
                        + "COUNT(feedback) AS rated, SUM(CASE WHEN feedback = 'helpful' THEN 1 ELSE 0 END) AS helpful, "
                        + "SUM(total_millis) AS millis_sum "
                        + "FROM run WHERE tenant_id = ? AND created_at >= ? AND created_at < ?"
                        // the cards' rule (RunRollups): a playground trial is not what users got
                        + (playground ? "" : " AND (channel IS NULL OR channel <> 'playground')"),
                rs -> {
                    sums.add(Sums.read(rs, false));
                }, tenantId, Sql.utc(from), Sql.utc(to));
        return sums.figures();
    }

    /**
     * The knowledge gaps of the window (whole days): its 200 most unanswered questions grouped by similar wording.
     * @throws ServiceException 404
     */
    public List<KnowledgeGaps.Gap> gaps(String tenantId, Instant from, Instant to) {
        tenants.require(tenantId);
        Instant end = (to == null ? clock.instant().plus(Duration.ofHours(1)) : to).truncatedTo(ChronoUnit.HOURS);
        Instant start = (from == null ? end.minus(Duration.ofDays(30)) : from).truncatedTo(ChronoUnit.DAYS);
        check(start, end, Duration.ofHours(1));
        List<QuestionCount> unanswered = jdbc.query("SELECT t.question, d.a, d.u FROM (SELECT question_key, SUM(asked) AS a, "
                        + "SUM(unanswered) AS u FROM question_day WHERE tenant_id = ? AND day_start >= ? AND day_start < ? "
                        + "GROUP BY question_key HAVING SUM(unanswered) > 0 ORDER BY SUM(unanswered) DESC FETCH FIRST 200 ROWS ONLY) d "
                        + "JOIN question_text t ON t.tenant_id = ? AND t.question_key = d.question_key",
                (rs, n) -> new QuestionCount(rs.getString(1), rs.getLong(2), rs.getLong(3)),
                tenantId, Sql.utc(start), Sql.utc(end), tenantId);
        return KnowledgeGaps.group(unanswered);
    }

    /** Every tenant within the caller's reach, with its figures over the window and its worst band. */
    public List<TenantHealth> overview(Instant from, Instant to) {
        Instant end = (to == null ? clock.instant().plus(Duration.ofHours(1)) : to).truncatedTo(ChronoUnit.HOURS);
        Instant start = (from == null ? end.minus(Duration.ofHours(24)) : from).truncatedTo(ChronoUnit.HOURS);
        check(start, end, Duration.ofHours(1));
        Map<String, Sums> byTenant = new LinkedHashMap<>();
        jdbc.query("SELECT * FROM run_hour WHERE hour_start >= ? AND hour_start < ?",
                rs -> {
                    byTenant.computeIfAbsent(rs.getString("tenant_id"), k -> new Sums()).add(Sums.read(rs));
                }, Sql.utc(start), Sql.utc(end));
        List<TenantHealth> all = new ArrayList<>();
        for (TenantView tenant : tenants.list()) {
            Figures figures = byTenant.getOrDefault(tenant.id(), new Sums()).figures();
            List<BandState> states = bandStates(bands(tenant.id()), figures);
            HealthBand.Level worst = states.stream().map(BandState::level).filter(l -> l != HealthBand.Level.NO_DATA)
                    .max(Enum::compareTo).orElse(HealthBand.Level.NO_DATA);
            all.add(new TenantHealth(tenant.id(), tenant.name(), figures, worst, states));
        }
        return all;
    }

    private static void check(Instant start, Instant end, Duration step) {
        if (!end.isAfter(start)) {
            throw ServiceException.invalid(ErrorCode.INVALID_WINDOW, "'from' must be before 'to' (both ISO-8601 instants, "
                    + "e.g. 2026-11-25T00:00:00Z).");
        }
        if (Duration.between(start, end).compareTo(MAX_WINDOW) > 0) {
            throw ServiceException.invalid(ErrorCode.INVALID_WINDOW, "A window is at most " + MAX_WINDOW.toDays() + " days.");
        }
        if (step.isNegative() || step.isZero() || step.toSeconds() % 3600 != 0) {
            throw ServiceException.invalid(ErrorCode.INVALID_BUCKET, "'bucket' is a whole number of hours (PT1H, PT6H, P1D).");
        }
        if (Duration.between(start, end).toSeconds() / step.toSeconds() > MAX_BUCKETS) {
            throw ServiceException.invalid(ErrorCode.INVALID_BUCKET, "At most " + MAX_BUCKETS + " buckets: choose a longer bucket.");
        }
    }

    /** The most asked and the most unanswered questions of the window (whole days), with their wording. */
    private List<List<QuestionCount>> questions(String tenantId, Instant start, Instant end) {
        // one aggregation of the window's counts, two short lists from it, then the wordings of at most 2 × TOP keys
        List<String[]> rows = jdbc.query("WITH q AS (SELECT question_key, SUM(asked) AS a, SUM(unanswered) AS u "
                        + "FROM question_day WHERE tenant_id = ? AND day_start >= ? AND day_start < ? GROUP BY question_key) "
                        + "SELECT * FROM ((SELECT 'asked' AS list, question_key, a, u FROM q ORDER BY a DESC, question_key "
                        + "FETCH FIRST " + TOP + " ROWS ONLY) UNION ALL (SELECT 'unanswered' AS list, question_key, a, u FROM q "
                        + "WHERE u > 0 ORDER BY u DESC, question_key FETCH FIRST " + TOP + " ROWS ONLY)) top_questions",
                (rs, n) -> new String[] {rs.getString("list"), rs.getString("question_key"), rs.getString("a"), rs.getString("u")},
                tenantId, Sql.utc(start.truncatedTo(ChronoUnit.DAYS)), Sql.utc(end));
        Map<String, String> wording = new java.util.HashMap<>();
        List<String> keys = rows.stream().map(r -> r[1]).distinct().toList();
        if (!keys.isEmpty()) {
            List<Object> args = new ArrayList<>();
            args.add(tenantId);
            args.addAll(keys);
            jdbc.query("SELECT question_key, question FROM question_text WHERE tenant_id = ? AND question_key IN ("
                            + String.join(", ", java.util.Collections.nCopies(keys.size(), "?")) + ")",
                    rs -> {
                        wording.put(rs.getString(1), rs.getString(2));
                    }, args.toArray());
        }
        List<QuestionCount> asked = new ArrayList<>();
        List<QuestionCount> unanswered = new ArrayList<>();
        for (String[] row : rows) {
            QuestionCount count = new QuestionCount(wording.getOrDefault(row[1], "(a question no longer kept)"),
                    Long.parseLong(row[2]), Long.parseLong(row[3]));
            ("asked".equals(row[0]) ? asked : unanswered).add(count);
        }
        // ties in the order people read: by wording
        asked.sort(java.util.Comparator.comparingLong(QuestionCount::asked).reversed()
                .thenComparing(QuestionCount::question));
        unanswered.sort(java.util.Comparator.comparingLong(QuestionCount::unanswered).reversed()
                .thenComparing(QuestionCount::question));
        return List.of(asked, unanswered);
    }

    private static List<BandState> bandStates(List<HealthBand> bands, Figures figures) {
        return bands.stream().map(b -> {
            Double value = figures.metric(b.metric());
            return new BandState(b.metric(), value, b.level(value), b.warn(), b.alert(), b.higherIsBetter(), b.meaning());
        }).toList();
    }

    /** The tenant's bands: its own thresholds where it set them, the defaults elsewhere. @throws ServiceException 404 */
    public List<HealthBand> bands(String tenantId) {
        tenants.require(tenantId);
        Map<String, HealthBand> bands = HealthBand.defaults();
        List<String> stored = jdbc.queryForList("SELECT bands FROM tenant_health WHERE tenant_id = ?", String.class, tenantId);
        if (!stored.isEmpty()) {
            try {
                Map<String, Thresholds> own = json.readValue(stored.get(0), new TypeReference<>() { });
                own.forEach((metric, t) -> bands.computeIfPresent(metric, (m, b) -> b.with(t.warn(), t.alert())));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("stored health bands of " + tenantId + " are unreadable", e);
            }
        }
        return List.copyOf(bands.values());
    }

    /** A tenant's own thresholds for one metric. */
    public record Thresholds(double warn, double alert) {
    }

    /**
     * Sets the tenant's thresholds for the metrics given (the others keep theirs). @return all its bands
     * @throws ServiceException 400 for an unknown metric or thresholds in the wrong order, 404
     */
    public List<HealthBand> saveBands(String tenantId, Map<String, Thresholds> changes) {
        Map<String, HealthBand> current = new LinkedHashMap<>();
        List<HealthBand> before = bands(tenantId);
        before.forEach(b -> current.put(b.metric(), b));
        List<String> problems = new ArrayList<>();
        changes.forEach((metric, t) -> {
            HealthBand band = current.get(metric);
            if (band == null || t == null) {
                problems.add(metric + ": no such metric (known: " + String.join(", ", current.keySet()) + ")");
                return;
            }
            HealthBand changed = band.with(t.warn(), t.alert());
            if (changed.problem() != null) {
                problems.add(changed.problem());
            } else {
                current.put(metric, changed);
            }
        });
        if (!problems.isEmpty()) {
            throw ServiceException.invalid(ErrorCode.INVALID_BANDS, "The health bands are not valid.", problems);
        }
        Map<String, Thresholds> own = new LinkedHashMap<>();
        Map<String, HealthBand> defaults = HealthBand.defaults();
        current.values().forEach(b -> {
            HealthBand d = defaults.get(b.metric());
            if (d.warn() != b.warn() || d.alert() != b.alert()) {
                own.put(b.metric(), new Thresholds(b.warn(), b.alert()));
            }
        });
        String text;
        try {
            text = json.writeValueAsString(own);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        Sql.updateOrInsert(jdbc, "UPDATE tenant_health SET bands = ? WHERE tenant_id = ?", new Object[] {text, tenantId},
                "INSERT INTO tenant_health (tenant_id, bands) VALUES (?, ?)", new Object[] {tenantId, text});
        audit.record("settings.health-bands", tenantId, "health bands", before, current.values());
        return List.copyOf(current.values());
    }

    /** The sums of some hours. */
    private static final class Sums {
        long runs, abstained, fallback, degraded, correct, ambiguous, incorrect, noRetrieval, supportN, usefulnessSum,
                usefulnessN, rated, helpful;
        double supportSum, millisSum;
        final long[] latency = new long[LatencyBins.COUNT];

        static Sums read(java.sql.ResultSet rs) throws java.sql.SQLException {
            return read(rs, true);
        }

        /** The sums of a row of {@code run_hour} or of the same columns computed from runs ({@code latency}: with the bins). */
        static Sums read(java.sql.ResultSet rs, boolean latency) throws java.sql.SQLException {
            Sums s = new Sums();
            s.runs = rs.getLong("runs");
            s.abstained = rs.getLong("abstained");
            s.fallback = rs.getLong("fallback");
            s.degraded = rs.getLong("degraded");
            s.correct = rs.getLong("correct");
            s.ambiguous = rs.getLong("ambiguous");
            s.incorrect = rs.getLong("incorrect");
            s.noRetrieval = rs.getLong("no_retrieval");
            s.supportSum = rs.getDouble("support_sum");
            s.supportN = rs.getLong("support_n");
            s.usefulnessSum = rs.getLong("usefulness_sum");
            s.usefulnessN = rs.getLong("usefulness_n");
            s.rated = rs.getLong("rated");
            s.helpful = rs.getLong("helpful");
            s.millisSum = rs.getDouble("millis_sum");
            for (int i = 0; latency && i < LatencyBins.COUNT; i++) {
                s.latency[i] = rs.getLong(LatencyBins.column(i));
            }
            return s;
        }

        void add(Sums o) {
            runs += o.runs;
            abstained += o.abstained;
            fallback += o.fallback;
            degraded += o.degraded;
            correct += o.correct;
            ambiguous += o.ambiguous;
            incorrect += o.incorrect;
            noRetrieval += o.noRetrieval;
            supportSum += o.supportSum;
            supportN += o.supportN;
            usefulnessSum += o.usefulnessSum;
            usefulnessN += o.usefulnessN;
            rated += o.rated;
            helpful += o.helpful;
            millisSum += o.millisSum;
            for (int i = 0; i < latency.length; i++) {
                latency[i] += o.latency[i];
            }
        }

        Figures figures() {
            long graded = correct + ambiguous + incorrect;
            return new Figures(runs, share(runs - abstained, runs), share(abstained, runs), share(fallback, runs),
                    share(degraded, runs), share(correct, graded), share(ambiguous, graded), share(incorrect, graded),
                    share(noRetrieval, runs), supportN == 0 ? null : supportSum / supportN,
                    usefulnessN == 0 ? null : (double) usefulnessSum / usefulnessN, rated, share(helpful, rated),
                    runs == 0 ? null : millisSum / runs, LatencyBins.quantile(latency, 0.5),
                    LatencyBins.quantile(latency, 0.95), graded);
        }

        private static Double share(long part, long whole) {
            return whole == 0 ? null : (double) part / whole;
        }
    }
}
