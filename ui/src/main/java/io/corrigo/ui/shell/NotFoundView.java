package io.corrigo.ui.shell;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.ErrorParameter;
import com.vaadin.flow.router.HasErrorParameter;
import com.vaadin.flow.router.NotFoundException;
import com.vaadin.flow.router.ParentLayout;
import jakarta.annotation.security.PermitAll;
import jakarta.servlet.http.HttpServletResponse;

/**
 * What an admin sees for a page that does not exist or is not theirs (a tenant admin opening Users): the same
 * answer for both, inside the usual frame, with the way back.
 */
@ParentLayout(MainLayout.class)
@PermitAll
public class NotFoundView extends VerticalLayout implements HasErrorParameter<NotFoundException> {

    @Override
    public int setErrorParameter(BeforeEnterEvent event, ErrorParameter<NotFoundException> parameter) {
        removeAll();
        add(EmptyState.of(t("Nothing here"), t("The page '{0}' does not exist, or your role does not include it.", event.getLocation().getPath())), new Anchor("tenants", t("Back to Tenants")));
        return HttpServletResponse.SC_NOT_FOUND;
    }
}
