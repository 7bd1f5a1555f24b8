package io.corrigo.ui.shell;

import com.vaadin.flow.component.HasElement;
import com.vaadin.flow.component.HasText;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.i18n.I18NProvider;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The admin UI's words in English and German, as Vaadin's {@link I18NProvider}. The English text is the key (the code
 * reads as the screen does); each other language has a catalog {@code i18n/texts_<language>.tsv} of lines
 * {@code English<TAB>translation}. {@code {0}}, {@code {1}} … stand for the values filled in, in either language's
 * word order. A text a catalog lacks shows in English (and is logged once); a test keeps the German catalog complete.
 *
 * <p>Views call {@link #t(String, Object...)}: the words in the language of the current UI — the one the admin picked
 * in the top bar ({@link LanguageChoice}), else the browser's first language that is offered, else English.
 */
@Component
public class Texts implements I18NProvider {

    /** The languages the admin UI speaks, English first (the fallback). */
    public static final List<Locale> LANGUAGES = List.of(Locale.ENGLISH, Locale.GERMAN);

    private static final Logger log = LoggerFactory.getLogger(Texts.class);
    private static final Map<String, Map<String, String>> CATALOGS = new ConcurrentHashMap<>();
    private static final Set<String> MISSING = ConcurrentHashMap.newKeySet();

    @Override
    public List<Locale> getProvidedLocales() {
        return LANGUAGES;
    }

    @Override
    public String getTranslation(String key, Locale locale, Object... params) {
        return translate(key, locale, params);
    }

    /** {@code english} in the current UI's language, with {@code values} filled in for {@code {0}}, {@code {1}} …. */
    public static String t(String english, Object... values) {
        return translate(english, Locale.forLanguageTag(language()), values);
    }

    /** The current UI's language code ({@code en} where there is no UI or it has no locale). */
    public static String language() {
        UI ui = UI.getCurrent();
        return ui == null || ui.getLocale() == null ? "en" : ui.getLocale().getLanguage();
    }

    /**
     * A value shown as it is named — a grade, a state, a label a person typed — in the current UI's language where
     * the catalog names it, else as it is (no warning: most values are data, not words of the UI).
     */
    public static String known(String value) {
        String language = language();
        return value == null || language.equals("en") ? value : catalog(language).getOrDefault(value, value);
    }

    /**
     * A sentence the host wrote in English from one of {@code templates} (each with its values as {@code {0}},
     * {@code {1}} …, stored that way: an alert's message, an evaluation's reason) in the current UI's language: the
     * template it was made from, translated, with the same values — each itself {@link #known} where the catalog names
     * it. A sentence of no such shape is shown as it is.
     */
    public static String shaped(String value, List<String> templates) {
        return shaped(value, templates, language());
    }

    /** {@link #shaped(String, List)} in {@code language}. */
    static String shaped(String value, List<String> templates, String language) {
        if (value == null || language.equals("en")) {
            return value;
        }
        Map<String, String> catalog = catalog(language);
        String exact = catalog.get(value);
        if (exact != null) {
            return exact;
        }
        for (String template : templates) {
            Shape shape = SHAPES.computeIfAbsent(template, Shape::of);
            Matcher m = shape.pattern().matcher(value);
            if (m.matches()) {
                Object[] values = new Object[shape.count()];
                for (int g = 0; g < shape.order().size(); g++) {
                    values[shape.order().get(g)] = catalog.getOrDefault(m.group(g + 1), m.group(g + 1));
                }
                return translate(template, Locale.forLanguageTag(language), values);
            }
        }
        return value;
    }

    private static final Map<String, Shape> SHAPES = new ConcurrentHashMap<>();
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{(\\d)}");

    /** A template as a pattern: its words literal, each placeholder a group; {@code order} the placeholder of each group. */
    private record Shape(Pattern pattern, List<Integer> order, int count) {

        static Shape of(String template) {
            StringBuilder regex = new StringBuilder();
            List<Integer> order = new ArrayList<>();
            Matcher m = PLACEHOLDER.matcher(template);
            int at = 0;
            while (m.find()) {
                regex.append(Pattern.quote(template.substring(at, m.start()))).append("(.*?)");
                order.add(Integer.parseInt(m.group(1)));
                at = m.end();
            }
            regex.append(Pattern.quote(template.substring(at)));
            int count = order.stream().mapToInt(i -> i + 1).max().orElse(0);
            return new Shape(Pattern.compile(regex.toString(), Pattern.DOTALL), List.copyOf(order), count);
        }
    }

    /**
     * {@code component} marked as English ({@code lang="en"}) where the UI speaks another language: for text the host
     * or a plugin recorded in English and the catalog does not name — a trace's reasons, a plugin's own description —
     * so that a screen reader reads it as English and the page says which of its parts are not in the admin's language.
     */
    public static <C extends HasElement> C inEnglish(C component) {
        if (!language().equals("en")) {
            component.getElement().setAttribute("lang", "en");
        }
        return component;
    }

    /**
     * {@code component} showing a plugin's own words ({@code text}, such as its description): in the admin's language
     * where the catalog names them, else as written and marked English ({@link #inEnglish}); a mark left from earlier
     * words is removed.
     */
    public static <C extends HasText> C pluginWords(C component, String text) {
        String shown = known(text);
        component.setText(shown);
        component.getElement().removeAttribute("lang");
        return shown != null && shown.equals(text) ? inEnglish(component) : component;
    }

    /** {@code english} in {@code locale}'s language (English where the catalog has no such text). */
    public static String translate(String english, Locale locale, Object... values) {
        if (english == null) {
            return "";
        }
        String language = locale == null ? "en" : locale.getLanguage();
        String text = english;
        if (!language.equals("en")) {
            String translated = catalog(language).get(english);
            if (translated != null) {
                text = translated;
            } else if (!catalog(language).isEmpty() && MISSING.add(language + "\t" + english)) {
                log.warn("No {} text for \"{}\": shown in English", language, english);
            }
        }
        return fill(text, values);
    }

    /** The catalog of {@code language} (empty for English and for a language without one). */
    public static Map<String, String> catalog(String language) {
        return CATALOGS.computeIfAbsent(language, Texts::read);
    }

    /** {@code text} with {@code {i}} replaced by the i-th value; no other character is special (an apostrophe is one). */
    static String fill(String text, Object... values) {
        if (values == null || values.length == 0 || text.indexOf('{') < 0) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length() + 16);
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            int close = c == '{' ? text.indexOf('}', i) : -1;
            if (close > i + 1 && close - i <= 3 && text.substring(i + 1, close).chars().allMatch(Character::isDigit)) {
                int index = Integer.parseInt(text.substring(i + 1, close));
                out.append(index < values.length ? String.valueOf(values[index]) : text.substring(i, close + 1));
                i = close + 1;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    private static Map<String, String> read(String language) {
        Map<String, String> texts = new HashMap<>();
        try (InputStream in = Texts.class.getResourceAsStream("/i18n/texts_" + language + ".tsv")) {
            if (in == null) {
                return Map.of();
            }
            BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            while ((line = lines.readLine()) != null) {
                int tab = line.indexOf('\t');
                if (line.isBlank() || line.startsWith("#") || tab <= 0) {
                    continue;
                }
                texts.put(unescape(line.substring(0, tab)), unescape(line.substring(tab + 1)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the " + language + " texts of the admin UI", e);
        }
        return Map.copyOf(texts);
    }

    /** A catalog line writes a line break inside a text as {@code \n}. */
    private static String unescape(String text) {
        return text.replace("\\n", "\n");
    }
}
