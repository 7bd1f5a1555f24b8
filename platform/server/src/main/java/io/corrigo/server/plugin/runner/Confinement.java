package io.corrigo.server.plugin.runner;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * How the operating system confines a plugin runner, so that plugin code which gets past the JVM's own checks still
 * reaches nothing of the host. With bubblewrap ({@code bwrap}) the runner gets
 *
 * <ul>
 *   <li>a mount namespace whose root is empty but for {@code /usr} (the JDK and the system libraries), the JDK's
 *   configuration, the host's class path (read only), the plugin's folder (read only), its private folder and the data
 *   folders of its instances (read and write), the two sockets it talks to the host over, and a generated
 *   {@code /etc/hosts};</li>
 *   <li>a PID namespace with a {@code /proc} of its own (no process of the host is visible), and its own IPC and UTS
 *   namespaces;</li>
 *   <li>a network namespace with nothing but loopback: each approved outbound host is a loopback listener inside it
 *   whose connections the host forwards ({@link OutboundForwarder}), so the approved hosts are the only ones reachable
 *   whatever the plugin's code does;</li>
 *   <li>an unprivileged user: a host running as root starts the runner as {@code uid}/{@code gid} (never 0) with no
 *   capabilities but binding low ports inside its own network namespace; a host running as an ordinary user starts it
 *   in a user namespace of its own.</li>
 * </ul>
 *
 * @param bubblewrap the {@code bwrap} executable, or {@code null}: no confinement (the platform admin opted out)
 * @param setpriv    the {@code setpriv} executable (util-linux), used to drop root
 * @param uid        the user a root host runs runners as
 * @param gid        the group a root host runs runners as
 * @param maxProcesses the threads and processes one runners' user may have at once under a root host
 */
public record Confinement(Path bubblewrap, Path setpriv, int uid, int gid, int maxProcesses) {

    /** A confinement with the standard {@link #MAX_PROCESSES}. */
    public Confinement(Path bubblewrap, Path setpriv, int uid, int gid) {
        this(bubblewrap, setpriv, uid, gid, MAX_PROCESSES);
    }

    public Confinement {
        if (maxProcesses < 64) {
            throw new IllegalArgumentException("corrigo.plugins.runner.max-processes: at least 64, not " + maxProcesses);
        }
    }

    /** This confinement with {@code maxProcesses} threads and processes per runners' user. */
    public Confinement withMaxProcesses(int maxProcesses) {
        return new Confinement(bubblewrap, setpriv, uid, gid, maxProcesses);
    }

    /** The user and group a root host runs runners as unless configured: {@code nobody}/{@code nogroup}. */
    public static final int NOBODY = 65534;

    /**
     * The threads (and processes) one runners' user may have at once, when a root host starts them as that user: the
     * plugins' own runners share {@link #uid()}, and each tenant's runners have a user of their own
     * ({@link #forTenant}), so one tenant's thread bomb stops at its own limit and never at another tenant's. A host
     * run as an ordinary user shares its own limit with its runners.
     */
    public static final int MAX_PROCESSES = 4096;  // the default of corrigo.plugins.runner.max-processes

    /** The first of the user ids that tenants' runners get under a root host: {@code 1000000 + 24 bits}. */
    public static final int TENANT_UIDS_FROM = 1_000_000;

    /** No operating-system confinement: only the JVM's checks hold the plugin (an explicit opt-out). */
    public static final Confinement NONE = new Confinement(null, null, NOBODY, NOBODY);

    /** Bubblewrap and setpriv as found on the {@code PATH}, runners as {@code uid}/{@code gid} under a root host. */
    public static Confinement bubblewrap(int uid, int gid) {
        return new Confinement(onPath("bwrap").orElse(Path.of("/usr/bin/bwrap")),
                onPath("setpriv").orElse(Path.of("/usr/bin/setpriv")), uid, gid);
    }

    /** From the host's setting {@code corrigo.plugins.runner.confinement}: {@code bubblewrap} or {@code none}. */
    public static Confinement of(String mode, int uid, int gid) {
        return switch (mode == null ? "bubblewrap" : mode.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "bubblewrap", "" -> bubblewrap(uid, gid);
            case "none" -> NONE;
            default -> throw new IllegalArgumentException("corrigo.plugins.runner.confinement: 'bubblewrap' or 'none', not '"
                    + mode + "'");
        };
    }

