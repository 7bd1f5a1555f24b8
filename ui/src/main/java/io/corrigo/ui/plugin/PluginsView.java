package io.corrigo.ui.plugin;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.upload.Upload;
import com.vaadin.flow.component.upload.receivers.MemoryBuffer;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import io.corrigo.server.plugin.PluginHost;
import io.corrigo.server.plugin.PluginInfo;
import io.corrigo.server.security.TenantAccess;
import io.corrigo.ui.shell.Badges;
import io.corrigo.ui.shell.Toasts;
import jakarta.annotation.security.PermitAll;
import java.io.IOException;
import java.io.InputStream;

/** Installed plugins with what they offer; platform admins enable, disable and upload plugins. */
@Route("plugins")
@PageTitle("Plugins · Corrigo")
@PermitAll
public class PluginsView extends VerticalLayout {

    private final PluginHost host;
    private final Grid<PluginInfo> grid = new Grid<>();

    public PluginsView(PluginHost host, TenantAccess access) {
        this.host = host;
        H2 title = new H2("Plugins");
        title.getStyle().set("margin-top", "0");
        add(title);
        boolean admin = access.isPlatformAdmin();
        grid.setId("plugins-grid");
        grid.addColumn(PluginInfo::id).setHeader("Plugin").setAutoWidth(true);
        grid.addColumn(PluginInfo::version).setHeader("Version").setAutoWidth(true);
        grid.addColumn(p -> p.provider() == null ? "" : p.provider()).setHeader("Provider").setAutoWidth(true);
        grid.addComponentColumn(p -> Badges.of(p.state())).setHeader("State").setAutoWidth(true);
        grid.addColumn(p -> String.join(", ", p.factories())).setHeader("Offers (stage:factory)").setFlexGrow(2);
        grid.addColumn(p -> p.error() == null ? "" : p.error()).setHeader("Problem").setFlexGrow(1);
        if (admin) {
            grid.addComponentColumn(this::toggle).setAutoWidth(true);
        }
        grid.addThemeVariants(GridVariant.LUMO_WRAP_CELL_CONTENT);
        grid.setAllRowsVisible(true);
        add(grid);
        if (admin) {
            MemoryBuffer buffer = new MemoryBuffer();
            Upload upload = new Upload(buffer);
            upload.setId("plugin-upload");
            upload.setAcceptedFileTypes(".zip");
            upload.setMaxFileSize((int) PluginHost.MAX_PLUGIN_BYTES);
            upload.setDropLabel(new Span("Drop a PF4J plugin .zip here to install it (no restart)"));
            upload.addSucceededListener(e -> {
                try (InputStream in = buffer.getInputStream()) {
                    PluginInfo installed = host.install(e.getFileName(), in.readAllBytes());
                    Toasts.success("Installed " + installed.id() + " " + installed.version() + ": " + installed.state());
                } catch (IOException | RuntimeException ex) {
                    Toasts.error(ex instanceof IOException io ? new IllegalStateException(io.getMessage()) : (RuntimeException) ex);
                }
                upload.clearFileList();
                refresh();
            });
            add(upload);
        } else {
            add(new Paragraph("Only platform admins install, enable or disable plugins."));
        }
        refresh();
    }

    private Button toggle(PluginInfo plugin) {
        boolean started = "STARTED".equals(plugin.state());
        Button button = new Button(started ? "Disable" : "Enable", e -> {
            try {
                PluginInfo now = started ? host.disable(plugin.id()) : host.enable(plugin.id());
                Toasts.success(now.id() + " is " + now.state() + (started ? ": pipelines using it now run degraded." : "."));
            } catch (RuntimeException ex) {
                Toasts.error(ex);
            }
            refresh();
        });
        button.setEnabled(!"FAILED_TO_LOAD".equals(plugin.state()));
        button.addThemeVariants(ButtonVariant.LUMO_SMALL, started ? ButtonVariant.LUMO_ERROR : ButtonVariant.LUMO_SUCCESS);
        return button;
    }

    private void refresh() {
        grid.setItems(host.plugins());
    }
}
