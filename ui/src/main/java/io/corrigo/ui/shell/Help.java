package io.corrigo.ui.shell;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.Icon;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.shared.Tooltip;

/**
 * A label with a (?) that explains it: the explanation shows as a tooltip on hover and on keyboard focus, and the (?)
 * is named for screen readers and reachable with Tab.
 */
public final class Help {

    private Help() {
    }

    /** {@code text} followed by a (?) that explains it with {@code help}. */
    public static Component labelled(String text, String help) {
        Icon icon = VaadinIcon.QUESTION_CIRCLE_O.create();
        icon.setSize("var(--lumo-icon-size-s)");
        icon.getStyle().set("color", "var(--lumo-secondary-text-color)").set("margin-left", "4px").set("cursor", "help");
        icon.getElement().setAttribute("tabindex", "0");
        icon.getElement().setAttribute("role", "img");
        icon.getElement().setAttribute("aria-label", help);
        Tooltip.forComponent(icon).withText(help);
        Span label = new Span(new Span(text), icon);
        label.getElement().setAttribute("title", help);
        return label;
    }
}
