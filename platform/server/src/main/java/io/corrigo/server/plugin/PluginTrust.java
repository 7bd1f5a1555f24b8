package io.corrigo.server.plugin;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSigner;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Decides whether a plugin file may run: its SHA-256, and its jarsigner signature checked against the platform's
 * trust store.
 *
 * <p>A plugin file is signed like a jar ({@code jarsigner plugin.zip alias}): every entry outside {@code META-INF/}
 * must carry the same signer, and each entry's digest must match. A signature that does not verify (a changed or
 * added entry) refuses the file always. A valid signature by a certificate that is not in the trust store, or no
 * signature, is accepted only when unsigned plugins are allowed ({@code corrigo.plugins.allow-unsigned}).
 */
final class PluginTrust {

    /**
     * The verdict on one file.
     *
     * @param sha256   hex SHA-256 of the file
     * @param signedBy the signer's subject (with "(not trusted)" when not in the trust store), or {@code null}
     * @param trusted  whether the signer is in the trust store
     * @param problem  why the file may not run, or {@code null} when it may
     */
    record Verdict(String sha256, String signedBy, boolean trusted, String problem) {
    }

    private final List<X509Certificate> trusted;
    private final boolean allowUnsigned;

    PluginTrust(List<X509Certificate> trusted, boolean allowUnsigned) {
        this.trusted = List.copyOf(trusted);
        this.allowUnsigned = allowUnsigned;
    }

    /** The certificates of a PKCS#12 or JKS trust store; none for a {@code null} path. */
    static List<X509Certificate> load(Path store, String password) {
        if (store == null) {
            return List.of();
        }
        try (InputStream in = Files.newInputStream(store)) {
            KeyStore keys = KeyStore.getInstance(KeyStore.getDefaultType());
            keys.load(in, password == null ? new char[0] : password.toCharArray());
            List<X509Certificate> result = new ArrayList<>();
            for (String alias : Collections.list(keys.aliases())) {
                if (keys.getCertificate(alias) instanceof X509Certificate certificate) {
                    result.add(certificate);
                }
            }
            return result;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("cannot read the plugin trust store " + store + ": " + e.getMessage(), e);
        }
    }

    boolean allowUnsigned() {
        return allowUnsigned;
    }

    /** Checks the plugin file at {@code file}. */
    Verdict check(Path file) {
        String sha256 = sha256(file);
        X509Certificate signer;
        try {
            signer = signer(file);
        } catch (SecurityException | IOException e) {
            return new Verdict(sha256, null, false, "its signature does not verify (" + e.getMessage()
                    + "): the file was changed after it was signed");
        }
        if (signer == null) {
            return new Verdict(sha256, null, false, allowUnsigned ? null
                    : "it is not signed, and this host runs signed plugins only (corrigo.plugins.allow-unsigned=false)");
        }
        String subject = signer.getSubjectX500Principal().getName();
        boolean isTrusted = isTrusted(signer);
        if (isTrusted) {
            try {
                signer.checkValidity();
            } catch (GeneralSecurityException e) {
                return new Verdict(sha256, subject, true, "its signing certificate is not valid now: " + e.getMessage());
            }
            return new Verdict(sha256, subject, true, null);
        }
        return new Verdict(sha256, subject + " (not trusted)", false, allowUnsigned ? null
                : "it is signed by " + subject + ", who is not in the platform's trust store");
    }

    private boolean isTrusted(X509Certificate signer) {
        for (X509Certificate anchor : trusted) {
            if (anchor.equals(signer)) {
                return true;
            }
            try {
                if (anchor.getSubjectX500Principal().equals(signer.getIssuerX500Principal())) {
                    signer.verify(anchor.getPublicKey());
                    return true;
                }
            } catch (GeneralSecurityException ignored) {
                // not issued by this anchor
            }
        }
        return false;
    }

    /**
     * The one certificate that signed every entry, or {@code null} when nothing is signed.
     *
     * @throws SecurityException when a digest does not match, some entries are unsigned, or signers differ
     */
    private static X509Certificate signer(Path file) throws IOException {
        X509Certificate signer = null;
        boolean unsignedEntry = false;
        String firstUnsigned = null;
        try (JarFile jar = new JarFile(file.toFile(), true)) {
            byte[] buffer = new byte[8192];
            for (JarEntry entry : Collections.list(jar.entries())) {
                try (InputStream in = jar.getInputStream(entry)) {
                    while (in.read(buffer) != -1) {
                        // reading to the end is what verifies the entry's digest
                    }
                }
                if (entry.isDirectory() || entry.getName().startsWith("META-INF/")) {
                    continue;
                }
                CodeSigner[] signers = entry.getCodeSigners();
                if (signers == null || signers.length == 0) {
                    unsignedEntry = true;
                    firstUnsigned = firstUnsigned == null ? entry.getName() : firstUnsigned;
                    continue;
                }
                Certificate first = signers[0].getSignerCertPath().getCertificates().get(0);
                if (!(first instanceof X509Certificate certificate)) {
                    throw new SecurityException("entry " + entry.getName() + " is signed with a non-X.509 certificate");
                }
                if (signer != null && !signer.equals(certificate)) {
                    throw new SecurityException("entries are signed by different signers");
                }
                signer = certificate;
            }
        }
        if (signer != null && unsignedEntry) {
            throw new SecurityException("entry " + firstUnsigned + " is not signed");
        }
        return signer;
    }

    static String sha256(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = newDigest();
            byte[] buffer = new byte[65536];
            for (int n = in.read(buffer); n != -1; n = in.read(buffer)) {
                digest.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Hex SHA-256 of a file's content, as {@link #sha256(Path)} gives it. */
    static String sha256(byte[] content) {
        return HexFormat.of().formatHex(newDigest().digest(content));
    }

    private static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
