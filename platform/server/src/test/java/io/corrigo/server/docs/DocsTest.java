package io.corrigo.server.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.server.CorrigoProperties;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * The documentation as a reader meets it: the README stays a front door, every module has a README, every relative
 * link leads somewhere, every Java example compiles against the current API, and the configuration reference names
 * every {@code corrigo.*} setting the host reads.
 */
class DocsTest {

    private static final Path ROOT = Paths.get("..", "..").toAbsolutePath().normalize();
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern JAVA = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern TYPE = Pattern.compile("(?m)^(?:public\\s+)?(?:final\\s+|abstract\\s+)?(?:class|interface|record|enum)\\s+(\\w+)");
    private static final Pattern SETTING = Pattern.compile("\\$\\{(corrigo\\.[a-z0-9.\\-]+)");

    private static List<Path> markdown() throws IOException {
        try (Stream<Path> files = Files.walk(ROOT)) {
            return files.filter(p -> p.toString().endsWith(".md"))
                    .filter(p -> !ROOT.relativize(p).toString().matches("(.*/)?(target|node_modules|\\.git|data)/.*"))
                    .filter(p -> !p.toString().contains("/src/"))
                    .sorted().toList();
        }
    }

    @Test
    void should_name_every_package_in_its_module_readme() throws IOException {
        List<String> unnamed = new ArrayList<>();
        for (Path main : javaSourceRoots()) {
            Path module = main.getParent().getParent().getParent();
            String readme = Files.exists(module.resolve("README.md")) ? Files.readString(module.resolve("README.md")) : "";
            for (String pkg : packages(main)) {
                if (!namesPackage(readme, pkg)) {
                    unnamed.add(ROOT.relativize(module) + ": " + pkg);
                }
            }
        }
        assertThat(unnamed).as("packages their module's README.md does not name (as `name`, `parent.name` or "
                + "`name.Class`)").isEmpty();
    }

    /** Whether {@code readme} names {@code pkg} in backticks by a tail of its segments (below the module's root). */
    static boolean namesPackage(String readme, String pkg) {
        String[] segments = pkg.split("\\.");
        if (segments.length <= 2) {
            return true; // the module's root package: what the README is about
        }
        for (int from = segments.length - 1; from >= 2; from--) {
            String tail = String.join(".", java.util.Arrays.copyOfRange(segments, from, segments.length));
            if (readme.contains("`" + tail + "`") || readme.contains("`" + tail + ".")
                    || readme.contains("`io.corrigo." + tail)) {
                return true;
            }
        }
        return false;
    }

    private static List<Path> javaSourceRoots() throws IOException {
        try (Stream<Path> dirs = Files.walk(ROOT, 5)) {
            return dirs.filter(p -> p.endsWith(Paths.get("src", "main", "java")) && Files.isDirectory(p))
                    .filter(p -> !ROOT.relativize(p).toString().matches("(.*/)?(target|node_modules|\\.git)/.*"))
                    .sorted().toList();
        }
    }

    /** The packages of a source root that hold Java files, below the shallowest one (the module's root). */
    private static List<String> packages(Path main) throws IOException {
        TreeSet<String> all = new TreeSet<>();
        try (Stream<Path> files = Files.walk(main)) {
            files.filter(p -> p.toString().endsWith(".java")).map(p -> main.relativize(p.getParent()).toString()
                    .replace('/', '.')).forEach(all::add);
        }
        String root = all.isEmpty() ? "" : all.first();
        for (String p : all) {
            while (!p.equals(root) && !p.startsWith(root + ".")) {
                root = root.contains(".") ? root.substring(0, root.lastIndexOf('.')) : "";
            }
        }
        String moduleRoot = root;
        return all.stream().filter(p -> !p.equals(moduleRoot) && !p.equals("io.corrigo.server")).toList();
    }

    @Test
    void should_keep_the_readme_a_front_door_of_at_most_200_lines() throws IOException {
        List<String> lines = Files.readAllLines(ROOT.resolve("README.md"));
        assertThat(lines.size()).isLessThanOrEqualTo(200);
        assertThat(String.join("\n", lines)).contains("./mvnw install", "java -XX:+ExitOnOutOfMemoryError -XX:SharedArchiveFile")
                .doesNotContainPattern("(?i)\\bissue #?\\d+|\\bsession\\b");
    }

