package io.corrigo.ui.connector;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.TextField;
import io.corrigo.api.ConnectorFactory;
import io.corrigo.server.connector.ConnectorView;
import io.corrigo.server.connector.Connectors;
import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.problem.ServiceException;
import io.corrigo.ui.pipeline.ConfigForm;
import io.corrigo.ui.shell.Texts;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A connector's settings as a form: its kind (named with what it does), name, schedule, the kind's own settings,
 * readers and collections. Empty to add a connector; filled from one to edit it (its kind then fixed).
 */
class ConnectorForm extends VerticalLayout {

    private final Select<ConnectorFactory> kind = new Select<>();
    private final TextField name = new TextField(t("Name"));
    private final TextField schedule = new TextField(t("Schedule"));
    private final TextField groups = new TextField(t("Readable by groups"));
    private final TextField collections = new TextField(t("Collections"));
    private final ConfigForm[] settings = new ConfigForm[1];

    ConnectorForm(String idPrefix, List<ConnectorFactory> kinds, ConnectorView existing) {
        setPadding(false);
        kind.setId(idPrefix + "kind");
        kind.setLabel(t("Kind"));
        kind.setItems(kinds);
        kind.setItemLabelGenerator(f -> f.id() + " · " + brief(f.description()));
        kind.setWidth("min(26rem, 100%)");
        kind.setPlaceholder(kinds.isEmpty() ? t("no connector plugin started") : t("website, folder…"));
        name.setId(idPrefix + "name");
        name.setHelperText(t("Its documents are named <name>/<item>."));
        schedule.setId(idPrefix + "schedule");
        schedule.setPlaceholder(t("on demand"));
        schedule.setHelperText(t("Six-field cron (second minute hour day month weekday), e.g. 0 0 3 * * * for every day at 03:00; empty: on demand only."));
        groups.setId(idPrefix + "groups");
        groups.setHelperText(t("Empty: everyone of the tenant (unless the source says who reads an item)."));
        collections.setId(idPrefix + "collections");
        collections.setHelperText(t("Collections its documents join, separated by commas; a key or question can be limited to them."));
        Span help = new Span();
        help.getStyle().set("color", "var(--lumo-secondary-text-color)");
        Div own = new Div();
        own.setWidthFull();
        Map<String, String> values = existing == null ? Map.of() : existing.properties();
        kind.addValueChangeListener(e -> {
            own.removeAll();
            if (e.getValue() != null) {
                Texts.pluginWords(help, e.getValue().description());
                settings[0] = new ConfigForm(idPrefix, e.getValue().configProperties(), values);
                own.add(settings[0]);
            }
        });
        if (existing != null) {
            kinds.stream().filter(f -> f.id().equals(existing.factoryId())).findFirst().ifPresent(kind::setValue);
            kind.setReadOnly(true);
            kind.setHelperText(t("A connector's kind cannot change; add another one."));
            name.setValue(existing.name());
            schedule.setValue(existing.schedule() == null ? "" : existing.schedule());
            groups.setValue(String.join(", ", existing.groups()));
            collections.setValue(String.join(", ", existing.collections()));
        }
        HorizontalLayout first = new HorizontalLayout(kind, name, schedule);
        first.getStyle().set("flex-wrap", "wrap");
        HorizontalLayout second = new HorizontalLayout(groups, collections);
        second.getStyle().set("flex-wrap", "wrap");
        add(first, help, own, second);
    }

    /** What the form says, as a definition to create or update. */
    Connectors.Definition definition(String knowledgeBase) {
        if (kind.getValue() == null) {
            throw ServiceException.invalid(ErrorCode.INVALID_CONNECTOR, t("Choose a kind of connector."));
        }
        return new Connectors.Definition(name.getValue(), kind.getValue().id(), settings[0].values(), schedule.getValue(),
                knowledgeBase, names(collections.getValue()), names(groups.getValue()));
    }

    /** Empties the name, for the next connector. */
    void clearName() {
        name.clear();
    }

    /** A kind's description to its first stop: what it does, for the list of kinds. */
    static String brief(String description) {
        if (description == null) {
            return "";
        }
        String known = Texts.known(description);
        int cut = known.length();
        for (String stop : List.of(": ", ". ", " (", "; ")) {
            int at = known.indexOf(stop);
            cut = at < 0 ? cut : Math.min(cut, at);
        }
        String first = known.substring(0, cut);
        return first.length() > 70 ? first.substring(0, 69) + "…" : first;
    }

    private static List<String> names(String commaSeparated) {
        return Arrays.stream(commaSeparated.split(",")).map(String::strip).filter(n -> !n.isEmpty()).toList();
    }
}
