package io.corrigo.ui.shell;

import com.vaadin.flow.component.page.AppShellConfigurator;
import com.vaadin.flow.server.AppShellSettings;

/** The page every view is served in: its icon (the browser tab's and a bookmark's). */
public class Shell implements AppShellConfigurator {

    @Override
    public void configurePage(AppShellSettings settings) {
        settings.addLink("icon", "icons/corrigo.svg");
    }
}
