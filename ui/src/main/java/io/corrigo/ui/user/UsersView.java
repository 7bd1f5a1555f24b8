package io.corrigo.ui.user;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.combobox.MultiSelectComboBox;
import com.vaadin.flow.component.confirmdialog.ConfirmDialog;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.PasswordField;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import io.corrigo.server.security.AdminUsers;
import io.corrigo.server.security.SignInThrottle;
import io.corrigo.server.security.Role;
import io.corrigo.server.security.UserView;
import io.corrigo.server.sso.SingleSignOn;
import io.corrigo.server.tenant.TenantService;
import io.corrigo.server.tenant.TenantView;
import io.corrigo.ui.shell.Badges;
import io.corrigo.ui.shell.Toasts;
import jakarta.annotation.security.RolesAllowed;

/**
 * Admin users (platform admins only): create with a role and tenants; edit a user's role and tenants, or set a new
 * password; enable or disable; delete.
 */
@Menu(title = "Users", order = 100, icon = "vaadin:users")
@Route("users")
@PageTitle("Users · Corrigo")
@RolesAllowed("PLATFORM_ADMIN")
public class UsersView extends VerticalLayout {

    private final AdminUsers users;
    private final TenantService tenants;
    private final Grid<UserView> grid = new Grid<>();

    public UsersView(AdminUsers users, TenantService tenants, SignInThrottle throttle, SingleSignOn sso) {
        this.users = users;
        this.tenants = tenants;
        H2 title = new H2(t("Users"));
        title.getStyle().set("margin-top", "0");
        TextField username = new TextField(t("User name"));
        username.setId("new-user-name");
        PasswordField password = new PasswordField(t("Password"));
        password.setId("new-user-password");
        password.setHelperText(t("at least {0} characters", AdminUsers.MIN_PASSWORD));
        Select<Role> role = new Select<>();
        role.setLabel(t("Role"));
        role.setId("new-user-role");
        role.setWidth("17rem"); // the roles' names whole
        role.setItems(Role.values());
        role.setItemLabelGenerator(r -> r == Role.PLATFORM_ADMIN ? t("Platform admin (everything)") : t("Tenant admin (their tenants)"));
        role.setValue(Role.TENANT_ADMIN);
        MultiSelectComboBox<String> scope = new MultiSelectComboBox<>(t("Tenants"));
        scope.setId("new-user-tenants");
        scope.setItems(tenants.list().stream().map(TenantView::id).toList());
        role.addValueChangeListener(e -> scope.setEnabled(e.getValue() == Role.TENANT_ADMIN));
        Button create = new Button(t("Create user"), e -> {
            Toasts.attempt(() -> {
                users.create(username.getValue().trim(), password.getValue(), role.getValue(), scope.getValue());
                Toasts.success(t("User '{0}' created.", username.getValue()));
                username.clear();
                password.clear();
                scope.clear();
                refresh();
            });
        });
        create.setId("create-user");
        create.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        HorizontalLayout form = new HorizontalLayout(username, password, role, scope, create);
        form.setAlignItems(FlexComponent.Alignment.BASELINE);
        form.getStyle().set("flex-wrap", "wrap");

        grid.setId("users-grid");
        grid.addColumn(UserView::username).setHeader(t("User")).setAutoWidth(true);
        grid.addColumn(u -> u.role() == Role.PLATFORM_ADMIN ? t("platform admin") : t("tenant admin")).setHeader(t("Role")).setAutoWidth(true);
        grid.addColumn(u -> u.role() == Role.PLATFORM_ADMIN ? t("all") : String.join(", ", u.tenants())).setHeader(t("Tenants")).setFlexGrow(1)
                .setTooltipGenerator(u -> u.role() == Role.PLATFORM_ADMIN ? t("all") : String.join(", ", u.tenants()));
        grid.addComponentColumn(u -> Badges.of(u.enabled() ? "enabled" : "disabled")).setHeader(t("State")).setAutoWidth(true);
        grid.addColumn(u -> throttle.status(u.username()).map(UsersView::signIns).orElse("")).setHeader(t("Sign-in"))
                .setAutoWidth(true);
        grid.addComponentColumn(this::actions).setHeader(t("Actions")).setAutoWidth(true);
        grid.setAllRowsVisible(true);
        grid.addThemeVariants(com.vaadin.flow.component.grid.GridVariant.LUMO_WRAP_CELL_CONTENT);
        add(title, form, grid, new SsoForm(sso));
        refresh();
    }

