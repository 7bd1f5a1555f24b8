package io.corrigo.ui.widget;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.details.Details;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Pre;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.IntegerField;
import com.vaadin.flow.component.textfield.TextArea;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.data.value.ValueChangeMode;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.server.VaadinRequest;
import io.corrigo.server.access.ApiKeys;
import io.corrigo.server.access.KeyKind;
import io.corrigo.server.access.KeyView;
import io.corrigo.server.conversation.Conversations;
import io.corrigo.server.tenant.TenantService;
import io.corrigo.server.access.WidgetLanguages;
import io.corrigo.server.tenant.WidgetSettings;
import io.corrigo.ui.shell.Badges;
import io.corrigo.ui.shell.Copy;
import io.corrigo.ui.shell.TenantScopedView;
import io.corrigo.ui.shell.TenantSelection;
import io.corrigo.ui.shell.Toasts;
import io.corrigo.ui.shell.Confirm;
import jakarta.annotation.security.PermitAll;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.List;

/** Chat widget and keys: the widget's look, the limits on key holders, publishable and secret keys. */
@Menu(title = "Widget & keys", order = 70, icon = "vaadin:key")
@Route("widget")
@PageTitle("Widget & keys · Corrigo")
@PermitAll
public class WidgetView extends TenantScopedView {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneId.systemDefault());

    private final TenantService tenants;
    private final ApiKeys keys;
    private final Grid<KeyView> grid = new Grid<>();

    private final io.corrigo.server.run.RunLog runs;

    private final Conversations conversations;
    private final WidgetLanguages languages;

    private final io.corrigo.server.knowledge.IngestionService documents;
    private final io.corrigo.server.embedding.HostEmbeddings embeddings;

    public WidgetView(TenantSelection selection, TenantService tenants, ApiKeys keys, io.corrigo.server.run.RunLog runs,
                      Conversations conversations, WidgetLanguages languages,
                      io.corrigo.server.knowledge.IngestionService documents,
                      io.corrigo.server.embedding.HostEmbeddings embeddings) {
        super(selection, t("Widget & keys"));
        this.documents = documents;
        this.embeddings = embeddings;
        this.languages = languages;
        this.conversations = conversations;
        this.runs = runs;
        this.tenants = tenants;
        this.keys = keys;
    }

    @Override
    protected void show(String tenantId, BeforeEnterEvent event) {
        WidgetSettings current = tenants.widget(tenantId);
        TextField title = new TextField(t("Title"), current.title(), "");
        TextField greeting = new TextField(t("Greeting"), current.greeting(), "");
        TextField placeholder = new TextField(t("Input placeholder"), current.placeholder(), "");
        title.setId("widget-title");
        greeting.setId("widget-greeting");
        placeholder.setId("widget-placeholder");
        TextField color = new TextField(t("Accent colour"), current.color(), "#1a73e8");
        color.setId("widget-color");
        IntegerField perMinute = new IntegerField(t("Requests per minute (per key and per visitor IP)"));
        perMinute.setValue(current.requestsPerMinute());
        perMinute.setId("widget-requests-per-minute");
        IntegerField perDay = new IntegerField(t("Questions per day (per key and per visitor IP)"));
        perDay.setValue(current.queriesPerDay());
        TextArea starters = new TextArea(t("Starter questions (one per line, up to {0})", WidgetSettings.MAX_STARTERS));
        starters.setValue(String.join("\n", current.starterQuestions()));
        starters.setPlaceholder(t("How do I return an item?"));
        starters.setId("widget-starters");
        TextField icon = new TextField(t("Brand icon (https:// address of an image)"), current.iconUrl() == null ? ""
                : current.iconUrl(), "https://www.example.com/logo.png");
        icon.setId("widget-icon");
        TextField handoff = new TextField(t("Contact link offered when no answer is found (https:// or mailto:)"),
                current.handoffUrl() == null ? "" : current.handoffUrl(), "mailto:support@example.com");
        handoff.setId("widget-handoff");
        TextField handoffLabel = new TextField(t("Contact link text"), current.handoffLabel() == null ? "" : current.handoffLabel(),
                t("Contact us"));
        handoffLabel.setId("widget-handoff-label");
        FormLayout look = new FormLayout(title, greeting, placeholder, color, perMinute, perDay, starters, icon, handoff,
                handoffLabel);
        Button saveLook = new Button(t("Save widget settings"), e -> {
            Toasts.attempt(() -> {
                tenants.updateWidget(tenantId, new WidgetSettings(title.getValue(), greeting.getValue(), placeholder.getValue(),
                        color.getValue().trim(), perMinute.getValue() == null ? 0 : perMinute.getValue(),
                        perDay.getValue() == null ? 0 : perDay.getValue()).withExtras(
                        Arrays.stream(starters.getValue().split("\\R")).filter(q -> !q.isBlank()).toList(),
                        icon.getValue(), handoff.getValue(), handoffLabel.getValue()));
                Toasts.success(t("Saved: the widget uses it on its next load."));
            });
        });
        saveLook.setId("save-widget");
        saveLook.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        WidgetPreview preview = new WidgetPreview();
        Runnable redraw = () -> preview.show(title.getValue(), greeting.getValue(), placeholder.getValue(), color.getValue(),
                Arrays.stream(starters.getValue().split("\\R")).filter(q -> !q.isBlank()).limit(WidgetSettings.MAX_STARTERS)
                        .toList(), icon.getValue());
        for (var field : List.of(title, greeting, placeholder, color, icon)) {
            field.setValueChangeMode(ValueChangeMode.EAGER);
            field.addValueChangeListener(e -> redraw.run());
        }
        starters.setValueChangeMode(ValueChangeMode.EAGER);
        starters.addValueChangeListener(e -> redraw.run());
        redraw.run();
        add(new H3(t("Look and limits")), look, WidgetPreview.heading(), preview, saveLook);
        add(new H3(t("Texts per language")), new WidgetLanguagesForm(languages, keys, tenantId));
        // questions in a language the knowledge base does not hold, through an English-only embedder, go unanswered
        java.util.Map<String, Long> byLanguage = documents.list(tenantId).stream()
                .map(d -> d.metadata() == null ? null : d.metadata().get("language")).filter(java.util.Objects::nonNull)
                .collect(java.util.stream.Collectors.groupingBy(l -> l, java.util.stream.Collectors.counting()));
        LanguageBridge.warning(LanguageBridge.asked(languages.list(tenantId).stream().map(
                        io.corrigo.server.access.WidgetTexts::language).toList(), current.starterQuestions()),
                byLanguage, embeddings.modelId()).ifPresent(text -> {
                    Paragraph warning = new Paragraph(text);
                    warning.setId("widget-language-warning");
                    warning.getStyle().set("color", "#8a5a00").set("background", "rgba(240, 165, 0, 0.12)")
                            .set("padding", "var(--lumo-space-s) var(--lumo-space-m)")
                            .set("border-left", "4px solid #f0a500").set("max-width", "60rem");
                    add(warning);
                });

        add(new H3(t("Keys")), new Paragraph(t("A publishable key (pk_…) goes into the script tag of a web page: it may only ask and send feedback, from the origins you list. A secret key (sk_…) is for your servers. Each key is shown once, when it is created.")));
        Select<KeyKind> kind = new Select<>();
        kind.setLabel(t("Kind"));
        kind.setItems(KeyKind.values());
        kind.setItemLabelGenerator(k -> k == KeyKind.PUBLISHABLE ? t("Publishable (pk_…)") : t("Secret (sk_…)"));
        kind.setValue(KeyKind.PUBLISHABLE);
        kind.setId("key-kind");
        TextField name = new TextField(t("Name"));
        name.setPlaceholder(t("marketing site"));
        name.setId("key-name");
        TextArea origins = new TextArea(t("Allowed origins (one per line)"));
        origins.setPlaceholder("https://www.example.com");
        origins.setId("key-origins");
        origins.setWidth("24rem");
        kind.addValueChangeListener(e -> origins.setEnabled(e.getValue() == KeyKind.PUBLISHABLE));
        Button create = new Button(t("Create key"), e -> {
            Toasts.attempt(() -> {
                ApiKeys.CreatedKey created = keys.create(tenantId, kind.getValue(), name.getValue(),
                        Arrays.stream(origins.getValue().split("\\s+")).filter(s -> !s.isBlank()).toList());
                showOnce(created);
                name.clear();
                origins.clear();
                refresh(tenantId);
            });
        });
        create.setId("create-key");
        HorizontalLayout form = new HorizontalLayout(kind, name, origins, create);
        form.setAlignItems(FlexComponent.Alignment.BASELINE);
        grid.setId("keys-grid");
        grid.addColumn(KeyView::name).setHeader(t("Name")).setAutoWidth(true);
        grid.addColumn(k -> k.kind() == KeyKind.PUBLISHABLE ? t("publishable") : t("secret")).setHeader(t("Kind")).setAutoWidth(true);
        grid.addColumn(KeyView::display).setHeader(t("Key")).setAutoWidth(true);
        grid.addColumn(k -> String.join(" ", k.allowedOrigins())).setHeader(t("Allowed origins")).setWidth("10rem").setFlexGrow(1)
                .setTooltipGenerator(k -> String.join(" ", k.allowedOrigins()));
        grid.addColumn(k -> WHEN.format(k.createdAt())).setHeader(t("Created")).setAutoWidth(true);
        grid.addComponentColumn(k -> k.revokedAt() != null ? revoked(k) : Badges.of("active"))
                .setHeader(t("State")).setAutoWidth(true).setFlexGrow(0);
        grid.addComponentColumn(k -> {
            HorizontalLayout actions = new HorizontalLayout();
            actions.setSpacing(false);
            actions.getStyle().set("flex-wrap", "wrap"); // the two actions stacked where the grid is narrow
            if (k.kind() == KeyKind.PUBLISHABLE) {
                actions.add(chats(tenantId, k));
            }
            if (k.revokedAt() == null) {
                actions.add(revoke(tenantId, k));
            }
            return actions;
        }).setHeader(t("Actions")).setWidth("9.5rem").setFlexGrow(0);
        grid.setAllRowsVisible(true);
        grid.addThemeVariants(com.vaadin.flow.component.grid.GridVariant.LUMO_WRAP_CELL_CONTENT);
        add(form, grid);
        refresh(tenantId);
    }

    /** A revoked key's state: the badge and when. */
    private static com.vaadin.flow.component.Component revoked(KeyView key) {
        Span when = new Span(WHEN.format(key.revokedAt()));
        when.getStyle().set("display", "block").set("font-size", "var(--lumo-font-size-xs)")
                .set("color", "var(--lumo-secondary-text-color)");
        return new com.vaadin.flow.component.html.Div(Badges.of("revoked"), when);
    }

    private Button revoke(String tenantId, KeyView key) {
        Button revoke = new Button(t("Revoke…"), e -> Toasts.attempt(() -> Confirm.risky(t("Revoke key {0}?", key.name()),
                t("{0}; a revoked key cannot be restored, only replaced by a new one. It served {1} run(s) in the last hour.", (key.kind() == KeyKind.PUBLISHABLE
                        ? t("Every page embedding the widget with this key ({0}) stops answering at once", (key.allowedOrigins().isEmpty() ? t("no origin listed")
                        : String.join(", ", key.allowedOrigins())))
                        : t("Every backend calling the API with this key gets 401 at once")), runs.keyRunsLastHour(tenantId, key.id())),
                t("Revoke"), () -> {
                    keys.revoke(tenantId, key.id());
                    Toasts.success(t("Revoked {0}: it is refused from now on.", key.name()));
                    refresh(tenantId);
                })));
        revoke.setId("revoke-" + key.name());
        revoke.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_TERTIARY, ButtonVariant.LUMO_ERROR);
        return revoke;
    }

    /** The conversations visitors had through {@code key}, newest first: what they asked and what they were told. */
    private Button chats(String tenantId, KeyView key) {
        Button open = new Button(t("Conversations"), e -> {
            Dialog dialog = new Dialog();
            dialog.setHeaderTitle(t("Conversations through {0}", key.name()));
            dialog.setWidth("min(52rem, 95vw)");
            List<Conversations.Summary> threads = conversations.forKey(tenantId, key.id(), 50);
            VerticalLayout list = new VerticalLayout();
            list.setPadding(false);
            list.setId("key-conversations");
            if (threads.isEmpty()) {
                list.add(new Paragraph(t("No conversations through this key yet (threads are kept as long as runs are).")));
            }
            for (Conversations.Summary thread : threads) {
                VerticalLayout turns = new VerticalLayout();
                turns.setPadding(false);
                turns.setSpacing(false);
                for (Conversations.TurnView turn : thread.turns()) {
                    Paragraph asked = new Paragraph(t("Visitor: {0}{1}", turn.question(), (turn.question().equals(turn.standalone()) ? "" : t("  (read as: {0})", turn.standalone()))));
                    asked.getStyle().set("font-weight", "600").set("margin", "var(--lumo-space-xs) 0 0 0");
                    Paragraph answer = new Paragraph(turn.answer());
                    answer.getStyle().set("margin", "0").set("white-space", "pre-wrap").set("overflow-wrap", "anywhere");
                    turns.add(asked, answer);
                }
                Details details = new Details(t("{0} · {1} turn(s) · {2}", WHEN.format(thread.updatedAt()), thread.turns().size(), (thread.turns().isEmpty() ? "" : thread.turns().get(0).question())), turns);
                details.addClassName("key-conversation");
                details.setWidthFull();
                list.add(details);
            }
            dialog.add(list);
            dialog.getFooter().add(new Button(t("Close"), c -> dialog.close()));
            dialog.open();
        });
        open.setId("chats-" + key.name());
        open.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_TERTIARY);
        return open;
    }

    private void showOnce(ApiKeys.CreatedKey created) {
        Dialog dialog = new Dialog();
        dialog.setHeaderTitle(t("Copy the key now: it is not shown again"));
        Pre value = new Pre(created.value());
        value.setId("new-key-value");
        dialog.add(copyable(value, Copy.button("copy-new-key", created.value(), t("the key"))));
        if (created.key().kind() == KeyKind.PUBLISHABLE) {
            String host = VaadinRequest.getCurrent() == null ? "https://YOUR-CORRIGO-HOST"
                    : VaadinRequest.getCurrent().getHeader("Origin") != null ? VaadinRequest.getCurrent().getHeader("Origin")
                    : "https://YOUR-CORRIGO-HOST";
            String tag = "<script src=\"" + host + "/widget.js\" data-key=\"" + created.value() + "\"></script>";
            Pre snippet = new Pre(tag);
            snippet.setId("new-key-snippet");
            dialog.add(new Paragraph(t("Add the chat widget to your pages:")),
                    copyable(snippet, Copy.button("copy-new-key-snippet", tag, t("the script tag"))));
        }
        dialog.getFooter().add(new Button(t("Done"), e -> dialog.close()));
        dialog.open();
    }

    /** A text shown as code with its copy button beside it. */
    private static HorizontalLayout copyable(Pre text, Button copy) {
        text.getStyle().set("margin", "0").set("flex", "1 1 auto").set("overflow-x", "auto").set("white-space", "pre-wrap")
                .set("word-break", "break-all");
        HorizontalLayout row = new HorizontalLayout(text, copy);
        row.setWidthFull();
        row.setAlignItems(FlexComponent.Alignment.CENTER);
        return row;
    }

    private void refresh(String tenantId) {
        List<KeyView> all = keys.list(tenantId);
        grid.setItems(all);
    }
}
