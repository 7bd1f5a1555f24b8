package io.corrigo.ui.widget;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.TextArea;
import com.vaadin.flow.component.textfield.TextField;
import io.corrigo.server.tenant.WidgetLanguages;
import io.corrigo.server.tenant.WidgetTexts;
import io.corrigo.ui.shell.Toasts;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The widget's texts per language: pick a language, write its title, greeting, placeholder, starter questions and
 * contact-link text (any left empty shows the tenant's own), save or remove; the languages with texts are listed.
 */
class WidgetLanguagesForm extends VerticalLayout {

    /** The languages offered (the widget asks for any two-letter code; these are the common ones). */
    static final List<String> LANGUAGES = List.of("de", "fr", "es", "it", "nl", "pt", "pl", "en");

    private final WidgetLanguages languages;
    private final String tenant;
    private final Select<String> language = new Select<>();
    private final TextField title = new TextField(t("Title"));
    private final TextField greeting = new TextField(t("Greeting"));
    private final TextField placeholder = new TextField(t("Input placeholder"));
    private final TextArea starters = new TextArea(t("Starter questions (one per line)"));
    private final TextField handoffLabel = new TextField(t("Contact link text"));
    private final Span written = new Span();

    WidgetLanguagesForm(WidgetLanguages languages, String tenant) {
        this.languages = languages;
        this.tenant = tenant;
        setPadding(false);
        add(new Paragraph(t("A page in one of these languages (data-lang on the script tag, else the visitor's browser) shows the texts written for it; a text left empty shows the one above.")));
        language.setId("widget-language");
        language.setLabel(t("Language"));
        language.setItems(LANGUAGES);
        language.setItemLabelGenerator(code -> Locale.forLanguageTag(code).getDisplayLanguage(
                com.vaadin.flow.component.UI.getCurrent().getLocale()) + " (" + code + ")");
        language.addValueChangeListener(e -> load(e.getValue()));
        title.setId("widget-language-title");
        greeting.setId("widget-language-greeting");
        placeholder.setId("widget-language-placeholder");
        starters.setId("widget-language-starters");
        handoffLabel.setId("widget-language-handoff-label");
        written.setId("widget-languages");
        Button save = new Button(t("Save texts"), e -> Toasts.attempt(() -> {
            languages.save(tenant, new WidgetTexts(language.getValue(), title.getValue(), greeting.getValue(),
                    placeholder.getValue(), Arrays.stream(starters.getValue().split("\\R")).filter(q -> !q.isBlank()).toList(),
                    handoffLabel.getValue()));
            Toasts.success(t("Saved: pages in {0} show these texts from their next load.", language.getValue()));
            refresh();
        }));
        save.setId("save-widget-language");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        Button remove = new Button(t("Remove texts"), e -> Toasts.attempt(() -> {
            languages.delete(tenant, language.getValue());
            Toasts.success(t("Removed: pages in {0} show the texts above.", language.getValue()));
            load(language.getValue());
            refresh();
        }));
        remove.setId("remove-widget-language");
        remove.addThemeVariants(ButtonVariant.LUMO_TERTIARY, ButtonVariant.LUMO_ERROR);
        add(new FormLayout(language, title, greeting, placeholder, starters, handoffLabel), new HorizontalLayout(save, remove),
                written);
        language.setValue(LANGUAGES.get(0));
        refresh();
    }

    private void load(String code) {
        Optional<WidgetTexts> texts = languages.list(tenant).stream().filter(w -> w.language().equals(code)).findFirst();
        title.setValue(texts.map(WidgetTexts::title).orElse(""));
        greeting.setValue(texts.map(WidgetTexts::greeting).orElse(""));
        placeholder.setValue(texts.map(WidgetTexts::placeholder).orElse(""));
        starters.setValue(texts.map(w -> String.join("\n", w.starterQuestions())).orElse(""));
        handoffLabel.setValue(texts.map(WidgetTexts::handoffLabel).orElse(""));
    }

    private void refresh() {
        List<String> codes = languages.list(tenant).stream().map(WidgetTexts::language).toList();
        written.setText(codes.isEmpty() ? t("No texts in other languages yet.") : t("Texts written for: {0}", String.join(", ", codes)));
    }
}
