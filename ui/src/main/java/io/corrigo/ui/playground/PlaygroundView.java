package io.corrigo.ui.playground;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.Key;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.checkbox.Checkbox;
import com.vaadin.flow.component.details.Details;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H4;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.QueryParameters;
import com.vaadin.flow.router.Route;
import io.corrigo.engine.condense.Turn;
import io.corrigo.server.conversation.CitedPassages;
import io.corrigo.server.pipeline.PipelineService;
import io.corrigo.server.run.QueryService;
import io.corrigo.server.run.RunView;
import io.corrigo.ui.shell.Badges;
import io.corrigo.ui.shell.EmptyState;
import io.corrigo.ui.shell.TenantScopedView;
import io.corrigo.ui.shell.TenantSelection;
import io.corrigo.ui.shell.Toasts;
import io.corrigo.ui.trace.TracePanel;
import jakarta.annotation.security.PermitAll;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Ask the tenant's active pipeline a question and read the answer beside its full trace (the run is logged). With
 * another version chosen to compare ({@code ?compare=N}: a draft, an earlier release) the question goes to both, and
 * their answers stand side by side before the traces. In conversation mode each question follows the ones before it
 * as a widget visitor's would, and each turn shows the standalone question it was answered as.
 */
@Menu(title = "Playground", order = 30, icon = "vaadin:comments")
@Route("playground")
@PageTitle("Playground · Corrigo")
@PermitAll
public class PlaygroundView extends TenantScopedView {

    private static final String NO_COMPARISON = t("no comparison");

    private final QueryService queries;
    private final PipelineService pipelines;

    public PlaygroundView(TenantSelection selection, QueryService queries, PipelineService pipelines) {
        super(selection, t("Playground"));
        this.queries = queries;
        this.pipelines = pipelines;
    }

    @Override
    protected void show(String tenantId, BeforeEnterEvent event) {
        int active = pipelines.activeVersion(tenantId);
        List<PipelineService.VersionSummary> others = pipelines.versions(tenantId).stream()
                .filter(v -> v.version() != active).toList();
        Integer compare = event.getLocation().getQueryParameters().getSingleParameter("compare").flatMap(c -> {
            try {
                int v = Integer.parseInt(c.strip());
                return others.stream().anyMatch(o -> o.version() == v) ? java.util.Optional.of(v) : java.util.Optional.empty();
            } catch (NumberFormatException e) {
                return java.util.Optional.empty();
            }
        }).orElse(null);

        TextField question = new TextField();
        question.setId("question");
        question.setPlaceholder(t("Ask a question the tenant's knowledge should answer"));
        question.setAriaLabel(t("Question"));
        question.setWidthFull();
        Select<String> against = new Select<>();
        against.setId("compare-version");
        against.setAriaLabel(t("Compare with version"));
        against.setItems(options(others));
        against.setItemLabelGenerator(option -> option.equals(NO_COMPARISON) ? t(NO_COMPARISON) : option);
        against.setValue(compare == null ? NO_COMPARISON : label(others, compare));
        against.setWidth("16rem");
        against.addValueChangeListener(e -> {
            if (e.isFromClient()) {
                Map<String, String> query = new LinkedHashMap<>();
                query.put("tenant", tenantId);
                versionOf(e.getValue()).ifPresent(v -> query.put("compare", Integer.toString(v)));
                getUI().ifPresent(ui -> ui.navigate(PlaygroundView.class, QueryParameters.simple(query)));
            }
        });
        VerticalLayout result = new VerticalLayout(EmptyState.of(t("Ask something"), compare == null
                ? t("The answer appears here with its citations, and beside it every decision the pipeline took.")
                : t("The question goes to the active version {0} and to version {1}; their answers appear side by side, their traces below.", active, compare)));
        result.setPadding(false);
        result.setId("playground-result");
        Checkbox conversation = new Checkbox(t("Conversation"));
        conversation.setId("conversation-mode");
        conversation.setTooltipText(t("Each question follows the ones before it, as in the chat widget: follow-ups are rewritten into standalone questions, and each rewrite is shown"));
        conversation.setEnabled(compare == null);
        List<Turn> turns = new ArrayList<>();
        VerticalLayout transcript = new VerticalLayout();
        transcript.setId("playground-conversation");
        transcript.setPadding(false);
        Button restart = new Button(t("New conversation"), e -> {
            turns.clear();
            transcript.removeAll();
        });
        restart.setId("new-conversation");
        restart.setVisible(false);
        conversation.addValueChangeListener(e -> {
            turns.clear();
            transcript.removeAll();
            result.removeAll();
            restart.setVisible(e.getValue());
            if (e.getValue()) {
                result.add(transcript);
            }
        });
        java.util.function.Consumer<String> askInConversation = new java.util.function.Consumer<>() {
            @Override
            public void accept(String asked) {
                Toasts.attempt(() -> {
                    RunView run = queries.askWithTrace(tenantId, asked, List.copyOf(turns));
                    turns.add(run.abstained() ? new Turn(run.question(), "")
                            : new Turn(run.question(), run.answer(), CitedPassages.of(run.citations(), run.trace())));
                    // a reading picked is asked as the next turn; "Not what I meant" puts the follow-up back to rewrite
                    transcript.add(turn(turns.size(), run, this, typed -> {
                        question.setValue(typed);
                        question.focus();
                    }));
                    question.clear();
                });
            }
        };
        Button ask = new Button(t("Ask"), e -> {
            if (conversation.getValue()) {
                askInConversation.accept(question.getValue());
                return;
            }
            result.removeAll();
            Toasts.attempt(() -> {
                if (compare == null) {
                    result.add(new TracePanel(queries.askWithTrace(tenantId, question.getValue())).linksInNewTab());
                } else {
                    RunView left = queries.askWithTrace(tenantId, question.getValue());
                    RunView right = queries.askWithTrace(tenantId, question.getValue(), compare);
                    result.add(comparison(left, right));
                }
            });
        });
        ask.setId("ask");
        ask.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        ask.addClickShortcut(Key.ENTER);
        ask.setDisableOnClick(true);
        ask.addClickListener(e -> ask.setEnabled(true));
        HorizontalLayout bar = new HorizontalLayout(question, against, conversation, ask, restart);
        bar.setWidthFull();
        bar.setAlignItems(FlexComponent.Alignment.BASELINE);
        add(bar, result);
    }

