package io.corrigo.ui.shell;

import com.vaadin.flow.component.ComponentEvent;
import com.vaadin.flow.component.ComponentUtil;
import com.vaadin.flow.component.UI;

/**
 * Fired on the UI when a view created, renamed, enabled, disabled or deleted a tenant: the header's tenant selector
 * lists what exists now, without a reload.
 */
public final class TenantsChanged extends ComponentEvent<UI> {

    private TenantsChanged(UI ui) {
        super(ui, false);
    }

    /** Tells the current UI's frame that the tenants changed. */
    public static void fire() {
        UI ui = UI.getCurrent();
        if (ui != null) {
            ComponentUtil.fireEvent(ui, new TenantsChanged(ui));
        }
    }
}
