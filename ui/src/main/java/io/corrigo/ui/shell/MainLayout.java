package io.corrigo.ui.shell;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.ComponentUtil;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.applayout.AppLayout;
import com.vaadin.flow.component.applayout.DrawerToggle;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.html.H1;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.Icon;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.sidenav.SideNav;
import com.vaadin.flow.component.sidenav.SideNavItem;
import com.vaadin.flow.router.AfterNavigationEvent;
import com.vaadin.flow.router.AfterNavigationObserver;
import com.vaadin.flow.router.Layout;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.QueryParameters;
import com.vaadin.flow.server.auth.AccessAnnotationChecker;
import com.vaadin.flow.server.menu.MenuConfiguration;
import com.vaadin.flow.server.menu.MenuEntry;
import com.vaadin.flow.spring.security.AuthenticationContext;
import io.corrigo.server.security.TenantAccess;
import io.corrigo.server.tenant.TenantView;
import jakarta.annotation.security.PermitAll;
import java.util.List;
import java.util.Map;

/** The frame of every admin view: side navigation, the tenant being worked on, who is signed in. */
@Layout
@PermitAll
public class MainLayout extends AppLayout implements AfterNavigationObserver {

    private final TenantSelection selection;
    private final ComboBox<TenantView> tenant = new ComboBox<>();

    public MainLayout(TenantSelection selection, TenantAccess access, AuthenticationContext auth,
                      AccessAnnotationChecker viewAccess) {
        this.selection = selection;
        H1 title = new H1("Corrigo");
        title.addClassName("corrigo-product");
        title.getStyle().set("font-size", "var(--lumo-font-size-l)").set("margin", "0");

        tenant.setPlaceholder(t("Tenant"));
        tenant.setItemLabelGenerator(t -> t.name() + " (" + t.id() + ")" + (t.enabled() ? "" : t(" · disabled")));
        tenant.setWidth("18rem");
        // a long name is cut in the field: the whole of it shows on hover
        tenant.addValueChangeListener(e -> tenant.getElement().setAttribute("title",
                e.getValue() == null ? "" : tenant.getItemLabelGenerator().apply(e.getValue())));
        tenant.setId("tenant-select");
        tenant.setAriaLabel(t("Tenant"));
        tenant.addValueChangeListener(e -> {
            if (e.isFromClient() && e.getValue() != null) {
                if (selection.visible().stream().noneMatch(t -> t.id().equals(e.getValue().id()))) {
                    // deleted since the list was drawn (by another admin, or in another tab): say so, switch nothing
                    Toasts.error(t("Tenant '{0}' no longer exists: it was deleted. Pick another.", e.getValue().id()));
                    refreshTenants();
                    return;
                }
                selection.remember(e.getValue().id());
                UI ui = UI.getCurrent();
                ui.getInternals().getActiveRouterTargetsChain().stream().findFirst().ifPresent(view ->
                        ui.navigate(((Component) view).getClass(), QueryParameters.simple(Map.of("tenant", e.getValue().id()))));
            }
        });

        String who = access.current().map(a -> a.username() + " · " + (a.role().name().equals("PLATFORM_ADMIN")
                ? t("platform admin") : t("tenant admin"))).orElse("");
        Span user = new Span(who);
        user.addClassName("corrigo-who");
        user.getStyle().set("color", "var(--lumo-secondary-text-color)").set("font-size", "var(--lumo-font-size-s)");
        Button signOut = new Button(t("Sign out"), VaadinIcon.SIGN_OUT.create(), e -> auth.logout());
        signOut.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        signOut.setId("sign-out");
        signOut.setAriaLabel(t("Sign out")); // its name when a phone shows only the icon

        // the list is read again whenever it is opened, and when a view of this UI changes the tenants
        tenant.getElement().addPropertyChangeListener("opened", "opened-changed", e -> {
            if (tenant.getElement().getProperty("opened", false)) {
                refreshTenants();
            }
        });
        ComponentUtil.addListener(UI.getCurrent(), TenantsChanged.class, e -> refreshTenants());

        HorizontalLayout bar = new HorizontalLayout(title, tenant, user, LanguageChoice.picker(), signOut);
        bar.setAlignItems(FlexComponent.Alignment.CENTER);
        bar.expand(tenant);
        // the rest of the navbar beside the drawer toggle (not 100 % of it, which a phone's screen cannot hold)
        bar.getStyle().set("flex", "1 1 auto").set("min-width", "0").set("padding-right", "var(--lumo-space-m)");
        bar.getElement().setAttribute("role", "banner"); // the header landmark: the product, the tenant, the user
        addToNavbar(new DrawerToggle(), bar);

        // the views announce themselves with @Menu: the frame imports none of them, so features depend on the
        // shell and never the other way round; entries the signed-in admin may not open are not listed
        SideNav nav = new SideNav();
        for (MenuEntry entry : MenuConfiguration.getMenuEntries()) {
            if (entry.menuClass() != null && viewAccess.hasAccess(entry.menuClass())) {
                SideNavItem item = new SideNavItem(t(entry.title()), entry.menuClass());
                if (entry.icon() != null) {
                    item.setPrefixComponent(new Icon(entry.icon()));
                }
                nav.addItem(item);
            }
        }
        addToDrawer(nav);
        setPrimarySection(Section.DRAWER);
        UI.getCurrent().getPage().executeJs("if (!document.getElementById('corrigo-style')) {"
                + " const s = document.createElement('style'); s.id = 'corrigo-style'; s.textContent = $0;"
                + " document.head.appendChild(s); }", STYLE);
    }

