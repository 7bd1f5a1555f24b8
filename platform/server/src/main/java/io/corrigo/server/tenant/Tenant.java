package io.corrigo.server.tenant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.util.List;
import java.time.Instant;

/** A tenant row. */
@Entity
@Table(name = "tenant")
public class Tenant {

    @Id
    private String id;

    @Column(nullable = false)
    private String name;

    @Column(nullable = false)
    private boolean enabled;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Column(name = "requests_per_minute", nullable = false)
    private int requestsPerMinute = WidgetSettings.DEFAULTS.requestsPerMinute();

    @Column(name = "queries_per_day", nullable = false)
    private int queriesPerDay = WidgetSettings.DEFAULTS.queriesPerDay();

    @Column(name = "widget_title", nullable = false)
    private String widgetTitle = WidgetSettings.DEFAULTS.title();

    @Column(name = "widget_greeting", nullable = false)
    private String widgetGreeting = WidgetSettings.DEFAULTS.greeting();

    @Column(name = "widget_placeholder", nullable = false)
    private String widgetPlaceholder = WidgetSettings.DEFAULTS.placeholder();

    @Column(name = "widget_color", nullable = false)
    private String widgetColor = WidgetSettings.DEFAULTS.color();

    @Column(name = "widget_starters", nullable = false)
    private String widgetStarters = "";

    @Column(name = "widget_icon_url")
    private String widgetIconUrl;

    @Column(name = "widget_handoff_url")
    private String widgetHandoffUrl;

    @Column(name = "widget_handoff_label")
    private String widgetHandoffLabel;

    protected Tenant() {
    }

    public Tenant(String id, String name, Instant createdAt) {
        this.id = id;
        this.name = name;
        this.enabled = true;
        this.createdAt = createdAt;
    }

    public String getId() {
        return id;
    }

    public String getName() {
        return name;
    }

    public boolean isEnabled() {
        return enabled;
    }

    public Instant getCreatedAt() {
        return createdAt;
    }

    void rename(String value) {
        this.name = value;
    }

    void enabled(boolean value) {
        this.enabled = value;
    }

    WidgetSettings widget() {
        return new WidgetSettings(widgetTitle, widgetGreeting, widgetPlaceholder, widgetColor, requestsPerMinute, queriesPerDay,
                widgetStarters == null || widgetStarters.isBlank() ? List.of() : List.of(widgetStarters.split("\n")),
                widgetIconUrl, widgetHandoffUrl, widgetHandoffLabel);
    }

    void widget(WidgetSettings settings) {
        this.widgetTitle = settings.title();
        this.widgetGreeting = settings.greeting();
        this.widgetPlaceholder = settings.placeholder();
        this.widgetColor = settings.color();
        this.widgetStarters = String.join("\n", settings.starterQuestions());
        this.widgetIconUrl = settings.iconUrl();
        this.widgetHandoffUrl = settings.handoffUrl();
        this.widgetHandoffLabel = settings.handoffLabel();
        this.requestsPerMinute = settings.requestsPerMinute();
        this.queriesPerDay = settings.queriesPerDay();
    }
}
