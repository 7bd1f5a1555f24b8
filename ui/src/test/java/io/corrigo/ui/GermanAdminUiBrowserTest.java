package io.corrigo.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.server.access.ApiKeys;
import io.corrigo.server.access.KeyKind;
import io.corrigo.server.eval.EvalJobs;
import io.corrigo.server.health.HealthAlert;
import io.corrigo.server.health.HealthBand;
import io.corrigo.server.health.HealthWatch;
import io.corrigo.server.knowledge.IngestionService;
import io.corrigo.server.knowledge.JobView;
import io.corrigo.server.run.QueryService;
import io.corrigo.server.tenant.TenantService;
import io.corrigo.testsupport.Eventually;
import io.corrigo.ui.shell.LanguageChoice;
import io.corrigo.ui.shell.Texts;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Cookie;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The admin UI in German, in a real browser: a browser that asks for German ({@code Accept-Language: de-DE}) gets the
 * sign-in page and every view in German — the side navigation, the headings, the grids, the forms and the tab's title
 * — with no sentence of the English catalog left on screen and nothing wider than the viewport (German words are
 * longer); an English browser switches with the language picker in the top bar, and the pick is kept.
 */
@TestMethodOrder(MethodOrderer.MethodName.class) // the German browser signs in on the first
class GermanAdminUiBrowserTest extends UiTestBase {

    private static final String TENANT = "ui-deutsch";
    private static final String DOC = """
            # Handbuch

            Das Gerät Zorblax wiegt genau 412 Gramm. Es wird in Tallinn gebaut.

            # Rückgabe

            Ein Zorblax kann innerhalb von 30 Tagen zurückgegeben werden.
            """;

    private static Browser german;
    private static String runId;
    private static String documentId;

    @Autowired
    TenantService tenants;
    @Autowired
    IngestionService ingestion;
    @Autowired
    QueryService queries;
    @Autowired
    ApiKeys keys;
    @Autowired
    io.corrigo.server.access.WidgetLanguages languages;
    @Autowired
    EvalJobs evaluations;
    @Autowired
    HealthWatch watch;

    @BeforeEach
    void tenantWithData() throws InterruptedException {
        if (german != null) {
            return;
        }
        tenants.create(TENANT, "Deutsche Widgets GmbH");
        JobView job = ingestion.submit(TENANT, List.of(new IngestionService.Upload("handbuch.md", "text/markdown",
                DOC.getBytes(StandardCharsets.UTF_8))));
        assertThat(ingestion.await(TENANT, job.id(), Duration.ofSeconds(60)).state()).isEqualTo("DONE");
        documentId = ingestion.list(TENANT).get(0).id();
        runId = queries.ask(TENANT, "Wie viel wiegt ein Zorblax?").runId();
        keys.create(TENANT, KeyKind.PUBLISHABLE, "Website", List.of("https://www.example.com"));
        // an evaluation's reasons and an alert's message are stored in English; the German screens say them in German
        EvalJobs.Job eval = evaluations.submit(TENANT, "fragen.jsonl", String.join("\n",
                "{\"id\":\"g\",\"question\":\"Wie viel wiegt ein Zorblax?\",\"answers\":[\"412 Gramm\"],"
                        + "\"gold_route\":\"kb\",\"gold_sentences\":[],\"source\":\"de\"}",
                "{\"id\":\"n\",\"question\":\"Wer malte die Mona Lisa?\",\"answers\":[],\"gold_route\":\"none\","
                        + "\"gold_sentences\":[],\"source\":\"de\"}"), false);
        Eventually.until(() -> "DONE".equals(eval.state()) || "FAILED".equals(eval.state()), Duration.ofSeconds(90),
                "the evaluation finishes");
        assertThat(eval.state()).isEqualTo("DONE");
        watch.raise(TENANT, "evaluation:fragen", HealthBand.Level.ALERT, 0.5, 0.05, HealthAlert.message(
                HealthAlert.EVALUATION_FELL, "fragen", "1.000", "0.500", "1.000", "0.900", "0.05"));
        german = new Browser(port, "de-DE,de");
    }

    @AfterAll
    static void closeGermanBrowser() {
        if (german != null) {
            german.close();
            german = null;
        }
    }

    private static Map<String, String> views() {
        return views(TENANT, runId, documentId);
    }

