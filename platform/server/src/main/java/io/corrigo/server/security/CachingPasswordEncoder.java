package io.corrigo.server.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * Remembers, for a while, that a password matched a stored hash, so an API client sending HTTP Basic on every
 * request pays for bcrypt (tens of milliseconds of CPU) once, not per request. The memory is keyed by a SHA-256 of
 * password and hash: a changed password (a new hash) never matches a remembered entry, and account state (disabled,
 * role, tenants) is still read on every request. Only successes are remembered; failures always run bcrypt.
 */
final class CachingPasswordEncoder implements PasswordEncoder {

    private static final int MAX_ENTRIES = 10_000;

    private final PasswordEncoder delegate;
    private final Clock clock;
    private final Duration ttl;
    private final Map<String, Long> verified = new ConcurrentHashMap<>();

    CachingPasswordEncoder(PasswordEncoder delegate, Clock clock, Duration ttl) {
        this.delegate = delegate;
        this.clock = clock;
        this.ttl = ttl;
    }

    @Override
    public String encode(CharSequence rawPassword) {
        return delegate.encode(rawPassword);
    }

    @Override
    public boolean matches(CharSequence rawPassword, String encodedPassword) {
        if (rawPassword == null || encodedPassword == null) {
            return delegate.matches(rawPassword, encodedPassword);
        }
        String key = digest(rawPassword, encodedPassword);
        long now = clock.millis();
        Long until = verified.get(key);
        if (until != null && until > now) {
            verified.put(key, now + ttl.toMillis());
            return true;
        }
        boolean matches = delegate.matches(rawPassword, encodedPassword);
        if (matches) {
            if (verified.size() >= MAX_ENTRIES) {
                verified.entrySet().removeIf(e -> e.getValue() <= now);
                if (verified.size() >= MAX_ENTRIES) {
                    verified.clear();
                }
            }
            verified.put(key, now + ttl.toMillis());
        }
        return matches;
    }

    @Override
    public boolean upgradeEncoding(String encodedPassword) {
        return delegate.upgradeEncoding(encodedPassword);
    }

    private static String digest(CharSequence raw, String encoded) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(raw.toString().getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0);
            sha.update(encoded.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
