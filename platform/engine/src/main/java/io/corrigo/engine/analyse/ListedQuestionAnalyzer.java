package io.corrigo.engine.analyse;

import io.corrigo.api.Redaction;
import io.corrigo.api.answer.AnswerType;
import io.corrigo.api.answer.QuestionAnalysis;
import io.corrigo.api.text.Terms;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A question analyzer made of a language's word lists: which words open a question of which answer type ("wie viele"
 * asks for a count, "in welchem jahr" for a year), which class nouns name a kind of answer after "which" ("stadt" a
 * place, "firma" an organisation), which words are superlatives. Read from the resource
 * {@code io/corrigo/engine/analyse/languages/<code>.tsv}: one entry a line, {@code kind<TAB>words<TAB>value}, with
 * kinds {@code opener} (words → an {@link AnswerType}; {@code +noun} after the type: the next word is the counted or
 * asked noun), {@code class} (a noun → an {@link AnswerType}), {@code which} (the words of "which", whose next word is
 * a class noun) and {@code superlative}; {@code #} starts a comment.
 */
final class ListedQuestionAnalyzer implements QuestionAnalyzer {

    private static final Pattern FIGURE = Pattern.compile("\\d+(?:[.,]\\d+)*");
    /** A name a passage must mention: an acronym or a word with a digit ("COVID-19", "A320"), in any language. */
    private static final Pattern NAME = Pattern.compile("(?:\\p{Lu}{2,}[\\p{L}\\d-]*|[\\p{L}]*\\d[\\p{L}\\d-]*)");

    /** A question opener: its words, the type it asks for, and whether the next word is the asked noun. */
    private record Opener(List<String> words, AnswerType type, boolean noun) {
    }

    private final String language;
    private final List<Opener> openers;
    private final Map<String, AnswerType> classes;
    private final Set<String> which;
    private final Set<String> superlatives;

    private ListedQuestionAnalyzer(String language, List<Opener> openers, Map<String, AnswerType> classes,
                                   Set<String> which, Set<String> superlatives) {
        this.language = language;
        this.openers = openers.stream().sorted(Comparator.comparingInt((Opener o) -> o.words().size()).reversed())
                .toList();
        this.classes = Map.copyOf(classes);
        this.which = Set.copyOf(which);
        this.superlatives = Set.copyOf(superlatives);
    }

    /** The analyzer of the language {@code code} from its resource, if the resource exists. */
    static Optional<ListedQuestionAnalyzer> load(String code) {
        if (!code.matches("[a-z]{2,3}")) {
            return Optional.empty();
        }
        try (InputStream in = ListedQuestionAnalyzer.class.getResourceAsStream("languages/" + code + ".tsv")) {
            return in == null ? Optional.empty() : Optional.of(parse(code, new String(in.readAllBytes(), StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the question words of language " + code, e);
        }
    }

    /** The analyzer the word lists {@code text} describe (the resource's format). */
    static ListedQuestionAnalyzer parse(String code, String text) {
        List<Opener> openers = new ArrayList<>();
        Map<String, AnswerType> classes = new HashMap<>();
        Set<String> which = new HashSet<>();
        Set<String> superlatives = new HashSet<>();
        int number = 0;
        for (String line : text.split("\n")) {
            number++;
            String entry = line.strip();
            if (entry.isEmpty() || entry.startsWith("#")) {
                continue;
            }
            String[] fields = entry.split("\t+");
            String kind = fields[0];
            List<String> words = fields.length > 1 ? Terms.tokens(fields[1]) : List.of();
            if (words.isEmpty()) {
                throw new IllegalArgumentException(code + ".tsv line " + number + ": no words");
            }
            switch (kind) {
                case "opener" -> {
                    String value = fields.length > 2 ? fields[2].strip() : "";
                    boolean noun = value.endsWith("+noun");
                    openers.add(new Opener(words, type(code, number, value.replace("+noun", "").strip()), noun));
                }
                case "class" -> {
                    AnswerType type = type(code, number, fields.length > 2 ? fields[2].strip() : "");
                    words.forEach(w -> classes.put(w, type));
                }
                case "which" -> which.addAll(words);
                case "superlative" -> superlatives.addAll(words);
                default -> throw new IllegalArgumentException(code + ".tsv line " + number + ": unknown kind '" + kind + "'");
            }
        }
        return new ListedQuestionAnalyzer(code, openers, classes, which, superlatives);
    }

    private static AnswerType type(String code, int line, String value) {
        try {
            return AnswerType.valueOf(value.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(code + ".tsv line " + line + ": '" + value + "' is no answer type", e);
        }
    }

    @Override
    public String language() {
        return language;
    }

    @Override
    public QuestionAnalysis analyse(String question) {
        String text = question == null ? "" : Redaction.withoutPlaceholders(question).strip();
        List<String> words = Terms.tokens(text);
        AnswerType type = AnswerType.OTHER;
        String head = null;
        for (Opener opener : openers) {
            int at = indexOf(words, opener.words());
            if (at >= 0) {
                type = opener.type();
                int next = at + opener.words().size();
                head = opener.noun() && next < words.size() ? words.get(next) : null;
                break;
            }
        }
        if (type == AnswerType.OTHER) {
            for (int i = 0; i + 1 < words.size(); i++) {
                if (which.contains(words.get(i))) {
                    String noun = words.get(i + 1);
                    type = classes.getOrDefault(noun, AnswerType.ENTITY);
                    head = noun;
                    break;
                }
            }
        }
        List<String> figures = new ArrayList<>();
        FIGURE.matcher(text).results().forEach(m -> figures.add(m.group()));
        List<String> anchors = new ArrayList<>();
        for (String token : text.split("[^\\p{L}\\p{N}-]+")) {
            if (!token.isEmpty() && NAME.matcher(token).matches() && !FIGURE.matcher(token).matches()) {
                anchors.add(token.toLowerCase(Locale.ROOT));
            }
        }
        String superlative = words.stream().filter(superlatives::contains).findFirst().orElse(null);
        String focus = type == AnswerType.OTHER ? null
                : type.name().toLowerCase(Locale.ROOT) + (head == null ? "" : " of " + head);
        return new QuestionAnalysis(question == null ? "" : question, type, head, focus, anchors, figures, List.of(),
                superlative, head == null ? List.of() : List.of(head), language);
    }

    private static int indexOf(List<String> words, List<String> phrase) {
        for (int i = 0; i + phrase.size() <= words.size(); i++) {
            if (words.subList(i, i + phrase.size()).equals(phrase)) {
                return i;
            }
        }
        return -1;
    }
}
