package io.corrigo.ui.widget;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H4;
import com.vaadin.flow.component.html.Image;
import com.vaadin.flow.component.html.Span;
import java.util.List;
import java.util.regex.Pattern;

/**
 * How the chat widget will look with the settings being typed — its header in the accent colour with the title and
 * icon, the greeting, the starter questions and the input's placeholder — drawn as the widget draws them and redrawn
 * at each keystroke, before anything is saved. A drawing, not the widget: it answers nothing.
 */
class WidgetPreview extends Div {

    /** A colour the widget accepts (#rgb or #rrggbb); any other keeps the default. */
    private static final Pattern COLOUR = Pattern.compile("#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?");
    private static final String DEFAULT_COLOUR = "#1a73e8";

    private final Div header = new Div();
    private final Span title = new Span();
    private final Image icon = new Image();
    private final Div greeting = new Div();
    private final Div starters = new Div();
    private final Div input = new Div();

    WidgetPreview() {
        setId("widget-preview");
        getElement().setAttribute("role", "img");
        getStyle().set("width", "min(22rem, 100%)").set("border-radius", "12px").set("overflow", "hidden")
                .set("box-shadow", "0 4px 16px rgba(0,0,0,.18)").set("font", "15px/1.45 system-ui, sans-serif")
                .set("color", "#1f2328").set("background", "#fff");
        header.getStyle().set("color", "#fff").set("padding", "10px 14px").set("display", "flex").set("align-items", "center")
                .set("gap", "8px");
        title.setId("widget-preview-title");
        title.getStyle().set("font-weight", "600").set("flex", "1");
        icon.setAlt("");
        icon.getStyle().set("width", "24px").set("height", "24px").set("border-radius", "4px").set("background", "#fff");
        header.add(icon, title, new Span("×"));
        Div log = new Div(greeting, starters);
        log.getStyle().set("background", "#f6f8fa").set("padding", "12px").set("display", "flex").set("flex-direction", "column")
                .set("gap", "8px").set("min-height", "8rem");
        greeting.setId("widget-preview-greeting");
        greeting.getStyle().set("align-self", "flex-start").set("background", "#fff").set("border", "1px solid #d0d7de")
                .set("border-radius", "10px").set("padding", "8px 11px").set("max-width", "88%");
        starters.getStyle().set("display", "flex").set("flex-direction", "column").set("gap", "6px").set("align-items", "flex-start");
        input.setId("widget-preview-input");
        input.getStyle().set("border-top", "1px solid #d0d7de").set("padding", "10px 12px").set("color", "#6e7781");
        add(header, log, input);
    }

    /** Draws the widget with these settings. */
    void show(String titleText, String greetingText, String placeholder, String colour, List<String> questions,
              String iconUrl) {
        String accent = colour != null && COLOUR.matcher(colour.strip()).matches() ? colour.strip() : DEFAULT_COLOUR;
        getElement().setAttribute("aria-label", t("Preview of the chat widget: {0}", titleText));
        header.getStyle().set("background", accent);
        title.setText(titleText);
        boolean hasIcon = iconUrl != null && iconUrl.startsWith("https://");
        icon.setVisible(hasIcon);
        if (hasIcon) {
            icon.setSrc(iconUrl);
        }
        greeting.setText(greetingText);
        greeting.setVisible(greetingText != null && !greetingText.isBlank());
        starters.removeAll();
        for (String question : questions) {
            Span chip = new Span(question);
            chip.getStyle().set("border", "1px solid " + accent).set("color", accent).set("background", "#fff")
                    .set("border-radius", "16px").set("padding", "4px 12px");
            starters.add(chip);
        }
        input.setText(placeholder);
    }

    /** The preview's heading. */
    static H4 heading() {
        return new H4(t("Preview (unsaved changes included)"));
    }
}