    /**
     * One turn of a playground conversation: what was typed, the standalone question it was answered as (and from
     * which turns), the answer, and the trace folded away.
     */
    private static Component turn(int number, RunView run, java.util.function.Consumer<String> ask,
                                  java.util.function.Consumer<String> rephrase) {
        Div card = new Div();
        card.addClassName("playground-turn");
        card.getStyle().set("border", "1px solid var(--lumo-contrast-10pct)").set("border-radius", "var(--lumo-border-radius-l)")
                .set("padding", "var(--lumo-space-s) var(--lumo-space-m)").set("width", "100%").set("box-sizing", "border-box");
        H4 asked = new H4(number + ". " + run.question());
        asked.getStyle().set("margin", "0");
        card.add(asked);
        var condensation = run.trace() == null ? null : run.trace().condensation();
        Span readAs = new Span(condensation == null ? t("A first question: answered as asked")
                : !condensation.choices().isEmpty() ? t("Reads more than one way: asked which is meant")
                : condensation.clarification() != null ? t("Unclear: asked back instead of answering")
                : condensation.changed() ? t("Answering: {0} ({1}{2})", condensation.standalone(), condensation.by(), (condensation.rule() == null ? "" : ", " + condensation.rule()))
                : t("Stands on its own: answered as asked"));
        readAs.addClassName("playground-rewrite");
        readAs.getStyle().set("color", "var(--lumo-secondary-text-color)").set("font-size", "var(--lumo-font-size-s)");
        Paragraph answer = new Paragraph(run.answer());
        answer.addClassName("playground-answer");
        answer.getStyle().set("white-space", "pre-wrap").set("overflow-wrap", "anywhere").set("margin", "var(--lumo-space-xs) 0");
        HorizontalLayout badges = new HorizontalLayout(Badges.of(run.abstained() ? "abstained" : "answered"));
        Details trace = new Details(t("Trace"), new TracePanel(run).linksInNewTab());
        trace.setWidthFull();
        card.add(readAs, badges, answer);
        if (condensation != null && condensation.changed() && condensation.choices().isEmpty()
                && condensation.clarification() == null) {
            // a wrong reading is one click away from being asked again in full, as in the widget
            Button notMeant = new Button(t("Not what I meant"), e -> {
                Span askBack = new Span(t("Ask the whole question, naming what you mean."));
                askBack.addClassName("playground-ask-back");
                // the assistant's question back, not part of the answer above it
                askBack.getStyle().set("color", "var(--lumo-secondary-text-color)").set("font-style", "italic")
                        .set("display", "block").set("margin", "var(--lumo-space-xs) 0");
                e.getSource().setVisible(false);
                card.addComponentAtIndex(card.indexOf(answer) + 1, askBack);
                rephrase.accept(run.question());
            });
            notMeant.addClassName("playground-not-meant");
            notMeant.addThemeVariants(com.vaadin.flow.component.button.ButtonVariant.LUMO_TERTIARY,
                    com.vaadin.flow.component.button.ButtonVariant.LUMO_SMALL);
            card.add(notMeant);
        }
        if (condensation != null && !condensation.choices().isEmpty()) {
            // the follow-up reads more than one way: one click asks the reading meant
            HorizontalLayout choices = new HorizontalLayout();
            choices.addClassName("playground-choices");
            for (var choice : condensation.choices()) {
                Button pick = new Button(choice.label(), e -> ask.accept(choice.question()));
                pick.addClassName("playground-choice");
                pick.setTooltipText(choice.question());
                pick.setDisableOnClick(true);
                choices.add(pick);
            }
            card.add(choices);
        }
        card.add(trace);
        return card;
    }

