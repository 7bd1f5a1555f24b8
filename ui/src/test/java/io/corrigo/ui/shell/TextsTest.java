package io.corrigo.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.config.ConfigProperty;
import io.corrigo.engine.settings.PipelineSettings;
import io.corrigo.engine.settings.SelfRagSettings;
import io.corrigo.engine.trace.Stage;
import io.corrigo.server.eval.EvalReport;
import io.corrigo.server.health.HealthAlert;
import io.corrigo.server.health.HealthBand;
import io.corrigo.server.pipeline.PipelineService;
import io.corrigo.server.plugin.kind.StageKind;
import io.corrigo.server.resilience.ResilienceSettings;
import io.corrigo.ui.pipeline.ConfigForm;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The German catalog against the admin UI's sources: every text the UI shows through {@link Texts#t} (and every menu
 * entry and page title) has a German text with the same placeholders, no German text is left over, and no component
 * is handed an English sentence that bypasses the catalog.
 */
class TextsTest {

    private static final Path SOURCES = Path.of("src", "main", "java");
    private static final Pattern T_CALL = Pattern.compile("(?<![A-Za-z0-9_.])t\\(\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final Pattern ANNOTATED = Pattern.compile("@(?:Menu\\(title = |PageTitle\\()\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");
    /** A component handed a literal English sentence or label directly (a capital letter, then a lower-case one). */
    private static final Pattern BYPASS = Pattern.compile("(?:\\.(?:setHeader|setLabel|setPlaceholder|setHelperText|setText"
            + "|setTooltipText|setAriaLabel|setConfirmText|setCancelText|setHeaderTitle|setEmptySelectionCaption)"
            + "|new (?:Button|Span|H[1-6]|Paragraph|Checkbox|TextField|TextArea|PasswordField|NumberField|IntegerField"
            + "|Details|Tab|RadioButtonGroup|ComboBox|Select|DatePicker|Notification|ListItem)"
            + "|Toasts\\.\\w+|EmptyState\\.of|Confirm\\.\\w+|[^.\\w]help|[^.\\w]labelled)\\(\\s*\"(?!Corrigo\")[A-Z][a-z][^\"]*\"");

    private static List<String> sources;
    private static Set<String> shown;

    @BeforeAll
    static void readSources() throws IOException {
        sources = new ArrayList<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                sources.add(Files.readString(file, StandardCharsets.UTF_8));
            }
        }
        shown = new LinkedHashSet<>();
        for (String source : sources) {
            for (Pattern pattern : List.of(T_CALL, ANNOTATED)) {
                Matcher m = pattern.matcher(source);
                while (m.find()) {
                    shown.add(unescape(m.group(1)));
                }
            }
        }
    }

    @Test
    void should_have_read_the_texts_of_every_view() {
        assertThat(shown).as("texts the UI shows").hasSizeGreaterThan(500)
                .contains("Tenants", "Knowledge", "Sync now", "Tenant '{0}' created with the default offline pipeline.");
    }

    @Test
    void should_have_a_german_text_for_every_text_the_ui_shows() {
        Map<String, String> german = Texts.catalog("de");
        assertThat(shown.stream().filter(text -> !german.containsKey(text)).toList()).as("texts without German").isEmpty();
    }

    @Test
    void should_have_a_german_text_for_every_host_setting_and_health_band() {
        Map<String, String> german = Texts.catalog("de");
        assertThat(hostTexts()).hasSizeGreaterThan(50).contains("Passages retrieved (top-k)");
        assertThat(hostTexts().stream().filter(text -> !german.containsKey(text)).toList())
                .as("the host's setting labels, help and options, the health bands' meanings without German").isEmpty();
    }

    /** What the host itself (not a plugin) names in the admin UI: its settings, the health bands' meanings, its stages. */
    static Set<String> hostTexts() {
        Set<String> texts = new LinkedHashSet<>();
        List<ConfigProperty> properties = new ArrayList<>(PipelineSettings.properties());
        properties.addAll(SelfRagSettings.properties());
        properties.addAll(ResilienceSettings.properties(ResilienceSettings.DEFAULTS));
        properties.addAll(ResilienceSettings.properties(ResilienceSettings.MODEL_DEFAULTS));
        for (ConfigProperty p : properties) {
            texts.add(p.label());
            if (p.description() != null && !p.description().isBlank()) {
                texts.add(p.description());
            }
            p.options().forEach(option -> texts.add(ConfigForm.words(option)));
        }
        HealthBand.DEFAULTS.forEach(band -> texts.add(band.meaning()));
        for (StageKind<?> kind : StageKind.values()) { // the pipeline form's stage choices
            texts.add(kind.label());
            kind.without().ifPresent(texts::add);
        }
        texts.addAll(EvalReport.Outcome.REASONS); // an evaluation's reasons and an alert's messages, stored in English
        texts.addAll(HealthAlert.MESSAGES);
        texts.addAll(HealthAlert.LEVELS);
        for (PipelineService.VersionState state : PipelineService.VersionState.values()) { // a version's state badge
            texts.add(state.name().toLowerCase(Locale.ROOT));
        }
        for (Stage stage : Stage.values()) { // a trace's time per stage
            texts.add(stage.name().toLowerCase(Locale.ROOT));
        }
        return texts;
    }

    @Test
    void should_keep_the_placeholders_of_every_text() {
        List<String> differ = new ArrayList<>();
        Pattern placeholder = Pattern.compile("\\{\\d}|%[-,.\\d]*[a-zA-Z%]");
        Texts.catalog("de").forEach((english, german) -> {
            if (!placeholders(placeholder, english).equals(placeholders(placeholder, german))) {
                differ.add(english + " → " + german);
            }
        });
        assertThat(differ).isEmpty();
    }

    @Test
    void should_have_no_german_text_that_nothing_shows() {
        Set<String> literals = new TreeSet<>();
        for (String source : sources) {
            Matcher m = LITERAL.matcher(source);
            while (m.find()) {
                String literal = unescape(m.group(1));
                literals.add(literal);
                literals.add(Badges.label(literal)); // grades and states are shown as Badges.label names them
            }
        }
        literals.addAll(hostTexts());
        assertThat(Texts.catalog("de").keySet().stream().filter(text -> !literals.contains(text)).toList())
                .as("German texts no source names").isEmpty();
    }

    @Test
    void should_hand_no_component_an_english_text_past_the_catalog() {
        List<String> bypasses = new ArrayList<>();
        for (String source : sources) {
            Matcher m = BYPASS.matcher(source);
            while (m.find()) {
                bypasses.add(m.group());
            }
        }
        assertThat(bypasses).isEmpty();
    }

    @Test
    void should_fill_values_in_either_word_order_and_leave_apostrophes_alone() {
        assertThat(Texts.translate("Tenant '{0}' created with the default offline pipeline.", Locale.GERMAN, "acme"))
                .isEqualTo("Mandant 'acme' mit der Offline-Standardpipeline angelegt.");
        assertThat(Texts.translate("{0} of {1} changed items", Locale.GERMAN, 3, 7)).isEqualTo("3 von 7 geänderten Einträgen");
        assertThat(Texts.translate("Sync now", Locale.ENGLISH)).isEqualTo("Sync now");
        assertThat(Texts.translate("A text no catalog has", Locale.GERMAN)).as("English where German lacks it")
                .isEqualTo("A text no catalog has");
        assertThat(Texts.fill("{0} and {3} and {x}", "a")).isEqualTo("a and {3} and {x}");
    }

    private static List<String> placeholders(Pattern pattern, String text) {
        List<String> found = new ArrayList<>();
        Matcher m = pattern.matcher(text);
        while (m.find()) {
            found.add(m.group());
        }
        if (found.stream().allMatch(p -> p.startsWith("{"))) {
            found.sort(null); // numbered placeholders may move with the word order
        }
        return found;
    }

    private static String unescape(String literal) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < literal.length(); i++) {
            char c = literal.charAt(i);
            if (c != '\\' || i + 1 == literal.length()) {
                out.append(c);
                continue;
            }
            char next = literal.charAt(++i);
            switch (next) {
                case 'n' -> out.append('\n');
                case 't' -> out.append('\t');
                case 'u' -> {
                    out.append((char) Integer.parseInt(literal.substring(i + 1, i + 5), 16));
                    i += 4;
                }
                default -> out.append(next);
            }
        }
        return out.toString();
    }
}
