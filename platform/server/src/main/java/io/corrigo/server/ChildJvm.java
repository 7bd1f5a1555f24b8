package io.corrigo.server;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;

/** Starts child JVMs with this JVM's classes: the document parsers and the plugin runners. */
public final class ChildJvm {

    private ChildJvm() {
    }

    /**
     * The command that starts {@code main} in a JVM with a heap of {@code heapMegabytes}, ended when the heap is full:
     * from the host's executable jar through Spring Boot's {@code PropertiesLauncher}, or from the class path as it is
     * (tests, an IDE).
     */
    public static List<String> command(int heapMegabytes, Class<?> main, List<String> options) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + heapMegabytes + "m", "-XX:+ExitOnOutOfMemoryError", "-XX:+UseSerialGC", "-Xss2m",
                "-Djava.awt.headless=true"));
        command.addAll(options);
        command.add("-cp");
        command.add(absolute(System.getProperty("java.class.path")));
        if (isExecutableJar(System.getProperty("java.class.path"))) {
            command.add("-Dloader.main=" + main.getName());
            command.add("org.springframework.boot.loader.launch.PropertiesLauncher");
        } else {
            command.add(main.getName());
        }
        return command;
    }

    /** The class path with every entry absolute: a child may run in another working directory. */
    private static String absolute(String classPath) {
        List<String> entries = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            entries.add(entry.isEmpty() ? entry : Path.of(entry).toAbsolutePath().toString());
        }
        return String.join(File.pathSeparator, entries);
    }

    private static boolean isExecutableJar(String classPath) {
        if (classPath.contains(File.pathSeparator) || !classPath.endsWith(".jar") || !Files.isRegularFile(Path.of(classPath))) {
            return false;
        }
        try (JarFile jar = new JarFile(classPath)) {
            return jar.getEntry("BOOT-INF/classes/") != null || jar.getEntry("BOOT-INF/lib/") != null;
        } catch (IOException e) {
            return false;
        }
    }
}
