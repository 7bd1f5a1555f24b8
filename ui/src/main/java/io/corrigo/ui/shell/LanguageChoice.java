package io.corrigo.ui.shell;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.server.ServiceInitEvent;
import com.vaadin.flow.server.VaadinRequest;
import com.vaadin.flow.server.VaadinServiceInitListener;
import jakarta.servlet.http.Cookie;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * The admin UI's language: the one the admin picked (a cookie, kept a year, on this browser), else the browser's first
 * language the UI speaks (Vaadin matches {@code Accept-Language} against {@link Texts#LANGUAGES}), else English.
 */
@Component
public class LanguageChoice implements VaadinServiceInitListener {

    /** The cookie that keeps the admin's pick. */
    public static final String COOKIE = "corrigo-language";

    @Override
    public void serviceInit(ServiceInitEvent event) {
        event.getSource().addUIInitListener(init -> picked(VaadinRequest.getCurrent()).ifPresent(init.getUI()::setLocale));
    }

    /** The language picked on this browser, if it is one the UI speaks. */
    static Optional<Locale> picked(VaadinRequest request) {
        if (request == null || request.getCookies() == null) {
            return Optional.empty();
        }
        return Arrays.stream(request.getCookies()).filter(c -> COOKIE.equals(c.getName())).map(Cookie::getValue)
                .flatMap(v -> Texts.LANGUAGES.stream().filter(l -> l.getLanguage().equals(v))).findFirst();
    }

    /** A picker of the UI's languages, each named in itself; a pick is kept and the page shown again in it. */
    public static Select<Locale> picker() {
        Select<Locale> picker = new Select<>();
        picker.setId("language");
        picker.setAriaLabel(Texts.t("Language"));
        picker.setItems(Texts.LANGUAGES);
        picker.setItemLabelGenerator(l -> l.getDisplayLanguage(l).substring(0, 1).toUpperCase(l) + l.getDisplayLanguage(l).substring(1));
        picker.setValue(Texts.LANGUAGES.stream().filter(l -> l.getLanguage().equals(Texts.language())).findFirst()
                .orElse(Locale.ENGLISH));
        picker.setWidth("8.5rem");
        picker.addValueChangeListener(e -> {
            if (e.isFromClient() && e.getValue() != null) {
                UI ui = UI.getCurrent();
                ui.setLocale(e.getValue());
                ui.getPage().executeJs("document.cookie = $0 + '=' + $1 + '; path=/; max-age=31536000; SameSite=Lax';"
                        + " window.location.reload();", COOKIE, e.getValue().getLanguage());
            }
        });
        return picker;
    }
}
