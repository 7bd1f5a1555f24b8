package io.corrigo.ui.plugin;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.confirmdialog.ConfirmDialog;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.upload.Upload;
import com.vaadin.flow.component.upload.receivers.MemoryBuffer;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import io.corrigo.server.plugin.PluginHost;
import io.corrigo.server.plugin.PluginInfo;
import io.corrigo.server.security.TenantAccess;
import io.corrigo.server.problem.ServiceException;
import io.corrigo.ui.shell.Badges;
import io.corrigo.ui.shell.Toasts;
import io.corrigo.ui.shell.Confirm;
import io.corrigo.server.impact.BlastRadius;
import jakarta.annotation.security.PermitAll;
import java.io.IOException;
import java.io.InputStream;

/**
 * Installed plugins with what they offer, their file's SHA-256 and who signed it; platform admins upload (install,
 * upgrade, confirmed downgrade), enable, disable and uninstall plugins, all without a restart.
 */
@Menu(title = "Plugins", order = 90, icon = "vaadin:plug")
@Route("plugins")
@PageTitle("Plugins · Corrigo")
@PermitAll
public class PluginsView extends VerticalLayout {

    private final PluginHost host;
    private final Grid<PluginInfo> grid = new Grid<>();

    private final BlastRadius radius;

    public PluginsView(PluginHost host, TenantAccess access, BlastRadius radius) {
        this.host = host;
        this.radius = radius;
        H2 title = new H2(t("Plugins"));
        title.getStyle().set("margin-top", "0");
        PluginHost.Policy policy = host.policy();
        Paragraph offer = new Paragraph(t("This host offers plugin API {0} and runs {1}; plugin files up to {2} MB. {3}What you change here is applied by every host sharing this database within seconds. Writing a plugin: docs/plugin-authoring.md.", policy.apiVersion(), (policy.allowUnsigned() ? t("unsigned plugins too (demo mode)") : t("only plugins signed by a trusted certificate")), policy.maxFileMegabytes(), (policy.runner() ? t("Plugins that are not trusted (signed by the trust store, or listed in corrigo.plugins.trusted) run in plugin runners of their own, one per tenant, confined by the operating system: they reach only that tenant's data and the hosts you approve at install. ")
                : t("Every plugin runs in the host's JVM (the plugin runner is off). "))));
        offer.setId("plugin-policy");
        offer.getStyle().set("color", "var(--lumo-secondary-text-color)").set("margin-top", "0");
        add(title, offer);
        boolean admin = access.isPlatformAdmin();
        grid.setId("plugins-grid");
        // the plugin's id, version and provider in one cell: the actions stay in view at 1280 px
        grid.addComponentColumn(PluginsView::identity).setHeader(t("Plugin · version · provider")).setWidth("11rem")
                .setFlexGrow(1);
        grid.addComponentColumn(p -> Badges.of(p.state())).setHeader(t("State")).setAutoWidth(true).setFlexGrow(0);
        grid.addComponentColumn(p -> new Div(isolation(p), trust(p))).setHeader(t("Runs · signed by")).setWidth("9rem")
                .setFlexGrow(0);
        grid.addComponentColumn(PluginsView::offers).setHeader(t("Offers (stage: factory)")).setWidth("13rem").setFlexGrow(2);
        grid.addColumn(p -> p.error() == null ? "" : p.error()).setHeader(t("Problem")).setWidth("6rem").setFlexGrow(1)
                .setTooltipGenerator(p -> p.error() == null ? "" : p.error());
        if (admin) {
            grid.addComponentColumn(this::actions).setHeader(t("Actions")).setAutoWidth(true).setFlexGrow(0);
        }
        grid.addThemeVariants(GridVariant.LUMO_WRAP_CELL_CONTENT);
        grid.setAllRowsVisible(true);
        add(grid);
        if (admin) {
            MemoryBuffer buffer = new MemoryBuffer();
            Upload upload = io.corrigo.ui.shell.ComponentTexts.upload(new Upload(buffer));
            upload.setId("plugin-upload");
            upload.setAcceptedFileTypes(".zip");
            upload.setMaxFileSize((int) PluginHost.MAX_PLUGIN_BYTES);
            upload.setDropLabel(new Span(t("Drop a PF4J plugin .zip here to install it, or a newer version to upgrade (no restart)")));
            upload.addSucceededListener(e -> {
                byte[] content;
                try (InputStream in = buffer.getInputStream()) {
                    content = in.readAllBytes();
                } catch (IOException ex) {
                    Toasts.error(new IllegalStateException(ex.getMessage()));
                    return;
                }
                install(e.getFileName(), content, false, false);
                upload.clearFileList();
            });
            add(upload);
        } else {
            add(new Paragraph(t("Only platform admins install, upgrade, enable, disable or uninstall plugins.")));
        }
        refresh();
    }

