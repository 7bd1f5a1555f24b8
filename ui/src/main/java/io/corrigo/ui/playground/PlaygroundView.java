package io.corrigo.ui.playground;

import com.vaadin.flow.component.Key;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import io.corrigo.server.run.QueryService;
import io.corrigo.ui.shell.EmptyState;
import io.corrigo.ui.shell.TenantScopedView;
import io.corrigo.ui.shell.TenantSelection;
import io.corrigo.ui.shell.Toasts;
import io.corrigo.ui.trace.TracePanel;
import jakarta.annotation.security.PermitAll;

/** Ask the tenant's active pipeline a question and read the answer beside its full trace (the run is logged). */
@Menu(title = "Playground", order = 30, icon = "vaadin:comments")
@Route("playground")
@PageTitle("Playground · Corrigo")
@PermitAll
public class PlaygroundView extends TenantScopedView {

    private final QueryService queries;

    public PlaygroundView(TenantSelection selection, QueryService queries) {
        super(selection, "Playground");
        this.queries = queries;
    }

    @Override
    protected void show(String tenantId, BeforeEnterEvent event) {
        TextField question = new TextField();
        question.setId("question");
        question.setPlaceholder("Ask a question the tenant's knowledge should answer");
        question.setAriaLabel("Question");
        question.setWidthFull();
        VerticalLayout result = new VerticalLayout(EmptyState.of("Ask something",
                "The answer appears here with its citations, and beside it every decision the pipeline took."));
        result.setPadding(false);
        result.setId("playground-result");
        Button ask = new Button("Ask", e -> {
            result.removeAll();
            Toasts.attempt(() -> {
                result.add(new TracePanel(queries.askWithTrace(tenantId, question.getValue())));
            });
        });
        ask.setId("ask");
        ask.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        ask.addClickShortcut(Key.ENTER);
        ask.setDisableOnClick(true);
        ask.addClickListener(e -> ask.setEnabled(true));
        HorizontalLayout bar = new HorizontalLayout(question, ask);
        bar.setWidthFull();
        bar.setAlignItems(FlexComponent.Alignment.BASELINE);
        add(bar, result);
    }
}