    /** Sentences of the English catalog (three words or more) that German says differently: none may show. */
    private static List<String> englishSentences(String page) {
        List<String> found = new ArrayList<>();
        Texts.catalog("de").forEach((english, deutsch) -> {
            String plain = english.strip();
            if (!english.equals(deutsch) && plain.split("\\s+").length >= 3 && !plain.contains("{") && !plain.contains("%")
                    && page.contains(plain)) {
                found.add(plain);
            }
        });
        return found;
    }

    /** Words of English sentences that no German sentence holds. */
    private static final Pattern ENGLISH = Pattern.compile("\\b(the|and|of|with|not|none|all|released|from|which|are|is|"
            + "this|that|by|for|to|off|yes|no|never|when|runs?|passages?|answered|abstained|asked|questions?)\\b");
    /** The field names of a question set, which the evaluation page names as they are written. */
    private static final String SET_KEYS = "question, gold_route kb | web | none, answers, gold_sentences, source";

    /**
     * The visible lines of the page in the admin's language — text marked as another language ({@code lang="en"}: a
     * trace's reasons and a plugin's own words, as recorded) left out — that hold a word of an English sentence.
     */
    private static List<String> englishWords(Browser browser) {
        String text = (String) browser.script("""
                const lines = [];
                const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
                while (walker.nextNode()) {
                  const node = walker.currentNode, element = node.parentElement;
                  if (!element || !node.textContent.trim() || element.closest('script, style, template')) continue;
                  const marked = element.closest('[lang]');
                  if (marked && !marked.getAttribute('lang').startsWith('de')) continue;
                  if (element.checkVisibility && !element.checkVisibility()) continue;
                  lines.push(node.textContent.trim());
                }
                return lines.join('\\n');""");
        List<String> found = new ArrayList<>();
        for (String line : text.replace(SET_KEYS, "").split("\\n")) {
            Matcher m = ENGLISH.matcher(line);
            if (m.find()) {
                found.add("\"" + m.group() + "\" in: " + line.strip());
            }
        }
        return found;
    }

    @Test
    void should_show_sign_in_and_every_view_in_german_to_a_german_browser() {
        german.open("/login");
        assertThat(german.driver.getTitle()).isEqualTo("Anmelden · Corrigo");
        assertThat(german.page()).contains("Das Passwort des ersten Plattform-Admins");
        german.screenshot("de-00-login");
        german.signIn("admin", ADMIN_PASSWORD);

        List<String> problems = new ArrayList<>();
        int n = 1;
        for (Map.Entry<String, String> view : views().entrySet()) {
            german.open(view.getValue());
            if (view.getKey().equals("playground")) {
                german.type("question", "Wie viel wiegt ein Zorblax?");
                german.click("ask");
                german.waitUntil(d -> !d.findElements(By.id("answer-text")).isEmpty(), Duration.ofSeconds(30));
            }
            String page = german.page();
            englishSentences(page).forEach(s -> problems.add(view.getKey() + " shows English: " + s));
            englishWords(german).forEach(s -> problems.add(view.getKey() + " shows English: " + s));
            german.horizontalOverflow().forEach(p -> problems.add(view.getKey() + ": " + p));
            german.screenshot(String.format("de-%02d-%s", n++, view.getKey()));
        }
        assertThat(problems).as("English left on German screens, elements wider than the viewport").isEmpty();

        german.open("/evaluation?tenant=" + TENANT);
        assertThat(german.text("eval-questions")).as("the reasons of the evaluation's rows, in German")
                .containsAnyOf("ohne Antwort: die Quellen beantworten sie nicht",
                        "eine Frage beantwortet, die die Quellen nicht beantworten")
                .containsAnyOf("die Antwort enthält „412 Gramm“", "eine Antwort ohne „412 Gramm“ ausgeliefert",
                        "ohne Antwort, obwohl die Wissensbasis sie beantwortet");
        german.open("/health?tenant=" + TENANT);
        assertThat(german.text("health-alerts")).as("a stored alert in German").contains(
                "Die geplante Evaluierung des Satzes „fragen“ ist gefallen: Routengenauigkeit 1.000 → 0.500");

        german.open("/knowledge?tenant=" + TENANT);
        String nav = german.driver.findElements(By.cssSelector("vaadin-side-nav-item")).stream()
                .map(e -> e.getText().trim()).toList().toString();
        assertThat(nav).contains("Mandanten", "Pipeline", "Testbereich", "Wissen", "Konnektoren", "Zustand", "Läufe",
                "Evaluierung", "Widget & Schlüssel", "Resilienz", "Plugins", "Benutzer", "API-Tokens", "Audit-Log");
        assertThat(german.page()).contains("Wissen · " + TENANT, "Dokumente", "Abmelden").doesNotContain("Sign out");
        german.waitUntil(d -> d.getTitle().equals("Wissen · Corrigo"), Duration.ofSeconds(5));
        assertThat(german.text("language")).contains("Deutsch");

        german.open("/runs/" + runId + "?tenant=" + TENANT);
        assertThat(german.page()).contains("Zeit je Stufe (ms)", "Passagen der Wissensbasis");
    }