    /** Two runs of one question side by side (answer, route, outcome, time), then each full trace. */
    private static Component comparison(RunView left, RunView right) {
        Div cards = new Div(card(left, "active", "compare-active"), card(right, "compared", "compare-other"));
        cards.setId("playground-comparison");
        cards.getStyle().set("display", "grid").set("grid-template-columns", "repeat(auto-fit, minmax(18rem, 1fr))")
                .set("gap", "var(--lumo-space-m)").set("width", "100%");
        Details leftTrace = new Details(t("Trace of version {0} (active)", left.pipelineVersion()), new TracePanel(left).linksInNewTab());
        Details rightTrace = new Details(t("Trace of version {0}", right.pipelineVersion()), new TracePanel(right).linksInNewTab());
        leftTrace.setWidthFull();
        rightTrace.setWidthFull();
        VerticalLayout all = new VerticalLayout(cards, leftTrace, rightTrace);
        all.setPadding(false);
        return all;
    }

    private static Component card(RunView run, String role, String id) {
        Div card = new Div();
        card.setId(id);
        card.getStyle().set("border", "1px solid var(--lumo-contrast-10pct)").set("border-radius", "var(--lumo-border-radius-l)")
                .set("padding", "var(--lumo-space-m)").set("min-width", "0").set("box-sizing", "border-box");
        H4 title = new H4(t("Version {0} · {1}", run.pipelineVersion(), role));
        title.getStyle().set("margin", "0 0 var(--lumo-space-s) 0");
        String action = run.action() != null ? run.action() : "NAIVE".equals(run.mode()) ? "naive" : t("no retrieval");
        HorizontalLayout badges = new HorizontalLayout(Badges.of(action),
                Badges.of(run.abstained() ? "abstained" : "answered"));
        if (run.degraded()) {
            badges.add(Badges.of("degraded"));
        }
        badges.add(new Span(String.format(Locale.ROOT, t("%.0f ms"), run.totalMillis())));
        badges.setAlignItems(FlexComponent.Alignment.CENTER);
        Paragraph answer = new Paragraph(run.answer());
        answer.addClassName("compare-answer");
        answer.getStyle().set("white-space", "pre-wrap").set("overflow-wrap", "anywhere");
        card.add(title, badges, answer);
        return card;
    }

    private static List<String> options(List<PipelineService.VersionSummary> others) {
        List<String> options = new java.util.ArrayList<>();
        options.add(NO_COMPARISON);
        others.forEach(v -> options.add(label(v)));
        return options;
    }

    private static String label(PipelineService.VersionSummary v) {
        return "v" + v.version() + " · " + v.state().name().toLowerCase(Locale.ROOT);
    }

    private static String label(List<PipelineService.VersionSummary> others, int version) {
        return others.stream().filter(v -> v.version() == version).findFirst().map(PlaygroundView::label).orElse(NO_COMPARISON);
    }

    private static java.util.Optional<Integer> versionOf(String option) {
        if (option == null || option.equals(NO_COMPARISON)) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(Integer.parseInt(option.substring(1, option.indexOf(' '))));
    }
}