    private static Span trust(PluginInfo plugin) {
        Span span = new Span(plugin.signedBy() == null ? t("unsigned") : plugin.signedBy());
        span.getStyle().set("display", "block").set("font-size", "var(--lumo-font-size-s)");
        if (plugin.sha256() != null) {
            span.getElement().setAttribute("title", "SHA-256 " + plugin.sha256());
        }
        if (plugin.signedBy() == null || plugin.signedBy().endsWith("(not trusted)")) {
            span.getStyle().set("color", "var(--lumo-secondary-text-color)");
        }
        return span;
    }

    /**
     * Where a plugin runs: "in process" (trusted), or "runner" with its process, restarts and the hosts it may reach;
     * the details in the tooltip.
     */
    private static Span isolation(PluginInfo plugin) {
        if (plugin.isolation() == null) {
            return new Span();
        }
        boolean runner = PluginInfo.RUNNER.equals(plugin.isolation());
        Span span = new Span(runner ? "runner" : t("in process"));
        span.getElement().getThemeList().add(runner ? "badge contrast" : "badge");
        StringBuilder title = new StringBuilder(runner
                ? t("Untrusted: runs confined in plugin runners of its own, one per tenant. It reaches only that tenant's data and {0}", (plugin.outboundHosts().isEmpty() ? t("no host.") : String.join(", ", plugin.outboundHosts()) + "."))
                : t("Trusted (shipped, listed in corrigo.plugins.trusted, or signed by the trust store): runs in the host's JVM."));
        if (plugin.runner() != null) {
            title.append(plugin.runner().running() ? " Process " + plugin.runner().pid() : " Restarting");
            if (!plugin.runner().tenants().isEmpty()) {
                title.append(t("; tenants' processes: ")).append(plugin.runner().tenants().entrySet().stream()
                        .map(e -> e.getKey() + " " + (e.getValue() > 0 ? e.getValue() : t("restarting")))
                        .collect(java.util.stream.Collectors.joining(", ")));
            }
            title.append(t(", restarted ")).append(plugin.runner().restarts()).append(t(" time(s)"));
            if (plugin.runner().lastError() != null) {
                title.append(t("; last: ")).append(plugin.runner().lastError());
            }
        }
        span.getElement().setAttribute("title", title.toString());
        span.setId("isolation-" + plugin.id());
        return span;
    }

