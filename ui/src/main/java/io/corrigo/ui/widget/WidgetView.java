package io.corrigo.ui.widget;

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
import io.corrigo.server.tenant.WidgetSettings;
import io.corrigo.ui.shell.Badges;
import io.corrigo.ui.shell.TenantScopedView;
import io.corrigo.ui.shell.TenantSelection;
import io.corrigo.ui.shell.Toasts;
import io.corrigo.ui.shell.Confirm;
import io.corrigo.server.tenant.deletion.TenantDeletion;
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

    private final TenantDeletion deletion;

    private final Conversations conversations;

    public WidgetView(TenantSelection selection, TenantService tenants, ApiKeys keys, TenantDeletion deletion,
                      Conversations conversations) {
        super(selection, "Widget & keys");
        this.conversations = conversations;
        this.deletion = deletion;
        this.tenants = tenants;
        this.keys = keys;
    }

    @Override
    protected void show(String tenantId, BeforeEnterEvent event) {
        WidgetSettings current = tenants.widget(tenantId);
        TextField title = new TextField("Title", current.title(), "");
        TextField greeting = new TextField("Greeting", current.greeting(), "");
        TextField placeholder = new TextField("Input placeholder", current.placeholder(), "");
        TextField color = new TextField("Accent colour", current.color(), "#1a73e8");
        color.setId("widget-color");
        IntegerField perMinute = new IntegerField("Requests per minute (per key and per visitor IP)");
        perMinute.setValue(current.requestsPerMinute());
        perMinute.setId("widget-requests-per-minute");
        IntegerField perDay = new IntegerField("Questions per day (per key and per visitor IP)");
        perDay.setValue(current.queriesPerDay());
        TextArea starters = new TextArea("Starter questions (one per line, up to " + WidgetSettings.MAX_STARTERS + ")");
        starters.setValue(String.join("\n", current.starterQuestions()));
        starters.setPlaceholder("How do I return an item?");
        starters.setId("widget-starters");
        TextField icon = new TextField("Brand icon (https:// address of an image)", current.iconUrl() == null ? ""
                : current.iconUrl(), "https://www.example.com/logo.png");
        icon.setId("widget-icon");
        TextField handoff = new TextField("Contact link offered when no answer is found (https:// or mailto:)",
                current.handoffUrl() == null ? "" : current.handoffUrl(), "mailto:support@example.com");
        handoff.setId("widget-handoff");
        TextField handoffLabel = new TextField("Contact link text", current.handoffLabel() == null ? "" : current.handoffLabel(),
                "Contact us");
        handoffLabel.setId("widget-handoff-label");
        FormLayout look = new FormLayout(title, greeting, placeholder, color, perMinute, perDay, starters, icon, handoff,
                handoffLabel);
        Button saveLook = new Button("Save widget settings", e -> {
            Toasts.attempt(() -> {
                tenants.updateWidget(tenantId, new WidgetSettings(title.getValue(), greeting.getValue(), placeholder.getValue(),
                        color.getValue().trim(), perMinute.getValue() == null ? 0 : perMinute.getValue(),
                        perDay.getValue() == null ? 0 : perDay.getValue()).withExtras(
                        Arrays.stream(starters.getValue().split("\\R")).filter(q -> !q.isBlank()).toList(),
                        icon.getValue(), handoff.getValue(), handoffLabel.getValue()));
                Toasts.success("Saved: the widget uses it on its next load.");
            });
        });
        saveLook.setId("save-widget");
        saveLook.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        add(new H3("Look and limits"), look, saveLook);

        add(new H3("Keys"), new Paragraph("A publishable key (pk_…) goes into the script tag of a web page: it may only ask "
                + "and send feedback, from the origins you list. A secret key (sk_…) is for your servers. Each key is shown "
                + "once, when it is created."));
        Select<KeyKind> kind = new Select<>();
        kind.setLabel("Kind");
        kind.setItems(KeyKind.values());
        kind.setValue(KeyKind.PUBLISHABLE);
        kind.setId("key-kind");
        TextField name = new TextField("Name");
        name.setPlaceholder("marketing site");
        name.setId("key-name");
        TextArea origins = new TextArea("Allowed origins (one per line)");
        origins.setPlaceholder("https://www.example.com");
        origins.setId("key-origins");
        origins.setWidth("24rem");
        kind.addValueChangeListener(e -> origins.setEnabled(e.getValue() == KeyKind.PUBLISHABLE));
        Button create = new Button("Create key", e -> {
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
        grid.addColumn(KeyView::name).setHeader("Name").setAutoWidth(true);
        grid.addColumn(k -> k.kind().name().toLowerCase()).setHeader("Kind").setAutoWidth(true);
        grid.addColumn(KeyView::display).setHeader("Key").setAutoWidth(true);
        grid.addColumn(k -> String.join(" ", k.allowedOrigins())).setHeader("Allowed origins").setWidth("10rem").setFlexGrow(1)
                .setTooltipGenerator(k -> String.join(" ", k.allowedOrigins()));
        grid.addColumn(k -> WHEN.format(k.createdAt())).setHeader("Created").setAutoWidth(true);
        grid.addComponentColumn(k -> k.revokedAt() != null ? revoked(k) : revoke(tenantId, k))
                .setHeader("State").setAutoWidth(true).setFlexGrow(0);
        grid.addComponentColumn(k -> k.kind() == KeyKind.PUBLISHABLE ? chats(tenantId, k) : new Span(""))
                .setHeader("Chats").setAutoWidth(true).setFlexGrow(0);
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
        Button revoke = new Button("Revoke…", e -> Toasts.attempt(() -> Confirm.risky("Revoke key " + key.name() + "?",
                (key.kind() == KeyKind.PUBLISHABLE
                        ? "Every page embedding the widget with this key (" + (key.allowedOrigins().isEmpty() ? "no origin listed"
                        : String.join(", ", key.allowedOrigins())) + ") stops answering at once"
                        : "Every backend calling the API with this key gets 401 at once")
                        + "; a revoked key cannot be restored, only replaced by a new one. Tenant " + tenantId + " served "
                        + deletion.impact(tenantId).runsLastHour() + " run(s) in the last hour.",
                "Revoke", () -> {
                    keys.revoke(tenantId, key.id());
                    Toasts.success("Revoked " + key.name() + ": it is refused from now on.");
                    refresh(tenantId);
                })));
        revoke.setId("revoke-" + key.name());
        revoke.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_TERTIARY, ButtonVariant.LUMO_ERROR);
        return revoke;
    }

    /** The conversations visitors had through {@code key}, newest first: what they asked and what they were told. */
    private Button chats(String tenantId, KeyView key) {
        Button open = new Button("Conversations", e -> {
            Dialog dialog = new Dialog();
            dialog.setHeaderTitle("Conversations through " + key.name());
            dialog.setWidth("min(52rem, 95vw)");
            List<Conversations.Summary> threads = conversations.forKey(tenantId, key.id(), 50);
            VerticalLayout list = new VerticalLayout();
            list.setPadding(false);
            list.setId("key-conversations");
            if (threads.isEmpty()) {
                list.add(new Paragraph("No conversations through this key yet (threads are kept as long as runs are)."));
            }
            for (Conversations.Summary thread : threads) {
                VerticalLayout turns = new VerticalLayout();
                turns.setPadding(false);
                turns.setSpacing(false);
                for (Conversations.TurnView turn : thread.turns()) {
                    Paragraph asked = new Paragraph("Visitor: " + turn.question()
                            + (turn.question().equals(turn.standalone()) ? "" : "  (read as: " + turn.standalone() + ")"));
                    asked.getStyle().set("font-weight", "600").set("margin", "var(--lumo-space-xs) 0 0 0");
                    Paragraph answer = new Paragraph(turn.answer());
                    answer.getStyle().set("margin", "0").set("white-space", "pre-wrap").set("overflow-wrap", "anywhere");
                    turns.add(asked, answer);
                }
                Details details = new Details(WHEN.format(thread.updatedAt()) + " · " + thread.turns().size() + " turn(s) · "
                        + (thread.turns().isEmpty() ? "" : thread.turns().get(0).question()), turns);
                details.addClassName("key-conversation");
                details.setWidthFull();
                list.add(details);
            }
            dialog.add(list);
            dialog.getFooter().add(new Button("Close", c -> dialog.close()));
            dialog.open();
        });
        open.setId("chats-" + key.name());
        open.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_TERTIARY);
        return open;
    }

    private void showOnce(ApiKeys.CreatedKey created) {
        Dialog dialog = new Dialog();
        dialog.setHeaderTitle("Copy the key now: it is not shown again");
        Pre value = new Pre(created.value());
        value.setId("new-key-value");
        dialog.add(value);
        if (created.key().kind() == KeyKind.PUBLISHABLE) {
            String host = VaadinRequest.getCurrent() == null ? "https://YOUR-CORRIGO-HOST"
                    : VaadinRequest.getCurrent().getHeader("Origin") != null ? VaadinRequest.getCurrent().getHeader("Origin")
                    : "https://YOUR-CORRIGO-HOST";
            dialog.add(new Paragraph("Add the chat widget to your pages:"),
                    new Pre("<script src=\"" + host + "/widget.js\" data-key=\"" + created.value() + "\"></script>"));
        }
        dialog.getFooter().add(new Button("Done", e -> dialog.close()));
        dialog.open();
    }

    private void refresh(String tenantId) {
        List<KeyView> all = keys.list(tenantId);
        grid.setItems(all);
    }
}
