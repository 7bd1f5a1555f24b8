package io.corrigo.ui.pipeline;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.AbstractField;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.HasHelper;
import com.vaadin.flow.component.HasValidation;
import com.vaadin.flow.component.checkbox.Checkbox;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.textfield.NumberField;
import com.vaadin.flow.component.textfield.PasswordField;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.component.select.Select;
import io.corrigo.api.config.ConfigProblem;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.InvalidConfigException;
import io.corrigo.api.config.PluginConfig;
import io.corrigo.ui.shell.Texts;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A form drawn from a plugin factory's declared {@link ConfigProperty config properties}: a field per property by
 * type (text, masked secret, number with bounds, checkbox, selection), the default as placeholder, the description as help,
 * required ones marked; validated with the same rules the host applies on save ({@link PluginConfig#resolve}).
 */
public class ConfigForm extends FormLayout {

    private final List<ConfigProperty> properties;
    private final Map<String, Component> fields = new LinkedHashMap<>();

    /**
     * @param idPrefix   prefix of each field's element id ({@code idPrefix + name})
     * @param properties the factory's properties
     * @param values     the stored values (may be empty)
     */
    public ConfigForm(String idPrefix, List<ConfigProperty> properties, Map<String, String> values) {
        this.properties = List.copyOf(properties);
        setResponsiveSteps(new ResponsiveStep("0", 1), new ResponsiveStep("40em", 2));
        for (ConfigProperty property : properties) {
            Component field = field(property, values.get(property.name()));
            field.setId(idPrefix + property.name());
            fields.put(property.name(), field);
            add(field);
        }
    }

    /**
     * The field of {@code p}. The host's own settings are named in the admin's language; a plugin's settings as the
     * plugin names them, marked as English where the catalog has no translation (a label, or only its help).
     */
    private static Component field(ConfigProperty p, String value) {
        Component field = unmarked(p, value);
        boolean ownLabel = Texts.known(p.label()).equals(p.label());
        boolean ownHelp = p.description() != null && Texts.known(p.description()).equals(p.description());
        if (ownLabel) {
            Texts.inEnglish(field);
        } else if (ownHelp && field instanceof HasHelper helped && helped.getHelperText() != null) {
            helped.setHelperComponent(Texts.inEnglish(new Span(helped.getHelperText())));
        }
        return field;
    }

    private static Component unmarked(ConfigProperty p, String value) {
        // a required field shows the indicator of its kind; a checkbox, which has none, a star in its label
        String label = Texts.known(p.label());
        String help = Texts.known(p.description()) + (p.min() != null || p.max() != null ? " (" + range(p) + ")" : "");
        switch (p.type()) {
            case CHOICE -> {
                Select<String> select = new Select<>();
                select.setLabel(label);
                select.setRequiredIndicatorVisible(p.required());
                select.setItems(p.options());
                select.setItemLabelGenerator(option -> Texts.known(words(option)));
                select.setHelperText(help);
                select.setValue(value != null && p.options().contains(value) ? value : p.defaultValue());
                return select;
            }
            case BOOLEAN -> {
                Checkbox box = new Checkbox(label + (p.required() ? " *" : ""));
                box.setValue(Boolean.parseBoolean(value != null ? value : p.defaultValue()));
                box.setTooltipText(help);
                return box;
            }
            case INTEGER, DECIMAL -> {
                NumberField number = new NumberField(label);
                if (p.min() != null) {
                    number.setMin(p.min());
                }
                if (p.max() != null) {
                    number.setMax(p.max());
                }
                number.setStep(p.type() == io.corrigo.api.config.ConfigType.INTEGER ? 1 : 0.01);
                number.setStepButtonsVisible(false);
                number.setPlaceholder(p.defaultValue() == null ? "" : p.defaultValue());
                number.setHelperText(help);
                number.setRequiredIndicatorVisible(p.required());
                if (value != null && !value.isBlank()) {
                    try {
                        number.setValue(Double.parseDouble(value));
                    } catch (NumberFormatException ignored) {
                        // a stored value the form cannot show stays unset: the default applies
                    }
                }
                return number;
            }
            default -> {
                if (p.secret()) {
                    PasswordField secret = new PasswordField(label);
                    secret.setPlaceholder(t("secret"));
                    // the host never sends a stored secret: the mask stands for it and, saved unchanged, keeps it
                    secret.setHelperText((value != null && !value.isBlank() ? t("Stored encrypted; leave as is to keep it. ") : "")
                            + (help == null ? "" : help));
                    secret.setRevealButtonVisible(false);
                    secret.setRequiredIndicatorVisible(p.required());
                    secret.setValue(value == null ? "" : value);
                    return secret;
                }
                TextField text = new TextField(label);
                text.setPlaceholder(p.defaultValue() == null ? "" : p.defaultValue());
                text.setHelperText(help);
                text.setRequiredIndicatorVisible(p.required());
                // a required setting shows the value it runs with: the default, until the admin types another
                text.setValue(value != null && !value.isBlank() ? value
                        : p.required() && p.defaultValue() != null ? p.defaultValue() : "");
                return text;
            }
        }
    }

    /** An option as people read it: {@code ANSWER_FROM_KB} → {@code Answer from kb}. */
    public static String words(String option) {
        String spaced = option.replace('_', ' ').toLowerCase(java.util.Locale.ROOT);
        return spaced.isEmpty() ? spaced : Character.toUpperCase(spaced.charAt(0)) + spaced.substring(1);
    }

    private static String range(ConfigProperty p) {
        return (p.min() == null ? "" : t("min {0}", number(p.min()))) + (p.min() != null && p.max() != null ? ", " : "")
                + (p.max() == null ? "" : t("max {0}", number(p.max())));
    }

    private static String number(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }

    /** The values entered, as the pipeline stores them (blank fields left out: their defaults apply). */
    public Map<String, String> values() {
        Map<String, String> values = new LinkedHashMap<>();
        for (ConfigProperty p : properties) {
            Component field = fields.get(p.name());
            String value = null;
            if (field instanceof Checkbox box) {
                value = Boolean.toString(box.getValue());
            } else if (field instanceof Select<?> select && select.getValue() != null) {
                value = select.getValue().toString();
            } else if (field instanceof NumberField number && number.getValue() != null) {
                double d = number.getValue();
                value = p.type() == io.corrigo.api.config.ConfigType.INTEGER && d == Math.rint(d)
                        ? Long.toString((long) d) : number(d);
            } else if (field instanceof TextField text && !text.getValue().isBlank()) {
                value = text.getValue().trim();
            } else if (field instanceof PasswordField secret && !secret.getValue().isBlank()) {
                value = secret.getValue();
            }
            if (value != null) {
                values.put(p.name(), value);
            }
        }
        return values;
    }

    /** Validates the values; marks each field with its problem. @return the problems, empty when valid */
    public List<ConfigProblem> validate() {
        clearProblems();
        List<ConfigProblem> found = new java.util.ArrayList<>();
        for (ConfigProperty p : properties) {
            // a required text setting left empty is refused here, not silently replaced by its default
            if (p.required() && !p.secret() && fields.get(p.name()) instanceof TextField text && text.getValue().isBlank()) {
                found.add(new ConfigProblem(p.name(), t("a value is required{0}", (p.defaultValue() == null ? ""
                        : t(" (for example {0})", p.defaultValue())))));
            }
        }
        try {
            PluginConfig.resolve(properties, values());
        } catch (InvalidConfigException e) {
            e.details().stream().filter(d -> found.stream().noneMatch(f -> f.path().equals(d.path()))).forEach(found::add);
        }
        showProblems(found);
        return found;
    }

    /** Marks the fields the problems' paths name; returns those that matched no field. */
    public List<ConfigProblem> showProblems(List<ConfigProblem> problems) {
        return problems.stream().filter(problem -> {
            Component field = fields.get(problem.path());
            if (field instanceof HasValidation validated) {
                validated.setErrorMessage(problem.message());
                validated.setInvalid(true);
                return false;
            }
            return true;
        }).toList();
    }

    public void clearProblems() {
        fields.values().forEach(f -> {
            if (f instanceof HasValidation validated) {
                validated.setInvalid(false);
            }
        });
    }

    /** Calls {@code listener} whenever the admin changes a field (not when the form sets a value itself). */
    public void addChangeListener(Runnable listener) {
        fields.values().forEach(f -> {
            if (f instanceof AbstractField<?, ?> field) {
                field.addValueChangeListener(e -> {
                    if (e.isFromClient()) {
                        listener.run();
                    }
                });
            }
        });
    }

    /** The label people read for property {@code name}, or {@code null} when the form has no such property. */
    public String labelOf(String name) {
        return properties.stream().filter(p -> p.name().equals(name)).map(ConfigProperty::label).findFirst().orElse(null);
    }

    /** The field of property {@code name} (for tests and focus). */
    public AbstractField<?, ?> field(String name) {
        return (AbstractField<?, ?>) fields.get(name);
    }
}
