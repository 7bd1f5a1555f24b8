package io.corrigo.plugins.localcorpussearch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.api.text.Sentences;
import io.corrigo.api.text.Terms;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Reads a corpus file or folder into documents cut into passages of bounded length. */
final class CorpusReader {

    record Entry(String id, String documentId, String title, String url, String text) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private CorpusReader() {
    }

    static List<Entry> read(Path corpus, int maxWords) {
        try {
            return Files.isDirectory(corpus) ? readFolder(corpus, maxWords) : readJsonl(corpus, maxWords);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read corpus " + corpus.getFileName(), e);
        }
    }

    private static List<Entry> readJsonl(Path file, int maxWords) throws IOException {
        List<Entry> entries = new ArrayList<>();
        String corpusName = file.getFileName().toString();
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            int lineNumber = 0;
            while ((line = reader.readLine()) != null) {
                lineNumber++;
                if (line.isBlank()) {
                    continue;
                }
                JsonNode node;
                try {
                    node = JSON.readTree(line);
                } catch (IOException e) {
                    throw new IllegalArgumentException(corpusName + " line " + lineNumber + ": not valid JSON");
                }
                String text = node.path("text").asText("");
                if (text.isBlank()) {
                    throw new IllegalArgumentException(corpusName + " line " + lineNumber + ": no \"text\"");
                }
                String id = node.path("id").asText("line-" + lineNumber);
                String documentId = node.path("doc_id").asText(id);
                String title = node.hasNonNull("title") ? node.get("title").asText() : null;
                String url = node.hasNonNull("url") ? node.get("url").asText() : "corpus://" + corpusName + "/" + id;
                addChunks(entries, id, documentId, title, url, text, maxWords);
            }
        }
        return entries;
    }

    private static List<Entry> readFolder(Path folder, int maxWords) throws IOException {
        List<Entry> entries = new ArrayList<>();
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                String name = file.getFileName().toString().toLowerCase();
                if (name.endsWith(".txt") || name.endsWith(".md")) {
                    String relative = folder.relativize(file).toString().replace('\\', '/');
                    addChunks(entries, relative, relative, file.getFileName().toString(), "corpus://" + relative,
                            Files.readString(file, StandardCharsets.UTF_8), maxWords);
                }
            }
        }
        return entries;
    }

    private static void addChunks(List<Entry> entries, String id, String documentId, String title, String url,
                                  String text, int maxWords) {
        List<String> chunks = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        int words = 0;
        for (String sentence : Sentences.split(text)) {
            int n = Terms.tokens(sentence).size();
            if (words > 0 && words + n > maxWords) {
                chunks.add(current.toString());
                current.setLength(0);
                words = 0;
            }
            current.append(current.isEmpty() ? "" : " ").append(sentence);
            words += n;
        }
        if (!current.isEmpty()) {
            chunks.add(current.toString());
        }
        for (int i = 0; i < chunks.size(); i++) {
            entries.add(new Entry(chunks.size() == 1 ? id : id + "#" + i, documentId, title, url, chunks.get(i)));
        }
    }
}
