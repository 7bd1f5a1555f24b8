package io.corrigo.server.plugin;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.CertPath;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import jdk.security.jarsigner.JarSigner;

/**
 * Builds real PF4J plugin files in tests: Java sources compiled with the JDK's compiler against the plugin API (PF4J's
 * annotation processor writes {@code META-INF/extensions.idx}), jarred into {@code lib/}, zipped with a
 * {@code plugin.properties}; signed with the JDK's jarsigner API and keys made by {@code keytool}.
 */
public final class TestPlugins {

    private TestPlugins() {
    }

    /** How many plugins the server build ships into {@code target/plugins} (every module of {@code plugins/}). */
    public static final int SHIPPED = 10;

    /**
     * A plugin file.
     *
     * @param directory where to build
     * @param id        plugin id
     * @param version   plugin version
     * @param requires  plugin API requirement
     * @param sources   Java sources by fully qualified class name
     */
    public static byte[] build(Path directory, String id, String version, String requires, Map<String, String> sources) {
        return build(directory, id, version, requires, sources, "");
    }

    /** A plugin file whose {@code plugin.properties} also has {@code moreDescriptor} (lines of {@code key=value}). */
    public static byte[] build(Path directory, String id, String version, String requires, Map<String, String> sources,
                               String moreDescriptor) {
        try {
            Path work = Files.createTempDirectory(Files.createDirectories(directory), id + "-" + version);
            Path src = work.resolve("src");
            List<String> files = new ArrayList<>();
            for (Map.Entry<String, String> source : sources.entrySet()) {
                Path file = src.resolve(source.getKey().replace('.', '/') + ".java");
                Files.createDirectories(file.getParent());
                Files.writeString(file, source.getValue());
                files.add(file.toString());
            }
            Path classes = Files.createDirectories(work.resolve("classes"));
            List<String> arguments = new ArrayList<>(List.of("-d", classes.toString(), "-classpath",
                    System.getProperty("java.class.path"), "--release", "17", "-nowarn"));
            arguments.addAll(files);
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            ByteArrayOutputStream errors = new ByteArrayOutputStream();
            if (javac.run(null, errors, errors, arguments.toArray(String[]::new)) != 0) {
                throw new IllegalStateException("test plugin does not compile:\n" + errors);
            }
            if (!Files.exists(classes.resolve("META-INF/extensions.idx"))) {
                throw new IllegalStateException("PF4J's annotation processor wrote no extensions.idx");
            }
            ByteArrayOutputStream jar = new ByteArrayOutputStream();
            try (ZipOutputStream out = new ZipOutputStream(jar); Stream<Path> walk = Files.walk(classes)) {
                for (Path file : walk.filter(Files::isRegularFile).sorted().toList()) {
                    out.putNextEntry(new ZipEntry(classes.relativize(file).toString().replace('\\', '/')));
                    out.write(Files.readAllBytes(file));
                    out.closeEntry();
                }
            }
            String descriptor = "plugin.id=" + id + "\nplugin.version=" + version + "\nplugin.requires=" + requires
                    + "\nplugin.provider=Tests\nplugin.description=A plugin built by a test\n" + moreDescriptor;
            return zip(Map.of("plugin.properties", descriptor.getBytes(StandardCharsets.UTF_8),
                    "lib/" + id + ".jar", jar.toByteArray()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A new directory under {@code target/test-plugins} with a copy of every plugin file the build made. */
    public static Path copyOfTheBuiltPlugins(String prefix) {
        try {
            Path directory = Files.createDirectories(java.nio.file.Paths.get("target", "test-plugins",
                    prefix + java.util.UUID.randomUUID()).toAbsolutePath());
            try (java.nio.file.DirectoryStream<Path> zips = Files.newDirectoryStream(java.nio.file.Paths.get("target", "plugins"), "*.zip")) {
                for (Path zip : zips) {
                    Files.copy(zip, directory.resolve(zip.getFileName()));
                }
            }
            return directory;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A zip of the given entries, in name order. */
    public static byte[] zip(Map<String, byte[]> entries) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(bytes)) {
            for (String name : entries.keySet().stream().sorted().toList()) {
                out.putNextEntry(new ZipEntry(name));
                out.write(entries.get(name));
                out.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** A copy of a zip with one entry's content replaced (what tampering after signing looks like). */
    static byte[] replaceEntry(byte[] zip, String name, byte[] content) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipInputStream in = new ZipInputStream(new java.io.ByteArrayInputStream(zip));
             ZipOutputStream out = new ZipOutputStream(bytes)) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                out.putNextEntry(new ZipEntry(entry.getName()));
                out.write(entry.getName().equals(name) ? content : in.readAllBytes());
                out.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** A signing key made by {@code keytool}, with its self-signed certificate. */
    record Signer(PrivateKey key, X509Certificate certificate, CertPath path) {

        static Signer create(Path directory, String distinguishedName) {
            try {
                Path store = Files.createDirectories(directory).resolve("signer-" + System.nanoTime() + ".p12");
                Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                        "-genkeypair", "-alias", "signer", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", distinguishedName,
                        "-validity", "30", "-keystore", store.toString(), "-storetype", "PKCS12",
                        "-storepass", "changeit", "-keypass", "changeit").redirectErrorStream(true).start();
                String output = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                if (keytool.waitFor() != 0) {
                    throw new IllegalStateException("keytool failed: " + output);
                }
                KeyStore keys = KeyStore.getInstance("PKCS12");
                try (var in = Files.newInputStream(store)) {
                    keys.load(in, "changeit".toCharArray());
                }
                PrivateKey key = (PrivateKey) keys.getKey("signer", "changeit".toCharArray());
                CertPath path = CertificateFactory.getInstance("X.509")
                        .generateCertPath(Arrays.asList(keys.getCertificateChain("signer")));
                return new Signer(key, (X509Certificate) keys.getCertificate("signer"), path);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }

        /** {@code zip} signed as jarsigner signs a jar. */
        byte[] sign(Path directory, byte[] zip) {
            try {
                Path unsigned = Files.createTempFile(Files.createDirectories(directory), "unsigned", ".zip");
                Files.write(unsigned, zip);
                ByteArrayOutputStream signed = new ByteArrayOutputStream();
                JarSigner signer = new JarSigner.Builder(key, path).digestAlgorithm("SHA-256").signerName("TESTS").build();
                try (ZipFile in = new ZipFile(unsigned.toFile()); OutputStream out = signed) {
                    signer.sign(in, out);
                }
                return signed.toByteArray();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (java.security.GeneralSecurityException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /**
     * A retriever that probes what it can reach and answers with its findings, one passage per check, the text starting
     * {@code read:} or {@code denied:}: the environment, the file {@code secretFile}, the directory {@code otherDirectory},
     * the parent process, running a program, its own data directory, and an HTTP GET of {@code allowedUrl} and of
     * {@code forbiddenUrl}. A question {@code exit} tries to end its JVM; {@code slow} sleeps 20 s (to be killed
     * under); {@code spin} burns CPU and {@code hog} fills the heap, without end; {@code bomb} starts threads until
     * the operating system refuses one and holds them. With {@code failStarts} N, the first N creations of an instance
     * (counted in its data directory) fail. Any other question is answered with one passage about the museum.
     */
    public static Map<String, String> probeRetriever() {
        return Map.of("test.probe.ProbeRetrieverFactory", """
                package test.probe;

                import io.corrigo.api.*;
                import io.corrigo.api.config.*;
                import java.nio.file.*;
                import java.util.*;
                import java.util.concurrent.Callable;

                @org.pf4j.Extension
                public class ProbeRetrieverFactory implements RetrieverFactory {
                    public String id() { return "probe-retriever"; }
                    public String description() { return "Probes what a plugin can reach."; }
                    public List<ConfigProperty> configProperties() {
                        return List.of(ConfigProperty.string("secretFile", "Secret file", ""),
                                ConfigProperty.string("otherDirectory", "Other directory", ""),
                                ConfigProperty.string("allowedUrl", "Allowed URL", ""),
                                ConfigProperty.string("forbiddenUrl", "Forbidden URL", ""),
                                ConfigProperty.string("hostPid", "The host's process id", ""),
                                ConfigProperty.integer("failStarts", "Creations that fail first", 0));
                    }
                    public Retriever create(PluginContext context, PluginConfig config) {
                        long failStarts = config.integer("failStarts");
                        if (failStarts > 0) {
                            Path count = context.dataDirectory().resolve("starts");
                            try {
                                long tried = Files.exists(count) ? Long.parseLong(Files.readString(count).strip()) : 0;
                                Files.writeString(count, Long.toString(tried + 1));
                                if (tried < failStarts) {
                                    throw new IllegalStateException("start " + (tried + 1) + " of the probe fails on purpose");
                                }
                            } catch (java.io.IOException e) {
                                throw new java.io.UncheckedIOException(e);
                            }
                        }
                        return (query, max) -> {
                            List<Passage> found = new ArrayList<>();
                            if (query.text().equals("probe")) {
                                check(found, "env", () -> "PATH=" + System.getenv("PATH") + " HOME=" + System.getenv("HOME")
                                        + " (" + System.getenv().size() + " variables)");
                                check(found, "secret-file", () -> Files.readString(Path.of(config.string("secretFile").orElseThrow())));
                                check(found, "other-directory", () -> String.join(",", Arrays.asList(
                                        Objects.requireNonNull(Path.of(config.string("otherDirectory").orElseThrow()).toFile().list()))));
                                check(found, "parent-process", () -> ProcessHandle.current().parent().map(p -> p.info().toString()).orElse("none"));
                                check(found, "exec", () -> new String(new ProcessBuilder("id").start().getInputStream().readAllBytes()));
                                check(found, "own-data", () -> {
                                    Path file = context.dataDirectory().resolve("probe.txt");
                                    Files.writeString(file, "mine");
                                    return Files.readString(file);
                                });
                                check(found, "allowed-host", () -> get(config.string("allowedUrl").orElseThrow()));
                                check(found, "forbidden-host", () -> get(config.string("forbiddenUrl").orElseThrow()));
                                check(found, "embeddings", () -> "dimension " + context.embeddings().embed("probe").dimension());
                                check(found, "own-class-loader", () -> {
                                    // its own jar again, in a class loader of its own, whose code asks for privileges
                                    java.net.URL jar = ProbeRetrieverFactory.class.getProtectionDomain().getCodeSource().getLocation();
                                    ClassLoader loader = new java.net.URLClassLoader(new java.net.URL[] {jar}, null);
                                    return (String) loader.loadClass("test.probe.Escape").getMethod("read", String.class)
                                            .invoke(null, config.string("secretFile").orElseThrow());
                                });
                                check(found, "static-domain", () -> {
                                    // a class of its own in a protection domain with static permissions, which no
                                    // policy is asked about; then the security manager is switched off
                                    byte[] bytes;
                                    try (java.io.InputStream in = ProbeRetrieverFactory.class.getResourceAsStream("Escape.class")) {
                                        bytes = in.readAllBytes();
                                    }
                                    java.security.Permissions all = new java.security.Permissions();
                                    all.add(new java.security.AllPermission());
                                    java.security.ProtectionDomain domain = new java.security.ProtectionDomain(
                                            new java.security.CodeSource(null, (java.security.cert.Certificate[]) null), all);
                                    Class<?> escape = new Definer().define("test.probe.Escape", bytes, domain);
                                    String secret = (String) escape.getMethod("read", String.class)
                                            .invoke(null, config.string("secretFile").orElseThrow());
                                    escape.getMethod("unguard").invoke(null);
                                    return secret + " / " + get(config.string("forbiddenUrl").orElseThrow());
                                });
                                check(found, "host-environ", () -> Files.readString(
                                        Path.of("/proc/" + config.string("hostPid").orElse("1") + "/environ")));
                                return found;
                            }
                            if (query.text().equals("exit")) {
                                check(found, "exit", () -> { System.exit(3); return "exited"; });
                                check(found, "halt", () -> { Runtime.getRuntime().halt(3); return "halted"; });
                                return found;
                            }
                            if (query.text().equals("spin")) {
                                long spins = 0;
                                while (!Thread.currentThread().isInterrupted() && spins >= 0) {
                                    spins++;
                                }
                            }
                            if (query.text().equals("bomb")) {
                                int started = 0;
                                try {
                                    while (started < 100_000) {
                                        Thread thread = new Thread(() -> {
                                            try {
                                                Thread.sleep(Long.MAX_VALUE);
                                            } catch (InterruptedException e) {
                                                // held until the runner ends
                                            }
                                        });
                                        thread.setDaemon(true);
                                        thread.start();
                                        started++;
                                    }
                                } catch (Throwable limit) {
                                    // the operating system's limit on threads: held as they are
                                }
                                found.add(Passage.of("bomb", "started " + started + " threads",
                                        new Source(Origin.KNOWLEDGE_BASE, "bomb", "Bomb", null)));
                                return found;
                            }
                            if (query.text().equals("hog")) {
                                List<long[]> held = new ArrayList<>();
                                while (held.size() >= 0) {
                                    held.add(new long[1_000_000]);
                                }
                            }
                            if (query.text().startsWith("slow")) {
                                try {
                                    Thread.sleep(20_000);
                                } catch (InterruptedException e) {
                                    Thread.currentThread().interrupt();
                                }
                            }
                            found.add(Passage.of("museum-1", "The museum opens at nine in the morning.",
                                    new Source(Origin.KNOWLEDGE_BASE, "museum", "Museum", null)));
                            return found;
                        };
                    }

                    static final class Definer extends ClassLoader {
                        Definer() {
                            super(null);
                        }

                        Class<?> define(String name, byte[] bytes, java.security.ProtectionDomain domain) {
                            return defineClass(name, bytes, 0, bytes.length, domain);
                        }
                    }

                    private static String get(String url) throws Exception {
                        java.net.HttpURLConnection connection = (java.net.HttpURLConnection) new java.net.URL(url).openConnection();
                        connection.setConnectTimeout(3000);
                        connection.setReadTimeout(3000);
                        return new String(connection.getInputStream().readAllBytes());
                    }

                    private static void check(List<Passage> found, String name, Callable<String> attempt) {
                        String outcome;
                        try {
                            outcome = "read: " + attempt.call();
                        } catch (Throwable e) {
                            Throwable cause = e instanceof java.lang.reflect.InvocationTargetException && e.getCause() != null
                                    ? e.getCause() : e;
                            outcome = "denied: " + cause;
                        }
                        found.add(Passage.of(name, outcome, new Source(Origin.KNOWLEDGE_BASE, name, name, null)));
                    }
                }
                """, "test.probe.Escape", """
                package test.probe;

                public class Escape {
                    public static String read(String path) throws Exception {
                        try {
                            return java.security.AccessController.doPrivileged(
                                    (java.security.PrivilegedExceptionAction<String>) () -> java.nio.file.Files.readString(java.nio.file.Path.of(path)));
                        } catch (java.security.PrivilegedActionException e) {
                            throw e.getException();
                        }
                    }

                    public static void unguard() {
                        java.security.AccessController.doPrivileged((java.security.PrivilegedAction<Void>) () -> {
                            System.setSecurityManager(null);
                            return null;
                        });
                    }
                }
                """);
    }

    /** A generator plugin whose answers start with {@code prefix}: tells versions apart. */
    public static Map<String, String> greetingGenerator(String prefix) {
        return Map.of("test.greeting.GreetingGeneratorFactory", """
                package test.greeting;

                import io.corrigo.api.*;
                import io.corrigo.api.config.PluginConfig;
                import java.util.List;

                @org.pf4j.Extension
                public class GreetingGeneratorFactory implements GeneratorFactory {
                    public String id() { return "greeting-generator"; }
                    public String description() { return "Answers with the first context sentence, prefixed by its version."; }
                    public boolean inProcess() { return true; }
                    public Generator create(PluginContext context, PluginConfig config) {
                        return request -> {
                            if (request.context().isEmpty()) {
                                return Answer.abstain("PREFIX: nothing to say.");
                            }
                            ContextStrip first = request.context().get(0);
                            return new Answer("PREFIX: " + first.text() + " [" + first.citation() + "]",
                                    List.of(new Citation(first.citation(), first.source(), first.text())), false);
                        };
                    }
                }
                """.replace("PREFIX", prefix));
    }

    /** Evaluators that misbehave: {@code throwing-evaluator} (an Error), {@code nan-evaluator}, {@code hanging-evaluator}. */
    public static Map<String, String> misbehavingEvaluators() {
        String template = """
                package test.chaos;

                import io.corrigo.api.*;
                import io.corrigo.api.config.PluginConfig;

                @org.pf4j.Extension
                public class NAMEFactory implements EvaluatorFactory {
                    public String id() { return "ID"; }
                    public String description() { return "Misbehaves on purpose."; }
                    public boolean inProcess() { return true; }
                    public RetrievalEvaluator create(PluginContext context, PluginConfig config) {
                        return (query, passage) -> { BODY };
                    }
                }
                """;
        return Map.of(
                "test.chaos.ThrowingFactory", template.replace("NAME", "Throwing").replace("ID", "throwing-evaluator")
                        .replace("BODY", "throw new AssertionError(\"evaluator exploded\");"),
                "test.chaos.NanFactory", template.replace("NAME", "Nan").replace("ID", "nan-evaluator")
                        .replace("BODY", "return Double.NaN;"),
                "test.chaos.HangingFactory", template.replace("NAME", "Hanging").replace("ID", "hanging-evaluator")
                        .replace("BODY", """
                                long until = System.nanoTime() + 3_000_000_000L;
                                while (System.nanoTime() < until) {
                                    try { Thread.sleep(50); } catch (InterruptedException ignored) { }
                                }
                                return 0.9;"""));
    }
}
