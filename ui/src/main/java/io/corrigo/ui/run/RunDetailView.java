package io.corrigo.ui.run;

import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import io.corrigo.server.run.RunLog;
import io.corrigo.ui.shell.EmptyState;
import io.corrigo.ui.shell.TenantScopedView;
import io.corrigo.ui.shell.TenantSelection;
import io.corrigo.ui.shell.Toasts;
import io.corrigo.ui.trace.TracePanel;
import jakarta.annotation.security.PermitAll;

/** One run: question, answer, citations, feedback and its full trace. */
@Route("runs/:runId")
@PageTitle("Run · Corrigo")
@PermitAll
public class RunDetailView extends TenantScopedView {

    private final RunLog runs;

    public RunDetailView(TenantSelection selection, RunLog runs) {
        super(selection, "Run");
        this.runs = runs;
    }

    @Override
    protected void show(String tenantId, BeforeEnterEvent event) {
        String runId = event.getRouteParameters().get("runId").orElse("");
        add(new Anchor("runs?tenant=" + tenantId, "← All runs"));
        try {
            add(new TracePanel(runs.run(tenantId, runId)));
        } catch (RuntimeException e) {
            add(EmptyState.of("No such run", Toasts.describe(e)));
        }
    }
}
