package io.corrigo.plugins.connectors;

import io.corrigo.api.Connector;
import io.corrigo.api.SourceContent;
import io.corrigo.api.SourceItem;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The files of a folder and its subfolders whose names end in one of the included endings: each file an item (id: its
 * path relative to the folder with {@code /}; version: size and modification time). Hidden files and folders and
 * symbolic links are skipped (a link could lead out of the allowed folder).
 */
final class FolderConnector implements Connector {

    static final String DEFAULT_INCLUDE = ".md,.markdown,.txt,.html,.htm,.pdf,.docx,.jsonl";
    private static final long MAX_BYTES = 25L * 1024 * 1024;

    private final Path root;
    private final FileEndings include;
    private final int maxFiles;

    FolderConnector(Path root, FileEndings include, int maxFiles) {
        this.root = root.toAbsolutePath().normalize();
        this.include = include;
        this.maxFiles = maxFiles;
    }

    @Override
    public List<SourceItem> list(Map<String, String> known) {
        if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
            throw new IllegalStateException("the folder " + root + " does not exist or is not a folder");
        }
        List<SourceItem> items = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : (Iterable<Path>) files.sorted()::iterator) {
                if (items.size() >= maxFiles) {
                    break;
                }
                Path relative = root.relativize(file);
                if (relative.toString().isEmpty() || hidden(relative)) {
                    continue;
                }
                BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                if (!attributes.isRegularFile() || !include.matches(file.getFileName().toString()) || attributes.size() > MAX_BYTES) {
                    continue;
                }
                String id = relative.toString().replace(file.getFileSystem().getSeparator(), "/");
                items.add(new SourceItem(id, id, attributes.size() + "@" + attributes.lastModifiedTime().toMillis(),
                        Map.of("updated", attributes.lastModifiedTime().toInstant().atOffset(ZoneOffset.UTC).toLocalDate().toString(),
                                "source_path", id)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the folder " + root + ": " + e.getMessage(), e);
        }
        return items;
    }

    private static boolean hidden(Path relative) {
        for (Path part : relative) {
            if (part.toString().startsWith(".")) {
                return true;
            }
        }
        return false;
    }

    @Override
    public SourceContent fetch(SourceItem item) {
        Path file = root.resolve(item.id()).normalize();
        if (!file.startsWith(root) || Files.isSymbolicLink(file)) {
            throw new IllegalArgumentException("not a file of the folder: " + item.id());
        }
        try {
            return new SourceContent(io.corrigo.api.io.BoundedRead.file(file, MAX_BYTES), null); // it may have grown since listed
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + item.id() + ": " + e.getMessage(), e);
        }
    }
}