    /**
     * The few rules the components' themes do not have: a field's label wraps instead of being cut off with an
     * ellipsis (the settings' labels say what they mean, and a narrow column must not hide it); on a phone the top
     * bar keeps the tenant, the language and signing out within the screen (the product's name and the user's go, the
     * sign-out button shows its icon).
     */
    private static final String STYLE = "label[slot='label'] { white-space: normal; }"
            + " vaadin-details-summary { white-space: normal; max-width: 100%; }"
            + " #tenant-select { min-width: 0; }"
            + " @media (max-width: 640px) { .corrigo-product, .corrigo-who { display: none; }"
            + " #language { width: 6.5rem !important; } #sign-out::part(label) { display: none; }"
            + " #sign-out { min-width: 0; padding: 0 var(--lumo-space-xs); }"
            + " #tenant-select { width: auto !important; flex: 1 1 0; } }";

    @Override
    public void setContent(Component content) {
        super.setContent(content);
        if (content != null) { // the view is the page's main landmark: screen readers jump to it
            content.getElement().setAttribute("role", "main");
        }
    }

    @Override
    public void afterNavigation(AfterNavigationEvent event) {
        // a new view starts at its top, not where the last one was scrolled to
        UI.getCurrent().getPage().executeJs("requestAnimationFrame(() => { window.scrollTo(0, 0);"
                + " document.querySelectorAll('vaadin-app-layout').forEach(l => { l.scrollTop = 0;"
                + " const c = l.shadowRoot && l.shadowRoot.querySelector('[content]'); if (c) { c.scrollTop = 0; } }); })");
        refreshTenants();
        // @PageTitle names a view in English; the browser tab shows it in the admin's language (after Vaadin set it)
        Class<?> view = event.getActiveChain().isEmpty() ? null : event.getActiveChain().get(0).getClass();
        PageTitle title = view == null ? null : view.getAnnotation(PageTitle.class);
        if (title != null) {
            UI.getCurrent().getPage().executeJs("requestAnimationFrame(() => { document.title = $0; })", t(title.value()));
        }
    }

    /** Lists the tenants that exist now and shows the one being worked on. */
    private void refreshTenants() {
        List<TenantView> visible = selection.visible();
        tenant.setItems(visible);
        selection.current().flatMap(id -> visible.stream().filter(t -> t.id().equals(id)).findFirst())
                .ifPresentOrElse(tenant::setValue, tenant::clear);
    }
}
