package io.corrigo.ui.shell;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.icon.VaadinIcon;

/** A button that puts a text on the clipboard (a key shown once, a script tag) and says that it did. */
public final class Copy {

    private Copy() {
    }

    /** A small "Copy" button with {@code id} for {@code text}, named for what it copies ({@code what}). */
    public static Button button(String id, String text, String what) {
        Button copy = new Button(t("Copy"), VaadinIcon.COPY_O.create());
        copy.setId(id);
        copy.addThemeVariants(ButtonVariant.LUMO_SMALL);
        copy.getElement().setAttribute("aria-label", t("Copy {0}", what));
        copy.addClickListener(e -> copy.getElement().executeJs("return navigator.clipboard.writeText($0)", text).then(
                done -> {
                    copy.setText(t("Copied"));
                    copy.getElement().setAttribute("aria-label", t("{0} copied", what));
                },
                failed -> Toasts.error(t("The browser did not let the page copy: select the text and copy it by hand."))));
        return copy;
    }
}
