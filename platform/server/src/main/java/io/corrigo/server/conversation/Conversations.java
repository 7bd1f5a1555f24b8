package io.corrigo.server.conversation;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.engine.condense.Turn;
import io.corrigo.server.CorrigoProperties;
import io.corrigo.server.problem.ServiceException;
import io.corrigo.server.tenant.TenantService;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Keeps conversations: opens the thread a question continues (or starts one) and records each answered turn. A thread
 * of another tenant, another key, or without its visitor token is reported as missing. The last
 * {@link #HISTORY_TURNS} turns, as the user asked them, with the answers given, are what a follow-up is read against.
 */
@Service
public class Conversations {

    private static final Logger log = LoggerFactory.getLogger(Conversations.class);
    /**
     * How many earlier turns a follow-up is condensed against: enough that a five-turn conversation still sees the
     * question that set its topic.
     */
    public static final int HISTORY_TURNS = 6;
    private static final Pattern ID = Pattern.compile("c-[A-Za-z0-9_-]{8,36}");
    private static final SecureRandom RANDOM = new SecureRandom();

    /**
     * Who asks: an admin of the tenant, a publishable key's visitor, or a secret key's assistant (an MCP client).
     *
     * @param keyId        the key's id, or {@code null} for an admin
     * @param visitorToken the token the visitor got when the thread started, or {@code null} (a new thread, an admin,
     *                     or a key's own thread)
     * @param wholeKey     whether the thread is the key's own, continued by any holder of the (secret) key, without a
     *                     visitor token
     */
    public record Asker(String keyId, String visitorToken, boolean wholeKey) {

        /** An admin: any admin of the tenant may continue the thread. */
        public static final Asker ADMIN = new Asker(null, null, false);

        public Asker(String keyId, String visitorToken) {
            this(keyId, visitorToken, false);
        }

        /** A secret key's holder: its threads are the key's. */
        public static Asker key(String keyId) {
            return new Asker(java.util.Objects.requireNonNull(keyId), null, true);
        }
    }

    /**
     * A thread to answer in.
     *
     * @param id           its id, to send with the next question
     * @param visitorToken for a visitor's new thread, the token to send with the next question; else {@code null}
     * @param history      the last turns, oldest first
     */
    public record Thread(String id, String visitorToken, List<Turn> history) {
    }

    private final JdbcTemplate jdbc;
    private final Clock clock;
    private final Duration retention;

    private final TenantService tenants;

    Conversations(JdbcTemplate jdbc, Clock clock, CorrigoProperties properties, TenantService tenants) {
        this.tenants = tenants;
        this.jdbc = jdbc;
        this.clock = clock;
        this.retention = Duration.ofDays(properties.runs().retentionDays());
    }

    /**
     * The thread {@code conversationId} continues, or a new one when it is {@code null}.
     *
     * @throws ServiceException 400 for a malformed id, 404 for a thread that is not this asker's in this tenant
     */
    @Transactional
    public Thread open(String tenantId, String conversationId, Asker asker) {
        if (conversationId == null || conversationId.isBlank()) {
            String id = "c-" + random(18);
            String token = asker.keyId() == null || asker.wholeKey() ? null : random(24);
            Instant now = clock.instant();
            jdbc.update("INSERT INTO conversation (id, tenant_id, owner, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
                    id, tenantId, owner(asker.keyId(), token), Timestamp.from(now), Timestamp.from(now));
            return new Thread(id, token, List.of());
        }
        if (!ID.matcher(conversationId).matches()) {
            throw ServiceException.invalid(ErrorCode.INVALID_CONVERSATION, "conversationId must be an id this service returned (c-…).");
        }
        List<String> owners = jdbc.queryForList("SELECT owner FROM conversation WHERE id = ? AND tenant_id = ?",
                String.class, conversationId, tenantId);
        if (owners.isEmpty() || !sameOwner(owners.get(0), owner(asker.keyId(), asker.visitorToken()))) {
            throw ServiceException.notFound(ErrorCode.CONVERSATION_NOT_FOUND, "No conversation '" + conversationId + "'.");
        }
        // the user's own words, never the earlier rewrites: one wrong rewrite must not feed the next
        // only the last answer's cited passages are graded again (CitedPassages); earlier ones are not read
        List<Turn> history = new ArrayList<>(jdbc.query("SELECT question, answer, cited FROM conversation_turn "
                        + "WHERE conversation_id = ? ORDER BY turn_no DESC LIMIT " + HISTORY_TURNS,
                (r, n) -> new Turn(r.getString(1), r.getString(2), n == 0 ? CitedPassages.read(r.getString(3)) : List.of()),
                conversationId));
        java.util.Collections.reverse(history);
        return new Thread(conversationId, null, history);
    }

    /** Records an answered turn of {@code conversationId}. */
    @Transactional
    public void record(String conversationId, String question, String standalone, String answer, String runId) {
        record(conversationId, question, standalone, answer, runId, List.of());
    }

    /**
     * Records an answered turn of {@code conversationId} with the passages its answer cited ({@link CitedPassages#of}):
     * the next follow-up grades them again for its own question.
     */
    @Transactional
    public void record(String conversationId, String question, String standalone, String answer, String runId,
                       List<io.corrigo.api.Passage> cited) {
        Instant now = clock.instant();
        Integer last = jdbc.queryForObject("SELECT MAX(turn_no) FROM conversation_turn WHERE conversation_id = ?",
                Integer.class, conversationId);
        jdbc.update("INSERT INTO conversation_turn (conversation_id, turn_no, question, standalone, answer, run_id, "
                + "created_at, cited) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", conversationId, last == null ? 1 : last + 1,
                question, standalone, answer, runId, Timestamp.from(now), CitedPassages.write(cited));
        jdbc.update("UPDATE conversation SET updated_at = ? WHERE id = ?", Timestamp.from(now), conversationId);
    }

    /** The turns of a thread, oldest first, as {question, standalone, answer, runId} (for tests and export). */
    @Transactional(readOnly = true)
    public List<List<String>> turns(String tenantId, String conversationId) {
        return jdbc.query("SELECT t.question, t.standalone, t.answer, t.run_id FROM conversation_turn t "
                        + "JOIN conversation c ON c.id = t.conversation_id WHERE c.id = ? AND c.tenant_id = ? ORDER BY t.turn_no",
                (r, n) -> java.util.Arrays.asList(r.getString(1), r.getString(2), r.getString(3), r.getString(4)),
                conversationId, tenantId);
    }

    /**
     * One turn as an admin reads it.
     *
     * @param question   as the visitor asked it
     * @param standalone as it was answered
     * @param answer     the answer served
     * @param runId      the run, for its trace
     */
    public record TurnView(String question, String standalone, String answer, String runId) {
    }

    /**
     * A visitor's thread as an admin reads it.
     *
     * @param id        the thread
     * @param updatedAt its last turn
     * @param turns     its turns, oldest first
     */
    public record Summary(String id, Instant updatedAt, List<TurnView> turns) {
    }

    /** The threads visitors held through the publishable key {@code keyId} of {@code tenantId}, newest first. */
    @Transactional(readOnly = true)
    public List<Summary> forKey(String tenantId, String keyId, int limit) {
        tenants.require(tenantId); // an admin reads only their tenants' conversations, whatever screen asks
        List<Summary> threads = new ArrayList<>();
        String prefix = "key:" + keyId + ":";
        jdbc.query("SELECT id, updated_at FROM conversation WHERE tenant_id = ? AND SUBSTRING(owner, 1, ?) = ? "
                        + "ORDER BY updated_at DESC LIMIT " + Math.max(1, Math.min(limit, 200)),
                (org.springframework.jdbc.core.RowCallbackHandler) r -> threads.add(new Summary(r.getString(1),
                        r.getTimestamp(2).toInstant(), List.of())),
                tenantId, prefix.length(), prefix);
        List<Summary> filled = new ArrayList<>();
        for (Summary thread : threads) {
            filled.add(new Summary(thread.id(), thread.updatedAt(), jdbc.query(
                    "SELECT question, standalone, answer, run_id FROM conversation_turn WHERE conversation_id = ? ORDER BY turn_no",
                    (r, n) -> new TurnView(r.getString(1), r.getString(2), r.getString(3), r.getString(4)), thread.id())));
        }
        return filled;
    }

    /** Deletes threads untouched for longer than the run retention; daily, with the runs. */
    @Scheduled(cron = "0 19 3 * * *")
    @Transactional
    public int prune() {
        Timestamp cutoff = Timestamp.from(clock.instant().minus(retention));
        jdbc.update("DELETE FROM conversation_turn WHERE conversation_id IN (SELECT id FROM conversation WHERE updated_at < ?)", cutoff);
        int deleted = jdbc.update("DELETE FROM conversation WHERE updated_at < ?", cutoff);
        if (deleted > 0) {
            log.info("Pruned {} conversation(s) untouched for {} days", deleted, retention.toDays());
        }
        return deleted;
    }

    private static String owner(String keyId, String visitorToken) {
        return keyId == null ? "admin" : "key:" + keyId + ":" + sha256(visitorToken == null ? "" : visitorToken);
    }

    private static boolean sameOwner(String stored, String presented) {
        return MessageDigest.isEqual(stored.getBytes(StandardCharsets.UTF_8), presented.getBytes(StandardCharsets.UTF_8));
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String random(int bytes) {
        byte[] value = new byte[bytes];
        RANDOM.nextBytes(value);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(value);
    }
}
