package io.corrigo.ui.shell;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.data.value.ValueChangeMode;

/**
 * Confirmations for changes with consequences: each states what the change affects (its blast radius) before the
 * admin makes it; deleting asks the admin to type the name of what goes.
 */
public final class Confirm {

    private Confirm() {
    }

    /**
     * Opens a confirmation of a risky change: {@code impact} says what it affects ("used by 4 tenants ..."); the
     * confirm button is red and says what it does. Ids: {@code confirm-dialog}, {@code confirm-impact},
     * {@code confirm-button}, {@code confirm-cancel}.
     */
    public static Dialog risky(String title, String impact, String confirmLabel, Runnable action) {
        return risky(title, new Paragraph(impact), confirmLabel, action);
    }

    /** As {@link #risky(String, String, String, Runnable)}, with what it affects as a component (a list of changes). */
    public static Dialog risky(String title, com.vaadin.flow.component.Component impact, String confirmLabel,
                               Runnable action) {
        return risky(title, impact, confirmLabel, action, () -> { });
    }

    /**
     * As {@link #risky(String, String, String, Runnable)}; {@code cancelled} runs when the admin declines (Cancel,
     * Escape, a click outside).
     */
    public static Dialog risky(String title, String impact, String confirmLabel, Runnable action, Runnable cancelled) {
        return risky(title, new Paragraph(impact), confirmLabel, action, cancelled);
    }

    private static Dialog risky(String title, com.vaadin.flow.component.Component impact, String confirmLabel,
                                Runnable action, Runnable cancelled) {
        boolean[] confirmed = {false};
        Dialog dialog = dialog("confirm-dialog", title, "36rem");
        Div text = new Div(impact);
        text.setId("confirm-impact");
        Button confirm = confirmButton(dialog, "confirm-button", confirmLabel, () -> confirmed[0] = true, action);
        Button cancel = new Button(t("Cancel"), e -> dialog.close());
        cancel.setId("confirm-cancel");
        dialog.addOpenedChangeListener(e -> {
            if (!e.isOpened() && !confirmed[0]) {
                cancelled.run();
            }
        });
        dialog.add(text);
        dialog.getFooter().add(cancel, confirm);
        dialog.open();
        return dialog;
    }

    /**
     * Opens a confirmation that only goes on once the admin has typed {@code expected} (a tenant's id): for what
     * cannot be undone. Ids: {@code typed-confirm-dialog}, {@code typed-confirm-input}, {@code typed-confirm-button}.
     */
    public static Dialog typed(String title, String impact, String expected, String confirmLabel, Runnable action) {
        Dialog dialog = dialog("typed-confirm-dialog", title, "32rem");
        Paragraph what = new Paragraph(impact);
        what.setId("confirm-impact");
        TextField typed = new TextField(t("Type \u201c{0}\u201d to confirm", expected));
        typed.setId("typed-confirm-input");
        typed.setWidthFull();
        typed.setValueChangeMode(ValueChangeMode.EAGER);
        Button confirm = confirmButton(dialog, "typed-confirm-button", confirmLabel, () -> { }, action);
        confirm.setEnabled(false);
        typed.addValueChangeListener(e -> confirm.setEnabled(expected.equals(e.getValue().strip())));
        Button cancel = new Button(t("Cancel"), e -> dialog.close());
        dialog.add(what, typed);
        dialog.getFooter().add(cancel, confirm);
        dialog.open();
        typed.focus();
        return dialog;
    }

    private static Dialog dialog(String id, String title, String maxWidth) {
        Dialog dialog = new Dialog();
        dialog.setId(id);
        dialog.setHeaderTitle(title);
        dialog.setMaxWidth(maxWidth);
        return dialog;
    }

    /**
     * The red button that closes {@code dialog} and runs {@code action}, showing why if it fails; {@code confirming}
     * runs first, before the dialog's close is seen by its listeners.
     */
    private static Button confirmButton(Dialog dialog, String id, String label, Runnable confirming, Runnable action) {
        Button confirm = new Button(label);
        confirm.setId(id);
        confirm.addThemeVariants(ButtonVariant.LUMO_PRIMARY, ButtonVariant.LUMO_ERROR);
        confirm.addClickListener(e -> {
            confirming.run();
            dialog.close();
            Toasts.attempt(action);
        });
        return confirm;
    }
}