    @Test
    void should_switch_an_english_browser_to_german_with_the_picker_and_keep_the_pick() {
        Browser browser = adminBrowser();
        browser.open("/tenants");
        assertThat(browser.page()).contains("Create tenant", "Sign out");
        assertThat(browser.text("language")).contains("English");

        browser.choose("language", "Deutsch");
        browser.waitUntil(d -> d.findElements(By.id("language")).stream().anyMatch(e -> e.getText().contains("Deutsch")),
                Duration.ofSeconds(15));
        browser.waitForVaadin();
        assertThat(browser.page()).contains("Mandant anlegen", "Abmelden").doesNotContain("Create tenant");
        Cookie kept = browser.driver.manage().getCookieNamed(LanguageChoice.COOKIE);
        assertThat(kept).isNotNull();
        assertThat(kept.getValue()).isEqualTo("de");

        browser.open("/widget?tenant=" + TENANT); // another view, a new page load: still German
        assertThat(browser.page()).contains("Widget-Einstellungen speichern", "Erlaubte Ursprünge");
        browser.screenshot("de-20-picked");

        browser.choose("language", "English");
        browser.waitUntil(d -> d.findElements(By.id("language")).stream().anyMatch(e -> e.getText().contains("English")),
                Duration.ofSeconds(15));
        browser.waitForVaadin();
        assertThat(browser.page()).contains("Save widget settings").doesNotContain("Widget-Einstellungen speichern");
        assertThat(browser.driver.manage().getCookieNamed(LanguageChoice.COOKIE).getValue()).isEqualTo("en");
    }

    @Test
    void should_write_the_widget_s_french_texts_in_the_german_ui() {
        german.open("/widget?tenant=" + TENANT);
        german.choose("widget-language", "Französisch (fr)");
        german.type("widget-language-title", "Posez-nous vos questions");
        german.type("widget-language-greeting", "Bonjour ! Que voulez-vous savoir ?");
        german.click("save-widget-language");
        german.waitUntil(d -> german.text("widget-languages").contains("fr"), Duration.ofSeconds(10));
        assertThat(german.text("widget-languages")).isEqualTo("Texte geschrieben für: fr");
        assertThat(languages.forPage(TENANT, null, "fr-CA").title()).isEqualTo("Posez-nous vos questions");
        assertThat(languages.forPage(TENANT, null, "fr").placeholder()).as("left empty: the tenant's own")
                .isEqualTo(tenants.widget(TENANT).placeholder());

        // and the website's own French title, over the tenant's French texts
        german.choose("widget-language-key", "Website");
        german.type("widget-language-title", "Le site vous répond");
        german.click("save-widget-language");
        german.waitUntil(d -> german.text("widget-languages").contains("Schlüssel Website"), Duration.ofSeconds(10));
        String website = keys.list(TENANT).stream().filter(k -> k.name().equals("Website")).findFirst().orElseThrow().id();
        assertThat(languages.forPage(TENANT, website, "fr").title()).isEqualTo("Le site vous répond");
        assertThat(languages.forPage(TENANT, website, "fr").greeting()).as("the tenant's French greeting behind it")
                .isEqualTo("Bonjour ! Que voulez-vous savoir ?");
        assertThat(languages.forPage(TENANT, null, "fr").title()).isEqualTo("Posez-nous vos questions");
        german.screenshot("de-21-widget-languages");
    }
}