    private HorizontalLayout actions(UserView user) {
        Button edit = new Button(t("Edit"), e -> edit(user));
        edit.setId("edit-user-" + user.username());
        edit.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_TERTIARY);
        Button toggle = new Button(user.enabled() ? t("Disable") : t("Enable"), e -> {
            Toasts.attempt(() -> {
                users.update(user.username(), null, null, !user.enabled());
                refresh();
            });
        });
        toggle.addThemeVariants(ButtonVariant.LUMO_SMALL);
        Button delete = new Button(t("Delete"), e -> new ConfirmDialog(t("Delete {0}?", user.username()),
                t("They can no longer sign in."), t("Delete"), ok -> {
            Toasts.attempt(() -> {
                users.delete(user.username());
                refresh();
            });
        }).open());
        delete.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_ERROR, ButtonVariant.LUMO_TERTIARY);
        toggle.setId("toggle-user-" + user.username());
        return new HorizontalLayout(edit, toggle, delete);
    }

    /** Changes a user's role and tenants, and optionally sets a new password (a reset: they sign in with it). */
    private void edit(UserView user) {
        com.vaadin.flow.component.dialog.Dialog dialog = new com.vaadin.flow.component.dialog.Dialog();
        dialog.setHeaderTitle(t("Edit {0}", user.username()));
        dialog.setId("edit-user-dialog");
        Select<Role> role = new Select<>();
        role.setLabel(t("Role"));
        role.setId("edit-user-role");
        role.setWidth("17rem");
        role.setItems(Role.values());
        role.setItemLabelGenerator(r -> r == Role.PLATFORM_ADMIN ? t("Platform admin (everything)") : t("Tenant admin (their tenants)"));
        role.setValue(user.role());
        MultiSelectComboBox<String> scope = new MultiSelectComboBox<>(t("Tenants"));
        scope.setId("edit-user-tenants");
        scope.setItems(tenants.list().stream().map(TenantView::id).toList());
        scope.setValue(new java.util.LinkedHashSet<>(user.tenants()));
        scope.setEnabled(user.role() == Role.TENANT_ADMIN);
        scope.setWidthFull();
        role.addValueChangeListener(e -> scope.setEnabled(e.getValue() == Role.TENANT_ADMIN));
        PasswordField password = new PasswordField(t("New password (leave empty to keep it)"));
        password.setId("edit-user-password");
        password.setHelperText(t("at least {0} characters; they sign in with it from now on", AdminUsers.MIN_PASSWORD));
        password.setWidthFull();
        Button save = new Button(t("Save"), e -> {
            if (!password.getValue().isEmpty() && password.getValue().length() < AdminUsers.MIN_PASSWORD) {
                password.setInvalid(true);
                password.setErrorMessage(t("New password: at least {0} characters", AdminUsers.MIN_PASSWORD));
                return;
            }
            try {
                users.update(user.username(), role.getValue(), role.getValue() == Role.TENANT_ADMIN ? scope.getValue()
                        : java.util.Set.of(), null);
                if (!password.getValue().isEmpty()) {
                    users.changePassword(user.username(), password.getValue());
                }
                Toasts.success(t("User '{0}' saved{1}", user.username(), (password.getValue().isEmpty() ? "."
                        : t(", with a new password."))));
                dialog.close();
                refresh();
            } catch (RuntimeException ex) {
                Toasts.error(ex);
            }
        });
        save.setId("edit-user-save");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        com.vaadin.flow.component.orderedlayout.VerticalLayout body =
                new com.vaadin.flow.component.orderedlayout.VerticalLayout(role, scope, password);
        body.setPadding(false);
        dialog.add(body);
        dialog.setWidth("min(32rem, 95vw)");
        dialog.getFooter().add(new Button(t("Cancel"), e -> dialog.close()), save);
        dialog.open();
    }

    /** "locked until 10:42:07 UTC (6 failed)" or "2 failed", for the Sign-in column. */
    private static String signIns(SignInThrottle.Status status) {
        return status.lockedUntil() == null ? t("{0} failed", status.failures())
                : t("locked until {0} ({1} failed)", java.time.format.DateTimeFormatter.ofPattern("HH:mm:ss 'UTC'")
                .withZone(java.time.ZoneOffset.UTC).format(status.lockedUntil()), status.failures());
    }

    private void refresh() {
        grid.setItems(users.list());
    }
}