    /**
     * This confinement for the runners of {@code tenant}: under a root host, as a user of the tenant's own (from
     * {@link #TENANT_UIDS_FROM}, by a hash of the tenant id over 2<sup>24</sup> ids), so that the kernel's per-user
     * limit on threads and processes ({@code RLIMIT_NPROC}) holds per tenant; unchanged otherwise.
     */
    public Confinement forTenant(String tenant) {
        if (tenant == null || !dropsRoot()) {
            return this;
        }
        return new Confinement(bubblewrap, setpriv, tenantUid(tenant), gid, maxProcesses);
    }

    /** The user id of {@code tenant}'s runners under a root host. */
    static int tenantUid(String tenant) {
        byte[] hash;
        try {
            hash = java.security.MessageDigest.getInstance("SHA-256").digest(tenant.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        return TENANT_UIDS_FROM + (((hash[0] & 0xff) << 16) | ((hash[1] & 0xff) << 8) | (hash[2] & 0xff));
    }

    /** Whether runners are confined at all. */
    public boolean enabled() {
        return bubblewrap != null;
    }

    /** Why runners cannot be confined here, or empty when they can (or confinement is off). */
    public Optional<String> problem() {
        if (!enabled()) {
            return Optional.empty();
        }
        if (!System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).contains("linux")) {
            return Optional.of("untrusted plugins are confined with Linux namespaces, and this host runs "
                    + System.getProperty("os.name"));
        }
        if (!Files.isExecutable(bubblewrap)) {
            return Optional.of("bubblewrap was not found at " + bubblewrap + " (install the 'bubblewrap' package)");
        }
        if (hostIsRoot()) {
            if (uid == 0 || gid == 0) {
                return Optional.of("a runner may not run as root: set corrigo.plugins.runner.user-id and group-id to an "
                        + "unprivileged user");
            }
            if (!Files.isExecutable(setpriv) || !Files.isExecutable(Path.of("/usr/bin/prlimit"))) {
                return Optional.of("setpriv or prlimit was not found at " + setpriv.getParent()
                        + " (install the 'util-linux' package)");
            }
        }
        return TRIED.computeIfAbsent(this, Confinement::tryOnce);
    }

    private static final java.util.Map<Confinement, Optional<String>> TRIED = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * Starts {@code /usr/bin/true} confined once, as a runner would be: a kernel or container that refuses the
     * namespaces (user namespaces turned off, a seccomp profile without {@code unshare}) is found here, with
     * bubblewrap's own words, instead of as a runner that ends at start.
     */
    private Optional<String> tryOnce() {
        try {
            List<String> command = wrap(List.of("/usr/bin/true"), List.of(), List.of(), List.of(), Path.of("/"));
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            if (!process.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return Optional.of("bubblewrap did not start a sandbox within 20 s");
            }
            String said = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip();
            return process.exitValue() == 0 ? Optional.empty()
                    : Optional.of("bubblewrap could not make a sandbox here (" + (said.isEmpty() ? "exit " + process.exitValue()
                    : said) + "; in a container, allow user namespaces or run the host as root)");
        } catch (IOException e) {
            return Optional.of("bubblewrap could not be started: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted while trying bubblewrap");
        }
    }

    /** Whether the runner drops from root to {@link #uid()}: the host runs as root. */
    boolean dropsRoot() {
        return enabled() && hostIsRoot();
    }

    /** Gives {@code path} and everything below it to the runner's user when the host drops root; else does nothing. */
    void handOver(Path path) throws IOException {
        if (!dropsRoot() || !Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> all = Files.walk(path)) {
            for (Path each : (Iterable<Path>) all::iterator) {
                Files.setAttribute(each, "unix:uid", uid, LinkOption.NOFOLLOW_LINKS);
                Files.setAttribute(each, "unix:gid", gid, LinkOption.NOFOLLOW_LINKS);
            }
        }
    }

    /**
     * The command that runs {@code java} confined.
     *
     * @param java       the JVM's command line
     * @param readOnly   paths visible read only, each at its own path
     * @param readWrite  paths visible read and write
     * @param files      files placed at a path inside: {@code [source, target]} pairs, read only
     * @param directory  the working directory inside
     */
    List<String> wrap(List<String> java, Collection<Path> readOnly, Collection<Path> readWrite, List<Path[]> files,
                      Path directory) {
        List<String> command = new ArrayList<>(List.of(bubblewrap.toString(), "--die-with-parent", "--new-session",
                "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try"));
        if (!hostIsRoot()) {
            command.add("--unshare-user");
        }
        command.addAll(List.of("--tmpfs", "/", "--ro-bind", "/usr", "/usr"));
        for (String top : List.of("/lib", "/lib64", "/lib32", "/bin", "/sbin")) {
            Path path = Path.of(top);
            if (Files.isSymbolicLink(path)) {
                try {
                    command.addAll(List.of("--symlink", Files.readSymbolicLink(path).toString(), top));
                } catch (IOException e) {
                    // an unreadable link is left out
                }
            } else if (Files.isDirectory(path)) {
                command.addAll(List.of("--ro-bind", top, top));
            }
        }
        command.addAll(List.of("--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"));
        java.util.Set<Path> made = new java.util.HashSet<>(List.of(Path.of("/"), Path.of("/usr"), Path.of("/tmp")));
        for (Path path : jdk()) {
            bind(command, made, "--ro-bind-try", path, path);
        }
        for (Path path : readOnly) {
            bind(command, made, "--ro-bind", path, path);
        }
        for (Path path : readWrite) {
            bind(command, made, "--bind", path, path);
        }
        for (Path[] file : files) {
            bind(command, made, "--ro-bind", file[0], file[1]);
        }
        command.addAll(List.of("--chdir", directory.toString(), "--"));
        if (hostIsRoot()) {
            // at most maxProcesses threads and processes for the runners' user: a plugin's thread bomb stops there
            command.addAll(List.of("/usr/bin/prlimit", "--nproc=" + maxProcesses, "--"));
            command.addAll(List.of(setpriv.toString(), "--reuid=" + uid, "--regid=" + gid, "--clear-groups",
                    "--inh-caps=-all,+net_bind_service", "--ambient-caps=-all,+net_bind_service",
                    "--bounding-set=-all,+net_bind_service", "--no-new-privs"));
        }
        command.addAll(java);
        return command;
    }

    /**
     * Binds {@code source} at {@code target}, making its parent folders first as plain {@code 0755} folders (bubblewrap
     * makes missing ones {@code 0700}, which an unprivileged runner cannot pass through).
     */
    private static void bind(List<String> command, java.util.Set<Path> made, String how, Path source, Path target) {
        List<Path> parents = new ArrayList<>();
        for (Path parent = target.getParent(); parent != null && !made.contains(parent); parent = parent.getParent()) {
            parents.add(0, parent);
        }
        for (Path parent : parents) {
            if (!parent.startsWith("/usr") && made.add(parent)) {
                command.addAll(List.of("--dir", parent.toString()));
            }
        }
        command.addAll(List.of(how, source.toString(), target.toString()));
        made.add(target);
    }

    /** The JDK's home and what its configuration links to outside it (Debian keeps it under {@code /etc}). */
    private static List<Path> jdk() {
        List<Path> paths = new ArrayList<>();
        Path home = Path.of(System.getProperty("java.home"));
        try {
            paths.add(home.toRealPath());
            for (String inside : List.of("conf", "lib/security/cacerts")) {
                Path real = home.resolve(inside).toRealPath();
                if (!real.startsWith(home.toRealPath())) {
                    paths.add(real);
                }
            }
            Path conf = home.resolve("conf");
            if (Files.isDirectory(conf)) {
                try (Stream<Path> links = Files.walk(conf)) {
                    links.filter(Files::isSymbolicLink).forEach(link -> {
                        try {
                            Path target = link.toRealPath().getParent();
                            if (!paths.contains(target) && !target.startsWith(home.toRealPath())) {
                                paths.add(target);
                            }
                        } catch (IOException dangling) {
                            // nothing to bind
                        }
                    });
                }
            }
        } catch (IOException e) {
            paths.add(home);
        }
        // a folder once, not again inside another
        return paths.stream().filter(p -> paths.stream().noneMatch(other -> !other.equals(p) && p.startsWith(other)))
                .toList();
    }

    /** Whether this host runs as root: read once, a process does not change its user. */
    private static final boolean HOST_IS_ROOT = readHostIsRoot();

    static boolean hostIsRoot() {
        return HOST_IS_ROOT;
    }

    private static boolean readHostIsRoot() {
        try {
            return ((Number) Files.getAttribute(Path.of("/proc/self"), "unix:uid")).intValue() == 0;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return "root".equals(System.getProperty("user.name"));
        }
    }

    private static Optional<Path> onPath(String name) {
        String path = System.getenv("PATH");
        for (String directory : (path == null ? "/usr/bin:/bin" : path).split(File.pathSeparator)) {
            Path candidate = Path.of(directory.isEmpty() ? "." : directory, name);
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }
}
