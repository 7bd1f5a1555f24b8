package io.corrigo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Package cycles in the source, which the compiled classes do not show: a {@code static final} constant read from
 * another package is copied into the reader's bytecode, so ArchUnit ({@link ArchitectureTest}) cannot see that the
 * reader depends on it. Every main source file of every module is read (imports and qualified names, comments and
 * string literals left out).
 */
class SourceCyclesTest {

    private static final Path ROOT = Paths.get("..").toAbsolutePath().normalize();
    private static final Pattern PACKAGE = Pattern.compile("(?m)^package\\s+([\\w.]+);");
    private static final Pattern REFERENCE = Pattern.compile("\\bio\\.corrigo((?:\\.[a-z0-9_]+)*)\\.[A-Z]");

    private static Map<String, Set<String>> uses;

    @BeforeAll
    static void readSources() throws IOException {
        uses = dependencies(ROOT);
    }

    /** Package → the io.corrigo packages its main sources name, from every {@code src/main/java} under {@code root}. */
    static Map<String, Set<String>> dependencies(Path root) throws IOException {
        Map<String, Set<String>> graph = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> p.toString().contains("/src/main/java/"))
                    .filter(p -> !root.relativize(p).toString().matches("(.*/)?(target|node_modules|\\.git)/.*")).toList()) {
                String code = codeOnly(Files.readString(file));
                Matcher pkg = PACKAGE.matcher(code);
                if (!pkg.find()) {
                    continue;
                }
                Set<String> used = graph.computeIfAbsent(pkg.group(1), k -> new TreeSet<>());
                Matcher ref = REFERENCE.matcher(code);
                while (ref.find()) {
                    String target = "io.corrigo" + ref.group(1);
                    if (!target.equals(pkg.group(1))) {
                        used.add(target);
                    }
                }
            }
        }
        return graph;
    }

    /** {@code source} without its comments, string, text-block and character literals. */
    static String codeOnly(String source) {
        StringBuilder code = new StringBuilder(source.length());
        int i = 0;
        int n = source.length();
        while (i < n) {
            char c = source.charAt(i);
            if (source.startsWith("//", i)) {
                while (i < n && source.charAt(i) != '\n') {
                    i++;
                }
            } else if (source.startsWith("/*", i)) {
                int end = source.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
                code.append(' ');
            } else if (source.startsWith("\"\"\"", i)) {
                int end = source.indexOf("\"\"\"", i + 3);
                i = end < 0 ? n : end + 3;
                code.append("\"\"");
            } else if (c == '"' || c == '\'') {
                i++;
                while (i < n && source.charAt(i) != c) {
                    i += source.charAt(i) == '\\' ? 2 : 1;
                }
                i++;
                code.append(c).append(c);
            } else {
                code.append(c);
                i++;
            }
        }
        return code.toString();
    }

    /** The strongly connected groups of more than one package (Tarjan), each sorted. */
    static List<Set<String>> cycles(Map<String, Set<String>> graph) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new java.util.HashSet<>();
        List<Set<String>> found = new ArrayList<>();
        int[] counter = {0};
        for (String start : graph.keySet()) {
            if (!index.containsKey(start)) {
                connect(start, graph, index, low, stack, onStack, found, counter);
            }
        }
        return found;
    }

    private static void connect(String v, Map<String, Set<String>> graph, Map<String, Integer> index,
                                Map<String, Integer> low, Deque<String> stack, Set<String> onStack,
                                List<Set<String>> found, int[] counter) {
        index.put(v, counter[0]);
        low.put(v, counter[0]++);
        stack.push(v);
        onStack.add(v);
        for (String w : graph.getOrDefault(v, Set.of())) {
            if (!index.containsKey(w)) {
                connect(w, graph, index, low, stack, onStack, found, counter);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (onStack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            Set<String> group = new TreeSet<>();
            String w;
            do {
                w = stack.pop();
                onStack.remove(w);
                group.add(w);
            } while (!w.equals(v));
            if (group.size() > 1) {
                found.add(group);
            }
        }
    }

    @Test
    void sourcePackagesHaveNoCycles() {
        assertThat(cycles(uses)).as("package cycles in the main sources").isEmpty();
    }

    @Test
    void noStageReadsTheOrchestrator() {
        List<String> readers = uses.entrySet().stream()
                .filter(e -> e.getKey().startsWith("io.corrigo.engine.") && e.getValue().contains("io.corrigo.engine"))
                // the offline judge is no stage of a run: it sits above a built pipeline and uses its plugins
                .filter(e -> !e.getKey().equals("io.corrigo.engine.judge"))
                .map(Map.Entry::getKey).toList();
        assertThat(readers).as("engine stages that read io.corrigo.engine (the orchestrator and its constants)").isEmpty();
    }

    @Test
    void theCheckSeesACycleThroughAConstant(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        // given: a stage that reads the orchestrator's constant, which the bytecode would not show
        Path main = Files.createDirectories(dir.resolve("m/src/main/java/io/corrigo/engine/generate"));
        Files.writeString(main.resolve("Texts.java"), """
                package io.corrigo.engine.generate;
                /** Not io.corrigo.server.X: a comment names nothing. */
                final class Texts { static final String A = io.corrigo.engine.Pipeline.REFUSAL + "io.corrigo.ui.X"; }
                """);
        Path root = Files.createDirectories(dir.resolve("m/src/main/java/io/corrigo/engine"));
        Files.writeString(root.resolve("Pipeline.java"), """
                package io.corrigo.engine;
                import io.corrigo.engine.generate.Stage;
                public final class Pipeline { public static final String REFUSAL = "no"; }
                """);

        // when
        Map<String, Set<String>> graph = dependencies(dir);

        // then
        assertThat(graph.get("io.corrigo.engine.generate")).containsExactly("io.corrigo.engine");
        assertThat(cycles(graph)).containsExactly(Set.of("io.corrigo.engine", "io.corrigo.engine.generate"));
    }
}
