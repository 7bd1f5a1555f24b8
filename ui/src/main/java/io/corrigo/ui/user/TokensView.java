package io.corrigo.ui.user;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.checkbox.CheckboxGroup;
import com.vaadin.flow.component.combobox.MultiSelectComboBox;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.IntegerField;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import io.corrigo.server.security.AdminTokens;
import io.corrigo.server.security.Role;
import io.corrigo.server.security.TenantAccess;
import io.corrigo.server.security.TokenView;
import io.corrigo.server.tenant.TenantService;
import io.corrigo.server.tenant.TenantView;
import io.corrigo.ui.shell.Badges;
import io.corrigo.ui.shell.Confirm;
import io.corrigo.ui.shell.EmptyState;
import io.corrigo.ui.shell.Toasts;
import jakarta.annotation.security.PermitAll;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Set;

/**
 * The signed-in admin's personal API tokens: make one with scopes, a role and tenants (within the admin's own) and an
 * expiry, see it once, and revoke it. A platform admin also sees everyone's tokens and may revoke any.
 */
@Menu(title = "API tokens", order = 101, icon = "vaadin:key")
@Route("tokens")
@PageTitle("API tokens · Corrigo")
@PermitAll
public class TokensView extends VerticalLayout {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);

    private final AdminTokens tokens;
    private final TenantAccess.Admin me;
    private final Grid<TokenView> grid = new Grid<>();
    private final com.vaadin.flow.component.html.Div empty = EmptyState.of(t("No API tokens yet"),
            t("Make one above for a script or a CI job: give it only the scopes it needs and a short life."));

    public TokensView(AdminTokens tokens, TenantAccess access, TenantService tenants) {
        this.tokens = tokens;
        this.me = access.current().orElseThrow();
        H2 title = new H2(t("API tokens"));
        title.getStyle().set("margin-top", "0");
        Paragraph help = new Paragraph(t("A token signs REST API calls in as you (Authorization: Bearer …), narrowed to its scopes, role and tenants. It is shown once; only its hash is kept."));
        TextField name = new TextField(t("Name"));
        name.setId("new-token-name");
        name.setPlaceholder(t("CI deploy"));
        CheckboxGroup<String> scopes = new CheckboxGroup<>(t("Scopes"));
        scopes.setId("new-token-scopes");
        scopes.setItems("read", "write", "plugins");
        scopes.setItemLabelGenerator(s -> switch (s) {
            case "read" -> t("read (GET)");
            case "write" -> t("write (changes)");
            default -> t("plugins (install, upgrade, disable)");
        });
        scopes.setValue(Set.of("read"));
        Select<Role> role = new Select<>();
        role.setLabel(t("Role"));
        role.setId("new-token-role");
        role.setItems(me.role() == Role.PLATFORM_ADMIN ? List.of(Role.PLATFORM_ADMIN, Role.TENANT_ADMIN) : List.of(Role.TENANT_ADMIN));
        role.setItemLabelGenerator(r -> r == Role.PLATFORM_ADMIN ? t("Platform admin") : t("Tenant admin (some tenants)"));
        role.setValue(me.role());
        MultiSelectComboBox<String> reach = new MultiSelectComboBox<>(t("Tenants"));
        reach.setId("new-token-tenants");
        reach.setItems(tenants.list().stream().map(TenantView::id).filter(me::canAccess).toList());
        reach.setEnabled(me.role() == Role.TENANT_ADMIN);
        reach.setHelperText(t("empty: all of yours"));
        role.addValueChangeListener(e -> reach.setEnabled(e.getValue() == Role.TENANT_ADMIN));
        IntegerField days = new IntegerField(t("Expires in (days)"));
        days.setId("new-token-days");
        days.setMin(1);
        days.setMax(AdminTokens.MAX_DAYS);
        days.setValue(AdminTokens.DEFAULT_DAYS);
        days.setStepButtonsVisible(true);
        Button create = new Button(t("Create token"), e -> Toasts.attempt(() -> {
            AdminTokens.CreatedToken created = tokens.create(me.username(), name.getValue(), role.getValue(),
                    reach.getValue(), scopes.getValue(), days.getValue());
            showOnce(created);
            name.clear();
            refresh();
        }));
        create.setId("create-token");
        create.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        HorizontalLayout form = new HorizontalLayout(name, scopes, role, reach, days, create);
        form.setAlignItems(FlexComponent.Alignment.BASELINE);
        form.getStyle().set("flex-wrap", "wrap");

        grid.setId("tokens-grid");
        grid.addColumn(TokenView::name).setHeader(t("Name")).setAutoWidth(true);
        if (me.role() == Role.PLATFORM_ADMIN) {
            grid.addColumn(TokenView::username).setHeader(t("User")).setAutoWidth(true);
        }
        grid.addColumn(t -> t.prefix() + "…").setHeader(t("Token")).setAutoWidth(true);
        grid.addColumn(t -> String.join(", ", t.scopes())).setHeader(t("Scopes")).setAutoWidth(true);
        grid.addColumn(t -> t.role() == Role.PLATFORM_ADMIN ? t("all tenants") : String.join(", ", t.tenants()))
                .setHeader(t("Reach")).setFlexGrow(1);
        grid.addColumn(t -> WHEN.format(t.expiresAt())).setHeader(t("Expires")).setAutoWidth(true);
        grid.addColumn(t -> t.lastUsedAt() == null ? t("never") : WHEN.format(t.lastUsedAt())).setHeader(t("Last used")).setAutoWidth(true);
        grid.addComponentColumn(t -> Badges.of(t.state())).setHeader(t("State")).setAutoWidth(true);
        grid.addComponentColumn(this::revoke).setHeader(t("Actions")).setAutoWidth(true);
        grid.setAllRowsVisible(true);
        add(title, help, form, empty, grid);
        refresh();
    }

    private void showOnce(AdminTokens.CreatedToken created) {
        Dialog dialog = new Dialog();
        dialog.setHeaderTitle(t("Token '{0}' created", created.token().name()));
        TextField value = new TextField(t("Copy it now: it is not shown again"));
        value.setId("new-token-value");
        value.setValue(created.value());
        value.setReadOnly(true);
        value.setWidthFull();
        value.setMinWidth("28em");
        Paragraph usage = new Paragraph("curl -H 'Authorization: Bearer " + created.token().prefix() + "…' https://<host>/api/v1/tenants");
        usage.getStyle().set("font-family", "monospace").set("font-size", "var(--lumo-font-size-s)");
        Button done = new Button(t("I have copied it"), e -> dialog.close());
        done.setId("new-token-done");
        done.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        dialog.add(new VerticalLayout(value, usage));
        dialog.getFooter().add(done);
        dialog.open();
    }

    private Button revoke(TokenView token) {
        String lastUse = token.lastUsedAt() == null ? t("It was never used.") : t("It was last used {0}.", WHEN.format(token.lastUsedAt()));
        Button revoke = new Button(t("Revoke"), e -> Confirm.risky(t("Revoke '{0}'?", token.name()),
                t("Every call made with it is refused from now on; this cannot be undone. {0}", lastUse), t("Revoke token"),
                () -> Toasts.attempt(() -> {
                    tokens.revoke(me.username(), me.role() == Role.PLATFORM_ADMIN, token.id());
                    Toasts.success(t("Token '{0}' revoked.", token.name()));
                    refresh();
                })));
        revoke.setId("revoke-" + token.id());
        revoke.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_ERROR, ButtonVariant.LUMO_TERTIARY);
        revoke.setEnabled(token.state().equals("active"));
        return revoke;
    }

    private void refresh() {
        List<TokenView> all = me.role() == Role.PLATFORM_ADMIN ? tokens.listAll() : tokens.list(me.username());
        grid.setItems(all);
        grid.setVisible(!all.isEmpty());
        empty.setVisible(all.isEmpty());
    }
}
