package io.corrigo.ui.curated;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.checkbox.Checkbox;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.textfield.TextArea;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import io.corrigo.server.audit.AuditLog;
import io.corrigo.server.curated.CuratedAnswer;
import io.corrigo.server.curated.CuratedAnswers;
import io.corrigo.ui.shell.Confirm;
import io.corrigo.ui.shell.EmptyState;
import io.corrigo.ui.shell.TenantScopedView;
import io.corrigo.ui.shell.TenantSelection;
import io.corrigo.ui.shell.Toasts;
import jakarta.annotation.security.PermitAll;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The answers the tenant's team wrote, served in place of the pipeline's to questions that match: each with its
 * variants, the answer or an abstention, the documents it cites, its version, who wrote it and the run it came from;
 * edited (a new version) or deleted here. They are written from a run's page (*Curate the answer…*) or the API.
 */
@Menu(title = "Curated answers", order = 55, icon = "vaadin:edit")
@Route("curated-answers")
@PageTitle("Curated answers · Corrigo")
@PermitAll
public class CuratedAnswersView extends TenantScopedView {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneId.systemDefault());

    private final CuratedAnswers curated;

    public CuratedAnswersView(TenantSelection selection, CuratedAnswers curated) {
        super(selection, t("Curated answers"));
        this.curated = curated;
    }

    @Override
    protected void show(String tenantId, BeforeEnterEvent event) {
        Paragraph intro = new Paragraph(t("A question that matches one of these closely (its wording or a variant, naming no other figure, name or qualifier) gets the answer written here instead of the pipeline's, marked as written by your team. Write one from a run's page: Runs → a run → Curate the answer…"));
        intro.getStyle().set("margin-top", "0").set("max-width", "60rem");
        add(intro);
        List<CuratedAnswer> all;
        try {
            all = curated.list(tenantId);
        } catch (RuntimeException e) {
            add(new Paragraph(Toasts.describe(e)));
            return;
        }
        if (all.isEmpty()) {
            add(EmptyState.of(t("No curated answers yet"), t("Open a run under Runs and choose Curate the answer… to write the answer a question should get, or one it should not get here (an abstention).")));
            return;
        }
        Grid<CuratedAnswer> grid = new Grid<>();
        grid.setId("curated-grid");
        grid.addComponentColumn(CuratedAnswersView::question).setHeader(t("Question")).setFlexGrow(2);
        grid.addComponentColumn(c -> answer(tenantId, c)).setHeader(t("Answer")).setFlexGrow(3);
        grid.addColumn(c -> "v" + c.version()).setHeader(t("Version")).setAutoWidth(true).setFlexGrow(0);
        grid.addComponentColumn(c -> written(tenantId, c)).setHeader(t("Written")).setAutoWidth(true).setFlexGrow(0);
        grid.addComponentColumn(c -> actions(tenantId, c)).setHeader(t("Actions")).setAutoWidth(true).setFlexGrow(0);
        grid.addThemeVariants(GridVariant.LUMO_WRAP_CELL_CONTENT, GridVariant.LUMO_COMPACT);
        grid.setItems(all);
        grid.setAllRowsVisible(true);
        add(grid);
    }

    private static Component question(CuratedAnswer c) {
        Div cell = new Div(new Span(c.question()));
        if (!c.variants().isEmpty()) {
            Span variants = new Span(t("also: {0}", String.join(" · ", c.variants())));
            variants.getStyle().set("display", "block").set("font-size", "var(--lumo-font-size-s)")
                    .set("color", "var(--lumo-secondary-text-color)");
            cell.add(variants);
        }
        return cell;
    }

    private Component answer(String tenantId, CuratedAnswer c) {
        Div cell = new Div();
        if (c.answer() == null) {
            Span abstains = new Span(t("Not answered here (the tenant's abstention message)"));
            abstains.getStyle().set("font-style", "italic");
            cell.add(abstains);
        } else {
            cell.add(new Span(c.answer()));
        }
        if (!c.documents().isEmpty()) {
            Span cites = new Span(t("cites: {0}", c.documents().stream().map(d -> curated.title(tenantId, d))
                    .collect(Collectors.joining(", "))));
            cites.getStyle().set("display", "block").set("font-size", "var(--lumo-font-size-s)")
                    .set("color", "var(--lumo-secondary-text-color)");
            cell.add(cites);
        }
        return cell;
    }

    private static Component written(String tenantId, CuratedAnswer c) {
        Div cell = new Div(new Span(WHEN.format(c.updatedAt()) + (c.updatedBy() == null ? "" : " · " + c.updatedBy())));
        if (c.sourceRun() != null) {
            Anchor run = new Anchor("runs/" + c.sourceRun() + "?tenant=" + tenantId, t("from a run"));
            run.getStyle().set("display", "block").set("font-size", "var(--lumo-font-size-s)");
            cell.add(run);
        }
        return cell;
    }

    private Component actions(String tenantId, CuratedAnswer c) {
        Button edit = new Button(t("Edit"), e -> edit(tenantId, c));
        edit.setId("curated-edit-" + c.id());
        edit.addThemeVariants(ButtonVariant.LUMO_SMALL);
        Button delete = new Button(t("Delete"), e -> Confirm.risky(t("Delete the curated answer?"),
                t("Questions like \u201c{0}\u201d will be answered by the pipeline again. The audit log keeps what is deleted.", c.question()),
                t("Delete"), () -> Toasts.attempt(() -> {
                    curated.delete(tenantId, c.id());
                    Toasts.success(t("Curated answer {0} deleted.", c.id()));
                    getUI().ifPresent(ui -> ui.getPage().reload());
                })));
        delete.setId("curated-delete-" + c.id());
        delete.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_ERROR);
        return new HorizontalLayout(edit, delete);
    }

    /** The question, its variants and the answer (or an abstention), saved as the next version; citations kept. */
    private void edit(String tenantId, CuratedAnswer c) {
        Dialog dialog = new Dialog();
        dialog.setId("curated-edit-dialog");
        dialog.setHeaderTitle(t("Edit the curated answer"));
        dialog.setWidth("min(40rem, 92vw)");
        TextField question = new TextField(t("Question"));
        question.setId("curated-edit-question");
        question.setWidthFull();
        question.setValue(c.question());
        TextArea variants = new TextArea(t("Other ways of asking it (one per line)"));
        variants.setId("curated-edit-variants");
        variants.setWidthFull();
        variants.setValue(String.join("\n", c.variants()));
        Checkbox abstain = new Checkbox(t("Do not answer this question here (an abstention)"), c.answer() == null);
        abstain.setId("curated-edit-abstain");
        TextArea answer = new TextArea(t("Answer"));
        answer.setId("curated-edit-answer");
        answer.setWidthFull();
        answer.setValue(c.answer() == null ? "" : c.answer());
        answer.setEnabled(c.answer() != null);
        abstain.addValueChangeListener(e -> answer.setEnabled(!e.getValue()));
        Button save = new Button(t("Save as version {0}", c.version() + 1), e -> {
            try {
                curated.update(tenantId, c.id(), new CuratedAnswer.Draft(question.getValue(),
                        Arrays.asList(variants.getValue().split("\n")), abstain.getValue() ? null : answer.getValue(),
                        abstain.getValue(), abstain.getValue() ? List.of() : c.documents(), null), AuditLog.actor());
                dialog.close();
                Toasts.success(t("Curated answer {0} saved as version {1}.", c.id(), c.version() + 1));
                getUI().ifPresent(ui -> ui.getPage().reload());
            } catch (RuntimeException ex) {
                answer.setInvalid(true);
                answer.setErrorMessage(Toasts.describe(ex));
            }
        });
        save.setId("curated-edit-save");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        dialog.add(question, variants, abstain, answer);
        dialog.getFooter().add(new Button(t("Cancel"), e -> dialog.close()), save);
        dialog.open();
    }
}
