package io.corrigo.ui.run;

import static io.corrigo.ui.shell.Texts.t;

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
    private final io.corrigo.server.eval.EvalCases cases;
    private final io.corrigo.server.curated.CuratedAnswers curated;

    public RunDetailView(TenantSelection selection, RunLog runs, io.corrigo.server.eval.EvalCases cases,
                         io.corrigo.server.curated.CuratedAnswers curated) {
        super(selection, t("Run"));
        this.runs = runs;
        this.cases = cases;
        this.curated = curated;
    }

    @Override
    protected void show(String tenantId, BeforeEnterEvent event) {
        String runId = event.getRouteParameters().get("runId").orElse("");
        add(new Anchor("runs?tenant=" + tenantId, t("← All runs")));
        try {
            io.corrigo.server.run.RunView run = runs.run(tenantId, runId);
            com.vaadin.flow.component.button.Button keep = new com.vaadin.flow.component.button.Button(
                    t("Add to evaluation set…"), e -> caseDialog(tenantId, run));
            keep.setId("add-eval-case");
            keep.getElement().setAttribute("title", t("Keep this question as a case every later evaluation checks, with the route and answer you expect"));
            com.vaadin.flow.component.button.Button curate = new com.vaadin.flow.component.button.Button(
                    t("Curate the answer…"), e -> curateDialog(tenantId, run));
            curate.setId("curate-answer");
            curate.getElement().setAttribute("title", t("Write the answer this question and its variants should get, served in place of the pipeline's"));
            add(new com.vaadin.flow.component.orderedlayout.HorizontalLayout(keep, curate), new TracePanel(run));
        } catch (RuntimeException e) {
            add(EmptyState.of(t("No such run"), Toasts.describe(e)));
        }
    }

    /**
     * The answer this question should get, written by the admin (the run's answer to start from), its variants, whether
     * it cites the run's knowledge-base sources, or an abstention.
     */
    private void curateDialog(String tenantId, io.corrigo.server.run.RunView run) {
        com.vaadin.flow.component.dialog.Dialog dialog = new com.vaadin.flow.component.dialog.Dialog();
        dialog.setId("curate-dialog");
        dialog.setHeaderTitle(t("Curate the answer"));
        dialog.setWidth("min(40rem, 92vw)");
        com.vaadin.flow.component.textfield.TextField question = new com.vaadin.flow.component.textfield.TextField(t("Question"));
        question.setId("curate-question");
        question.setWidthFull();
        question.setValue(run.question());
        com.vaadin.flow.component.textfield.TextArea variants = new com.vaadin.flow.component.textfield.TextArea(t("Other ways of asking it (one per line)"));
        variants.setId("curate-variants");
        variants.setWidthFull();
        com.vaadin.flow.component.checkbox.Checkbox abstain = new com.vaadin.flow.component.checkbox.Checkbox(
                t("Do not answer this question here (an abstention)"));
        abstain.setId("curate-abstain");
        com.vaadin.flow.component.textfield.TextArea answer = new com.vaadin.flow.component.textfield.TextArea(t("Answer"));
        answer.setId("curate-answer-text");
        answer.setWidthFull();
        answer.setValue(run.abstained() ? "" : run.answer().replaceAll("\\s*\\[\\d+\\]", ""));
        java.util.List<String> documents = run.citations().stream()
                .filter(c -> c.source().origin() == io.corrigo.api.Origin.KNOWLEDGE_BASE)
                .map(c -> c.source().documentId()).distinct().toList();
        com.vaadin.flow.component.checkbox.Checkbox cite = new com.vaadin.flow.component.checkbox.Checkbox(
                t("Cite the run's {0} knowledge-base source(s)", documents.size()), !documents.isEmpty());
        cite.setId("curate-cite");
        cite.setEnabled(!documents.isEmpty());
        abstain.addValueChangeListener(e -> {
            answer.setEnabled(!e.getValue());
            cite.setEnabled(!e.getValue() && !documents.isEmpty());
        });
        com.vaadin.flow.component.button.Button save = new com.vaadin.flow.component.button.Button(t("Save curated answer"), e -> {
            try {
                var saved = curated.create(tenantId, new io.corrigo.server.curated.CuratedAnswer.Draft(question.getValue(),
                        java.util.Arrays.asList(variants.getValue().split("\n")), abstain.getValue() ? null : answer.getValue(),
                        abstain.getValue(), cite.getValue() && !abstain.getValue() ? documents : java.util.List.of(),
                        run.id()), io.corrigo.server.audit.AuditLog.actor());
                dialog.close();
                Toasts.success(t("Curated answer {0} saved: questions like this one now get it.", saved.id()));
            } catch (RuntimeException ex) {
                answer.setInvalid(true);
                answer.setErrorMessage(Toasts.describe(ex));
            }
        });
        save.setId("curate-save");
        save.addThemeVariants(com.vaadin.flow.component.button.ButtonVariant.LUMO_PRIMARY);
        dialog.add(question, variants, abstain, answer, cite);
        dialog.getFooter().add(new com.vaadin.flow.component.button.Button(t("Cancel"), e -> dialog.close()), save);
        dialog.open();
    }

    /** The route and answer the admin expects of this question, and the set it goes to. */
    private void caseDialog(String tenantId, io.corrigo.server.run.RunView run) {
        com.vaadin.flow.component.dialog.Dialog dialog = new com.vaadin.flow.component.dialog.Dialog();
        dialog.setId("eval-case-dialog");
        dialog.setHeaderTitle(t("Add to an evaluation set"));
        dialog.setWidth("min(36rem, 92vw)");
        com.vaadin.flow.component.html.Paragraph question = new com.vaadin.flow.component.html.Paragraph(run.question());
        com.vaadin.flow.component.textfield.TextField set = new com.vaadin.flow.component.textfield.TextField(t("Set"));
        set.setId("eval-case-set");
        set.setValue("regression");
        set.setHelperText(t("Evaluate a set from Evaluation, or by API: POST …/evaluations?set=name"));
        com.vaadin.flow.component.select.Select<String> route = new com.vaadin.flow.component.select.Select<>();
        route.setId("eval-case-route");
        route.setLabel(t("Expected route"));
        route.setItems("kb", "web", "none");
        route.setItemLabelGenerator(r -> switch (r) {
            case "kb" -> t("kb: the knowledge base answers it");
            case "web" -> t("web: only the web fallback answers it");
            default -> t("none: nothing should answer it (abstain)");
        });
        route.setValue(run.abstained() ? "none" : "INCORRECT".equals(run.action()) || "AMBIGUOUS".equals(run.action()) ? "web" : "kb");
        com.vaadin.flow.component.textfield.TextArea answer = new com.vaadin.flow.component.textfield.TextArea(t("Expected answer (optional)"));
        answer.setId("eval-case-answer");
        answer.setWidthFull();
        answer.setHelperText(t("A short reference answer, as users should get it; measured by token F1."));
        route.addValueChangeListener(e -> answer.setEnabled(!"none".equals(e.getValue())));
        answer.setEnabled(!"none".equals(route.getValue()));
        com.vaadin.flow.component.button.Button save = new com.vaadin.flow.component.button.Button(t("Add case"), e -> {
            try {
                var kept = cases.add(tenantId, run.id(), set.getValue(), route.getValue(),
                        answer.isEnabled() ? answer.getValue() : null);
                dialog.close();
                Toasts.success(t("Added to set '{0}' ({1} cases): evaluate it on the Evaluation page.", kept.set(), cases.cases(tenantId, kept.set()).size()));
            } catch (RuntimeException ex) {
                set.setInvalid(true);
                set.setErrorMessage(Toasts.describe(ex));
            }
        });
        save.setId("eval-case-save");
        save.addThemeVariants(com.vaadin.flow.component.button.ButtonVariant.LUMO_PRIMARY);
        dialog.add(question, set, route, answer);
        dialog.getFooter().add(new com.vaadin.flow.component.button.Button(t("Cancel"), e -> dialog.close()), save);
        dialog.open();
    }
}