    private void install(String fileName, byte[] content, boolean confirmDowngrade, boolean approveOutbound) {
        try {
            PluginInfo installed = host.install(fileName, content, confirmDowngrade, approveOutbound);
            Toasts.success(t("Installed {0} {1}: {2}{3}. Pipelines using it switched to it.", installed.id(), installed.version(), installed.state(), (PluginInfo.RUNNER.equals(installed.isolation()) ? t(" in a plugin runner") : t(" in process"))));
        } catch (ServiceException ex) {
            if (ex.is(io.corrigo.server.problem.ErrorCode.OUTBOUND_NOT_APPROVED)) {
                Confirm.risky(t("Allow this plugin to connect to {0}?", String.join(", ", ex.details())),
                        t("It is not trusted (not signed by the trust store, not in corrigo.plugins.trusted), so it runs in a plugin runner of its own that reaches only its own data and the hosts it declares: {0}. Allow them and install it?", String.join(", ", ex.details())), t("Allow and install"),
                        () -> install(fileName, content, confirmDowngrade, true));
                return;
            }
            if (ex.is(io.corrigo.server.problem.ErrorCode.DOWNGRADE_NOT_CONFIRMED)) {
                ConfirmDialog confirm = new ConfirmDialog(t("Downgrade?"), ex.getMessage(), t("Downgrade"),
                        c -> install(fileName, content, true, approveOutbound));
                confirm.setCancelable(true);
                confirm.setConfirmButtonTheme("error primary");
                confirm.setId("confirm-downgrade");
                confirm.open();
                return;
            }
            Toasts.error(ex);
        } catch (RuntimeException ex) {
            Toasts.error(ex);
        }
        refresh();
    }

    private HorizontalLayout actions(PluginInfo plugin) {
        boolean started = "STARTED".equals(plugin.state());
        Runnable flip = () -> {
            PluginInfo now = started ? host.disable(plugin.id()) : host.enable(plugin.id());
            Toasts.success(t("{0} is {1}{2}", now.id(), now.state(), (started ? t(": pipelines using it now run degraded.") : ".")));
            refresh();
        };
        Button toggle = new Button(started ? t("Disable") : t("Enable"), e -> Toasts.attempt(() -> {
            if (!started) {
                flip.run();
                return;
            }
            Confirm.risky(t("Disable {0} on every tenant?", plugin.id()), t("It stops on this host and on every host sharing the database. {0}", radius.plugin(plugin.id()).describe()), t("Disable"), flip);
        }));
        toggle.setId("toggle-" + plugin.id());
        toggle.setEnabled(!"FAILED_TO_LOAD".equals(plugin.state()));
        toggle.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_TERTIARY,
                started ? ButtonVariant.LUMO_CONTRAST : ButtonVariant.LUMO_SUCCESS);
        Button uninstall = new Button(t("Uninstall…"), e -> Toasts.attempt(() -> Confirm.risky(t("Uninstall {0}?", plugin.id()),
                t("Its file is deleted on every host. {0} Pipelines that use it are shown as broken until they use another plugin or it is installed again.", radius.plugin(plugin.id()).describe()),
                t("Uninstall"), () -> {
                    host.uninstall(plugin.id());
                    Toasts.success(t("{0} uninstalled.", plugin.id()));
                    refresh();
                })));
        uninstall.setId("uninstall-" + plugin.id());
        uninstall.setEnabled(!"FAILED_TO_LOAD".equals(plugin.state()));
        uninstall.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_TERTIARY, ButtonVariant.LUMO_ERROR);
        HorizontalLayout actions = new HorizontalLayout(toggle, uninstall);
        actions.setSpacing(false);
        return actions;
    }

    private void refresh() {
        grid.setItems(host.plugins());
    }

    /** One line per factory, unbroken: "generator: openai-generator". */
    private static Div offers(PluginInfo plugin) {
        Div list = new Div();
        for (String factory : plugin.factories()) {
            Span line = new Span(factory.replaceFirst(":", ": "));
            line.getStyle().set("display", "block").set("overflow-wrap", "anywhere");
            list.add(line);
        }
        return list;
    }

    private static Div identity(PluginInfo plugin) {
        Span id = new Span(plugin.id());
        id.getStyle().set("font-weight", "600").set("overflow-wrap", "anywhere");
        Span more = new Span(plugin.version() + (plugin.provider() == null ? "" : " · " + plugin.provider()));
        more.getStyle().set("display", "block").set("color", "var(--lumo-secondary-text-color)")
                .set("font-size", "var(--lumo-font-size-s)").set("overflow-wrap", "anywhere");
        return new Div(id, more);
    }
}
