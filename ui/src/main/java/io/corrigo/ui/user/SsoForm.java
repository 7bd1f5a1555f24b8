package io.corrigo.ui.user;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.checkbox.Checkbox;
import com.vaadin.flow.component.details.Details;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.PasswordField;
import com.vaadin.flow.component.textfield.TextField;
import io.corrigo.server.sso.SingleSignOn;
import io.corrigo.server.sso.SsoSettings;
import io.corrigo.ui.shell.Toasts;
import java.util.Arrays;
import java.util.List;

/**
 * The platform's single sign-on provider (OpenID Connect) and how its claims make Corrigo users: issuer, client,
 * the claims naming the user, their groups and a tenant admin's tenants, and which group values are which role.
 */
class SsoForm extends Details {

    private final SingleSignOn sso;
    private final Checkbox enabled = new Checkbox(t("Offer single sign-on on the sign-in page"));
    private final TextField issuer = new TextField(t("Issuer URL"));
    private final TextField clientId = new TextField(t("Client id"));
    private final PasswordField clientSecret = new PasswordField(t("Client secret"));
    private final TextField usernameClaim = new TextField(t("User name claim"));
    private final TextField roleClaim = new TextField(t("Groups claim"));
    private final TextField platformValues = new TextField(t("Platform admin groups"));
    private final TextField tenantValues = new TextField(t("Tenant admin groups"));
    private final TextField tenantsClaim = new TextField(t("Tenants claim"));
    private final TextField buttonLabel = new TextField(t("Button label"));
    private final Span status = new Span();

    SsoForm(SingleSignOn sso) {
        this.sso = sso;
        setSummaryText(t("Single sign-on (OpenID Connect)"));
        setId("sso-settings");
        enabled.setId("sso-enabled");
        issuer.setId("sso-issuer");
        issuer.setPlaceholder("https://login.example.com/realms/corp");
        clientId.setId("sso-client-id");
        clientSecret.setId("sso-client-secret");
        clientSecret.setHelperText(t("stored encrypted; leave empty to keep the stored one"));
        usernameClaim.setId("sso-username-claim");
        roleClaim.setId("sso-role-claim");
        platformValues.setId("sso-platform-values");
        platformValues.setHelperText(t("values of the groups claim, comma-separated"));
        tenantValues.setId("sso-tenant-values");
        tenantValues.setHelperText(t("their tenants come from the tenants claim"));
        tenantsClaim.setId("sso-tenants-claim");
        buttonLabel.setId("sso-button-label");
        status.setId("sso-status");
        FormLayout fields = new FormLayout(issuer, clientId, clientSecret, usernameClaim, roleClaim, platformValues,
                tenantValues, tenantsClaim, buttonLabel);
        fields.setResponsiveSteps(new FormLayout.ResponsiveStep("0", 1), new FormLayout.ResponsiveStep("40em", 3));
        Button save = new Button(t("Save single sign-on"), e -> Toasts.attempt(() -> {
            sso.save(new SsoSettings(enabled.getValue(), issuer.getValue(), clientId.getValue(), clientSecret.getValue(),
                    usernameClaim.getValue(), roleClaim.getValue(), split(platformValues.getValue()),
                    split(tenantValues.getValue()), tenantsClaim.getValue(), buttonLabel.getValue()));
            Toasts.success(t("Single sign-on saved."));
            load();
        }));
        save.setId("sso-save");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        Paragraph help = new Paragraph(t("Register Corrigo with your provider as a confidential client with the redirect URI <this host>/login/oauth2/code/oidc. People sign in with their provider; their Corrigo user is made or updated at each sign-in from the claims below. Local passwords can be turned off on the host (CORRIGO_SECURITY_LOCAL_PASSWORDS=false)."));
        add(new VerticalLayout(help, enabled, fields, save, status));
        load();
    }

    private void load() {
        SsoSettings s = sso.settings();
        enabled.setValue(s.enabled());
        issuer.setValue(s.issuer());
        clientId.setValue(s.clientId());
        clientSecret.clear();
        clientSecret.setPlaceholder(s.clientSecret() == null ? "" : t("stored"));
        usernameClaim.setValue(s.usernameClaim());
        roleClaim.setValue(s.roleClaim());
        platformValues.setValue(String.join(", ", s.platformAdminValues()));
        tenantValues.setValue(String.join(", ", s.tenantAdminValues()));
        tenantsClaim.setValue(s.tenantsClaim());
        buttonLabel.setValue(s.buttonLabel());
        status.setText(!s.enabled() ? t("Off.") : sso.registration().isPresent()
                ? t("On: the provider at {0} answered its discovery document.", s.issuer())
                : t("On, but the provider at {0} did not answer its discovery document: sign-in through it fails.", s.issuer()));
    }

    private static List<String> split(String text) {
        return Arrays.stream(text.split(",")).map(String::strip).filter(v -> !v.isEmpty()).toList();
    }
}
