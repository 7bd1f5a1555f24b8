package io.corrigo.server.security;

import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Set;
import java.util.TreeSet;

/** An admin user row; the password only as an encoded hash. */
@Entity
@Table(name = "admin_user")
class AdminUser {

    @Id
    private String username;

    @Column(name = "password_hash", nullable = false)
    private String passwordHash;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    private Role role;

    @Column(nullable = false)
    private boolean enabled;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @ElementCollection(fetch = FetchType.EAGER)
    @CollectionTable(name = "admin_user_tenant", joinColumns = @JoinColumn(name = "username"))
    @Column(name = "tenant_id")
    private Set<String> tenants = new TreeSet<>();

    protected AdminUser() {
    }

    AdminUser(String username, String passwordHash, Role role, Set<String> tenants, Instant createdAt) {
        this.username = username;
        this.passwordHash = passwordHash;
        this.role = role;
        this.enabled = true;
        this.tenants = new TreeSet<>(tenants);
        this.createdAt = createdAt;
    }

    String username() {
        return username;
    }

    String passwordHash() {
        return passwordHash;
    }

    Role role() {
        return role;
    }

    boolean enabled() {
        return enabled;
    }

    Instant createdAt() {
        return createdAt;
    }

    Set<String> tenants() {
        return tenants;
    }

    void passwordHash(String value) {
        this.passwordHash = value;
    }

    void role(Role value) {
        this.role = value;
    }

    void enabled(boolean value) {
        this.enabled = value;
    }

    void tenants(Set<String> value) {
        this.tenants.clear();
        this.tenants.addAll(value);
    }
}
