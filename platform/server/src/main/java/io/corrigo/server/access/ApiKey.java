package io.corrigo.server.access;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/** A key row: only the key's SHA-256 and its first characters are stored. */
@Entity
@Table(name = "api_key")
class ApiKey {

    @Id
    private String id;
    @Column(name = "tenant_id", nullable = false)
    private String tenantId;
    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    private KeyKind kind;
    @Column(nullable = false)
    private String name;
    @Column(name = "key_prefix", nullable = false)
    private String keyPrefix;
    @Column(name = "key_hash", nullable = false)
    private String keyHash;
    @Column(name = "allowed_origins")
    private String allowedOrigins;
    @Column(name = "created_at", nullable = false)
    private Instant createdAt;
    @Column(name = "revoked_at")
    private Instant revokedAt;
    @Column(name = "reader_groups", nullable = false)
    private String readerGroups = "";
    @Column(nullable = false)
    private String collections = "";

    protected ApiKey() {
    }

    ApiKey(String id, String tenantId, KeyKind kind, String name, String keyPrefix, String keyHash,
           List<String> allowedOrigins, Instant createdAt) {
        this.id = id;
        this.tenantId = tenantId;
        this.kind = kind;
        this.name = name;
        this.keyPrefix = keyPrefix;
        this.keyHash = keyHash;
        this.allowedOrigins = String.join(" ", allowedOrigins);
        this.createdAt = createdAt;
    }

    String id() {
        return id;
    }

    String tenantId() {
        return tenantId;
    }

    boolean revoked() {
        return revokedAt != null;
    }

    void revoke(Instant at) {
        if (revokedAt == null) {
            revokedAt = at;
        }
    }

    void scope(List<String> groups, List<String> defaultCollections) {
        this.readerGroups = String.join(",", groups);
        this.collections = String.join(",", defaultCollections);
    }

    private static List<String> names(String joined) {
        return joined == null || joined.isBlank() ? List.of() : List.of(joined.split(","));
    }

    KeyView view() {
        List<String> origins = allowedOrigins == null || allowedOrigins.isBlank() ? List.of()
                : Arrays.asList(allowedOrigins.trim().split("\\s+"));
        return new KeyView(id, tenantId, kind, name, keyPrefix + "…", origins, createdAt, revokedAt, names(readerGroups),
                names(collections));
    }
}
