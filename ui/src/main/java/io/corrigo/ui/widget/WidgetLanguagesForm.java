package io.corrigo.ui.widget;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.UI;
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
import io.corrigo.server.access.ApiKeys;
import io.corrigo.server.access.KeyKind;
import io.corrigo.server.access.WidgetLanguages;
import io.corrigo.server.access.WidgetTexts;
import io.corrigo.ui.shell.Toasts;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The widget's texts per language, for every key or for one publishable key: pick both, write the title, greeting,
 * placeholder, starter questions and contact-link text (any left empty shows the text behind it), save or remove; the
 * languages with texts are listed.
 */
class WidgetLanguagesForm extends VerticalLayout {

    /** The languages offered (the widget asks for any two-letter code; these are the common ones). */
    static final List<String> LANGUAGES = List.of("de", "fr", "es", "it", "nl", "pt", "pl", "en");

    private final WidgetLanguages languages;
    private final String tenant;
    private final Select<String> language = new Select<>();
    /** "" for every key of the tenant, else a publishable key's id. */
    private final Select<String> key = new Select<>();
    private final TextField title = new TextField(t("Title"));
    private final TextField greeting = new TextField(t("Greeting"));
    private final TextField placeholder = new TextField(t("Input placeholder"));
    private final TextArea starters = new TextArea(t("Starter questions (one per line)"));
    private final TextField handoffLabel = new TextField(t("Contact link text"));
    private final Span written = new Span();
    /** The keys texts can be written for: "" (every key of the tenant), then each publishable key's id, by name. */
    private final Map<String, String> keyNames = new LinkedHashMap<>();

    WidgetLanguagesForm(WidgetLanguages languages, ApiKeys keys, String tenant) {
        this.languages = languages;
        this.tenant = tenant;
        setPadding(false);
        add(new Paragraph(t("A page in one of these languages (data-lang on the script tag, else the visitor's browser) shows the texts written for it; a text left empty shows the one above.")));
        language.setId("widget-language");
        language.setLabel(t("Language"));
        language.setItems(LANGUAGES);
        language.setItemLabelGenerator(code -> Locale.forLanguageTag(code).getDisplayLanguage(UI.getCurrent().getLocale())
                + " (" + code + ")");
        language.addValueChangeListener(e -> load());
        keyNames.put("", t("every key"));
        keys.list(tenant).stream().filter(k -> k.kind() == KeyKind.PUBLISHABLE && k.revokedAt() == null)
                .forEach(k -> keyNames.put(k.id(), k.name()));
        key.setId("widget-language-key");
        key.setLabel(t("For"));
        key.setItems(keyNames.keySet());
        key.setItemLabelGenerator(keyNames::get);
        key.setValue("");
        key.addValueChangeListener(e -> load());
        title.setId("widget-language-title");
        greeting.setId("widget-language-greeting");
        placeholder.setId("widget-language-placeholder");
        starters.setId("widget-language-starters");
        handoffLabel.setId("widget-language-handoff-label");
        written.setId("widget-languages");
        Button save = new Button(t("Save texts"), e -> Toasts.attempt(() -> {
            languages.save(tenant, new WidgetTexts(language.getValue(), key.getValue(), title.getValue(), greeting.getValue(),
                    placeholder.getValue(), Arrays.stream(starters.getValue().split("\\R")).filter(q -> !q.isBlank()).toList(),
                    handoffLabel.getValue()));
            Toasts.success(t("Saved: pages in {0} show these texts from their next load.", language.getValue()));
            refresh();
        }));
        save.setId("save-widget-language");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        Button remove = new Button(t("Remove texts"), e -> Toasts.attempt(() -> {
            languages.delete(tenant, key.getValue(), language.getValue());
            Toasts.success(t("Removed: pages in {0} show the texts above.", language.getValue()));
            load();
            refresh();
        }));
        remove.setId("remove-widget-language");
        remove.addThemeVariants(ButtonVariant.LUMO_TERTIARY, ButtonVariant.LUMO_ERROR);
        add(new FormLayout(language, key, title, greeting, placeholder, starters, handoffLabel), new HorizontalLayout(save, remove),
                written);
        language.setValue(LANGUAGES.get(0));
        refresh();
    }

    private String keyName(String id) {
        return keyNames.getOrDefault(id, id);
    }

    private void load() {
        String forKey = key.getValue() == null || key.getValue().isEmpty() ? null : key.getValue();
        Optional<WidgetTexts> texts = languages.list(tenant).stream().filter(w -> w.language().equals(language.getValue())
                && Objects.equals(w.keyId(), forKey)).findFirst();
        title.setValue(texts.map(WidgetTexts::title).orElse(""));
        greeting.setValue(texts.map(WidgetTexts::greeting).orElse(""));
        placeholder.setValue(texts.map(WidgetTexts::placeholder).orElse(""));
        starters.setValue(texts.map(w -> String.join("\n", w.starterQuestions())).orElse(""));
        handoffLabel.setValue(texts.map(WidgetTexts::handoffLabel).orElse(""));
    }

    private void refresh() {
        List<String> codes = languages.list(tenant).stream()
                .map(w -> w.language() + (w.keyId() == null ? "" : " (" + t("key {0}", keyName(w.keyId())) + ")")).toList();
        written.setText(codes.isEmpty() ? t("No texts in other languages yet.") : t("Texts written for: {0}", String.join(", ", codes)));
    }
}
