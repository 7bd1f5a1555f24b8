package io.corrigo.ui.shell;

import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.Paragraph;

/** What a view shows when there is nothing yet: what is missing and what to do next. */
public final class EmptyState {

    private EmptyState() {
    }

    public static Div of(String title, String whatToDo) {
        H3 heading = new H3(title);
        heading.getStyle().set("margin", "0 0 var(--lumo-space-s) 0");
        Paragraph text = new Paragraph(whatToDo);
        text.getStyle().set("margin", "0").set("color", "var(--lumo-secondary-text-color)");
        Div box = new Div(heading, text);
        box.addClassName("empty-state");
        box.getStyle().set("border", "1px dashed var(--lumo-contrast-30pct)").set("border-radius", "var(--lumo-border-radius-l)")
                .set("padding", "var(--lumo-space-l)").set("max-width", "40rem");
        return box;
    }
}
