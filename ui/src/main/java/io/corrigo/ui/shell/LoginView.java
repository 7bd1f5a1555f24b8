package io.corrigo.ui.shell;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.H1;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.login.LoginForm;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.BeforeEnterObserver;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.server.auth.AnonymousAllowed;
import io.corrigo.server.CorrigoProperties;
import io.corrigo.server.sso.SingleSignOn;
import io.corrigo.server.sso.SsoSettings;

/**
 * Sign-in: with single sign-on (OpenID Connect) when the platform has a provider, and with an admin user name and
 * password (Spring Security form login) unless local passwords are turned off.
 */
@Route(value = "login", autoLayout = false)
@AnonymousAllowed
public class LoginView extends VerticalLayout implements BeforeEnterObserver, HasDynamicTitle {

    private final LoginForm form = new LoginForm();
    private final Paragraph ssoError = new Paragraph();

    public LoginView(SingleSignOn sso, CorrigoProperties properties) {
        setSizeFull();
        setAlignItems(FlexComponent.Alignment.CENTER);
        setJustifyContentMode(FlexComponent.JustifyContentMode.CENTER);
        add(new H1("Corrigo"));
        boolean local = properties.security().localPasswords();
        SsoSettings provider = sso.settings();
        if (provider.enabled()) {
            Anchor single = new Anchor("oauth2/authorization/" + SingleSignOn.REGISTRATION_ID, provider.buttonLabel());
            single.setId("sso-sign-in");
            single.setRouterIgnore(true); // a server round trip to the provider, not a view
            single.getElement().getThemeList().add("primary");
            single.getStyle().set("padding", "var(--lumo-space-s) var(--lumo-space-l)")
                    .set("border-radius", "var(--lumo-border-radius-m)").set("background", "var(--lumo-primary-color)")
                    .set("color", "var(--lumo-primary-contrast-color)").set("font-weight", "600");
            add(single);
        }
        ssoError.setId("sso-error");
        ssoError.getStyle().set("color", "var(--lumo-error-text-color)").set("max-width", "24rem");
        ssoError.setVisible(false);
        add(ssoError);
        if (local) {
            form.setI18n(ComponentTexts.login());
            form.setAction("login");
            form.setForgotPasswordButtonVisible(false);
            Paragraph hint = new Paragraph(t("The first platform admin's password is CORRIGO_ADMIN_PASSWORD, or the one printed once in the host's log on its first start."));
            hint.getStyle().set("max-width", "22rem").set("color", "var(--lumo-secondary-text-color)")
                    .set("font-size", "var(--lumo-font-size-s)");
            add(form, hint);
        } else if (!provider.enabled()) {
            add(new Paragraph(t("Local passwords are turned off and no single sign-on provider is set up: ask the platform operator (CORRIGO_SECURITY_LOCAL_PASSWORDS).")));
        }
    }

    @Override
    protected void onAttach(com.vaadin.flow.component.AttachEvent event) {
        if (getChildren().noneMatch(c -> c.getId().filter("language"::equals).isPresent())) {
            add(LanguageChoice.picker());
        }
    }

    @Override
    public String getPageTitle() {
        return t("Sign in · Corrigo");
    }

    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        java.util.List<String> error = event.getLocation().getQueryParameters().getParameters().get("error");
        boolean failed = error != null;
        boolean viaSso = failed && error.contains("sso");
        form.setError(failed && !viaSso);
        // the name typed survives the refusal's reload: only the password is asked again
        form.getElement().executeJs("const key = 'corrigo-sign-in-user';"
                + "this.addEventListener('login', e => { try { sessionStorage.setItem(key, e.detail.username); } catch (x) { } });"
                + "if ($0) { let name = null; try { name = sessionStorage.getItem(key); } catch (x) { }"
                + " const user = this.querySelector('#vaadinLoginUsername'); const pass = this.querySelector('#vaadinLoginPassword');"
                + " if (name && user) { user.value = name; if (pass) { setTimeout(() => pass.focus()); } } }", failed && !viaSso);
        ssoError.setVisible(viaSso);
        ssoError.setText(viaSso ? t("Single sign-on did not sign you in: your account at the provider has no Corrigo role, or your Corrigo user is disabled. Ask a platform admin.") : "");
    }
}
