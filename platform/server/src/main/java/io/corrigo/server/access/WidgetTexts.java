package io.corrigo.server.access;

import io.corrigo.server.tenant.WidgetSettings;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The chat widget's texts in one more language: what a page in {@code language} shows instead of the tenant's own
 * {@link WidgetSettings}, for every key of the tenant or for one. A text left empty falls back (a key's to the
 * tenant's texts in that language, those to the tenant's own); an empty list of starter questions too.
 *
 * @param language         a two-letter language code ({@code de}, {@code fr}, …), as the widget's page asks for it
 * @param keyId            the key whose widget shows them, or {@code null} for every key of the tenant
 * @param title            the panel's title
 * @param greeting         the first message
 * @param placeholder      the input's placeholder
 * @param starterQuestions questions offered to start with
 * @param handoffLabel     the text of the link to a person
 */
public record WidgetTexts(String language, String keyId, String title, String greeting, String placeholder,
                          List<String> starterQuestions, String handoffLabel) {

    private static final Pattern LANGUAGE = Pattern.compile("[a-z]{2}");

    public WidgetTexts {
        language = language == null ? null : language.strip().toLowerCase(Locale.ROOT);
        keyId = blankToNull(keyId);
        title = blankToNull(title);
        greeting = blankToNull(greeting);
        placeholder = blankToNull(placeholder);
        handoffLabel = blankToNull(handoffLabel);
        starterQuestions = starterQuestions == null ? List.of()
                : starterQuestions.stream().filter(q -> q != null && !q.isBlank()).map(String::strip).toList();
    }

    /** The two-letter language a widget's page asks for ({@code de-AT} → {@code de}), or null when it names none. */
    public static String languageOf(String asked) {
        if (asked == null || asked.length() < 2) {
            return null;
        }
        String code = asked.strip().substring(0, 2).toLowerCase(Locale.ROOT);
        return LANGUAGE.matcher(code).matches() ? code : null;
    }

    /** What is wrong with these texts (empty when valid). */
    public List<String> problems() {
        List<String> problems = new ArrayList<>();
        if (language == null || !LANGUAGE.matcher(language).matches()) {
            problems.add("language: a two-letter language code such as de or fr");
        }
        limit("title", title, 100, problems);
        limit("greeting", greeting, 300, problems);
        limit("placeholder", placeholder, 100, problems);
        limit("handoffLabel", handoffLabel, 40, problems);
        if (starterQuestions.size() > WidgetSettings.MAX_STARTERS) {
            problems.add("starterQuestions: at most " + WidgetSettings.MAX_STARTERS + " questions");
        }
        if (starterQuestions.stream().anyMatch(q -> q.length() > 120)) {
            problems.add("starterQuestions: each at most 120 characters");
        }
        if (title == null && greeting == null && placeholder == null && starterQuestions.isEmpty() && handoffLabel == null) {
            problems.add("texts: at least one text in this language");
        }
        return problems;
    }

    /** {@code own} with these texts where they are given. */
    public WidgetSettings over(WidgetSettings own) {
        return new WidgetSettings(title != null ? title : own.title(), greeting != null ? greeting : own.greeting(),
                placeholder != null ? placeholder : own.placeholder(), own.color(), own.requestsPerMinute(),
                own.queriesPerDay(), starterQuestions.isEmpty() ? own.starterQuestions() : starterQuestions, own.iconUrl(),
                own.handoffUrl(), handoffLabel != null ? handoffLabel : own.handoffLabel());
    }

    private static void limit(String name, String value, int max, List<String> problems) {
        if (value != null && value.length() > max) {
            problems.add(name + ": at most " + max + " characters");
        }
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }
}