    @Test
    void should_name_no_issue_numbers_in_the_documentation() throws IOException {
        List<String> naming = new ArrayList<>();
        for (Path file : markdown()) {
            if (Pattern.compile("(?i)\\bissues? #?\\d+").matcher(Files.readString(file)).find()) {
                naming.add(ROOT.relativize(file).toString());
            }
        }
        assertThat(naming).as("documents that name issue numbers (history goes to dated docs in words)").isEmpty();
    }

    @Test
    void should_give_every_module_a_readme() throws IOException {
        try (Stream<Path> poms = Files.walk(ROOT)) {
            List<String> missing = poms.filter(p -> p.getFileName().toString().equals("pom.xml"))
                    .filter(p -> !p.toString().contains("/target/") && !p.getParent().equals(ROOT))
                    .filter(p -> !Files.exists(p.resolveSibling("README.md")))
                    .map(p -> ROOT.relativize(p.getParent()).toString()).toList();
            assertThat(missing).as("modules without a README").isEmpty();
        }
    }

    @Test
    void should_lead_every_relative_link_to_a_file_that_exists() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path file : markdown()) {
            Matcher link = LINK.matcher(Files.readString(file));
            while (link.find()) {
                String target = link.group(1).replaceAll("#.*$", "");
                if (target.isEmpty() || target.matches("[a-z]+:.*")) {
                    continue;
                }
                if (!Files.exists(file.getParent().resolve(target).normalize())) {
                    broken.add(ROOT.relativize(file) + " → " + link.group(1));
                }
            }
        }
        assertThat(broken).as("links to nothing").isEmpty();
    }

    @Test
    void should_compile_every_java_example_in_the_documentation() throws IOException {
        Map<String, String> failures = new TreeMap<>();
        int examples = 0;
        for (Path file : markdown()) {
            Matcher block = JAVA.matcher(Files.readString(file));
            Path sources = Files.createTempDirectory("docs-example");
            List<String> files = new ArrayList<>();
            while (block.find()) {
                Matcher type = TYPE.matcher(block.group(1));
                assertThat(type.find()).as("a Java example in %s declares no type", ROOT.relativize(file)).isTrue();
                Path source = sources.resolve(type.group(1) + ".java");
                Files.writeString(source, block.group(1));
                files.add(source.toString());
                examples++;
            }
            if (files.isEmpty()) {
                continue;
            }
            List<String> arguments = new ArrayList<>(List.of("-d", Files.createDirectories(sources.resolve("classes"))
                    .toString(), "-classpath", System.getProperty("java.class.path"), "-proc:none", "--release", "17"));
            arguments.addAll(files);
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            ByteArrayOutputStream errors = new ByteArrayOutputStream();
            if (javac.run(null, errors, errors, arguments.toArray(String[]::new)) != 0) {
                failures.put(ROOT.relativize(file).toString(), errors.toString());
            }
        }
        assertThat(examples).as("Java examples found").isGreaterThanOrEqualTo(4);
        assertThat(failures).as("examples that do not compile").isEmpty();
    }

    @Test
    void should_name_every_setting_the_host_reads_in_the_configuration_reference() throws IOException {
        String reference = Files.readString(ROOT.resolve("docs/configuration.md"));
        TreeSet<String> settings = new TreeSet<>();
        for (String module : List.of("platform/server/src/main/java", "ui/src/main/java")) {
            try (Stream<Path> sources = Files.walk(ROOT.resolve(module))) {
                for (Path source : sources.filter(p -> p.toString().endsWith(".java")).toList()) {
                    Matcher setting = SETTING.matcher(Files.readString(source));
                    while (setting.find()) {
                        settings.add(setting.group(1));
                    }
                }
            }
        }
        collect("corrigo", CorrigoProperties.class, settings);
        assertThat(settings).as("settings found").hasSizeGreaterThan(30);
        assertThat(settings.stream().filter(s -> !named(reference, s)).toList())
                .as("settings missing from docs/configuration.md").isEmpty();
    }

    /** Named as itself, or as the last part after a row of its parent ("`.group-id`" beside "`corrigo.….user-id`"). */
    private static boolean named(String reference, String setting) {
        return reference.contains("`" + setting + "`") || reference.contains("`" + setting + "` (")
                || reference.contains("`" + setting.substring(setting.lastIndexOf('.')) + "`");
    }

    private static void collect(String prefix, Class<?> type, TreeSet<String> settings) {
        for (RecordComponent component : type.getRecordComponents()) {
            String key = prefix + "." + component.getName().replaceAll("([a-z])([A-Z])", "$1-$2").toLowerCase();
            if (component.getType().isRecord()) {
                collect(key, component.getType(), settings);
            } else {
                settings.add(key);
            }
        }
    }
}
