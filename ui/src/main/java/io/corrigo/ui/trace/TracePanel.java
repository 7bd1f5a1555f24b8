package io.corrigo.ui.trace;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.H4;
import com.vaadin.flow.component.html.ListItem;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.html.UnorderedList;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import io.corrigo.api.Citation;
import io.corrigo.api.Origin;
import io.corrigo.api.Reflection;
import io.corrigo.api.SentenceSupport;
import io.corrigo.api.Support;
import io.corrigo.engine.settings.PipelineSettings;
import io.corrigo.engine.settings.SelfRagSettings;
import io.corrigo.engine.trace.CritiqueRound;
import io.corrigo.engine.trace.PassageTrace;
import io.corrigo.engine.trace.Reranking;
import io.corrigo.engine.trace.RetrievalDecision;
import io.corrigo.engine.trace.RunTrace;
import io.corrigo.engine.trace.StageTiming;
import io.corrigo.engine.trace.StripTrace;
import io.corrigo.server.run.RunView;
import io.corrigo.ui.shell.Badges;
import io.corrigo.ui.shell.Texts;
import java.util.List;
import java.util.Locale;

/**
 * A run as an admin reads it: the answer with its citations beside the trace — the retrieve-or-not decision, every
 * passage's score and grade, the action, search results, kept and dropped sentences, each critique round (sentence
 * support, usefulness, what followed), time per stage, plugins and notices. Answers "why did it say that?" from the
 * trace alone. Renders the engine's own trace records ({@link RunTrace}), so a renamed field is a compile error here.
 */
public class TracePanel extends VerticalLayout {

    /**
     * Opens this panel's links (sources, the cited document) in a new tab: for the playground, where leaving the page
     * would lose what was asked and answered.
     */
    public TracePanel linksInNewTab() {
        inNewTab(this);
        return this;
    }

    private static void inNewTab(Component component) {
        if (component instanceof Anchor anchor) {
            anchor.setTarget("_blank");
            anchor.getElement().setAttribute("rel", "noopener");
        }
        component.getChildren().forEach(TracePanel::inNewTab);
    }

    public TracePanel(RunView run) {
        setPadding(false);
        RunTrace trace = run.trace();
        add(answer(run));
        if (trace == null) {
            add(new Paragraph(t("This run has no trace.")));
            return;
        }
        PipelineSettings settings = trace.settings();
        HorizontalLayout facts = new HorizontalLayout();
        facts.setId("trace-summary");
        facts.add(labelled(t("Action"), Badges.of(trace.action() == null ? t("naive (not graded)") : trace.action().name())));
        facts.add(labelled(t("Context"), new Span(t("{0} words", trace.contextTokens()))));
        facts.add(labelled(t("Total"), new Span(ms(trace.totalMillis()))));
        if (trace.condensation() != null) {
            Span standalone = new Span(trace.condensation().standalone() + " (" + trace.condensation().by()
                    + (trace.condensation().rule() == null ? "" : ": " + trace.condensation().rule()) + ")");
            standalone.setId("trace-condensation");
            standalone.getElement().setAttribute("title", t("Read against: {0}", String.join(" · ", trace.condensation().history())));
            facts.add(labelled(t("Follow-up answered as"), standalone));
            List<String> history = trace.condensation().history();
            List<Integer> used = trace.condensation().used() == null ? List.of() : trace.condensation().used();
            if (!used.isEmpty()) {
                Span turns = new Span(used.stream().filter(n -> n >= 1 && n <= history.size())
                        .map(n -> t("turn {0}: {1}", n, history.get(n - 1))).collect(java.util.stream.Collectors.joining(" · ")));
                turns.setId("trace-condensation-turns");
                facts.add(labelled(t("From the turns"), turns));
            }
            if (trace.condensation().clarification() != null) {
                facts.add(labelled(t("Asked back"), new Span(t("the referent was unclear"))));
            }
        }
        if (trace.rewrittenQuery() != null) {
            facts.add(labelled(t("Web query"), new Span(trace.rewrittenQuery())));
        }
        RetrievalDecision decision = trace.retrievalDecision();
        if (decision != null) {
            Span retrieval = new Span(new Span((decision.retrieve() ? t("retrieved") : t("skipped")) + " · "),
                    Texts.inEnglish(new Span(decision.decidedBy() + ": " + decision.reason())));
            retrieval.setId("trace-retrieval-decision");
            facts.add(labelled(t("Retrieval"), retrieval));
        }
        add(facts);
        add(timings(trace.timings()));
        if (!trace.rounds().isEmpty()) {
            SelfRagSettings selfRag = settings.selfRag();
            add(new H4(t("Self-RAG critique: {0} round(s), at most {1} candidates (serve at support ≥ {2} and usefulness ≥ {3})", trace.rounds().size(), (1 + selfRag.maxRounds()), selfRag.minSupport(), selfRag.minUsefulness())));
            Div rounds = new Div();
            rounds.setId("trace-rounds");
            rounds.setWidthFull();
            trace.rounds().forEach(r -> rounds.add(round(r)));
            add(rounds);
        }
        Reranking reranking = trace.reranking();
        if (reranking != null) {
            add(new H4(t("Reranked: {0} candidates, the best {1} graded", reranking.candidates(), reranking.kept().size())));
            add(reranking(reranking.kept()));
        }
        add(new H4(t("Knowledge-base passages (graded: CORRECT ≥ {0}, INCORRECT < {1})", settings.upperThreshold(), settings.lowerThreshold())));
        add(help(t("Click a passage to read it with the sentences refinement kept (green) and dropped (struck through).")));
        add(passages("trace-retrieved", trace.retrieved(), trace.strips(), run.tenant()));
        if (!trace.searchResults().isEmpty()) {
            add(new H4(t("Web search results")));
            add(passages("trace-search", trace.searchResults(), trace.strips(), run.tenant()));
        }
        add(new H4(t("Sentences (strips) considered by refinement (kept at ≥ {0})", settings.stripThreshold())));
        add(strips(trace.strips()));
        if (!trace.notices().isEmpty()) {
            add(new H4(t("Notices")));
            UnorderedList notices = new UnorderedList();
            notices.setId("trace-notices");
            // the stage by its name ("correct" is the correcting step, not the grade CORRECT); the message as recorded
            trace.notices().forEach(n -> notices.add(new ListItem(new Span(t("{0} stage: ", Texts.known(
                    n.stage().name().toLowerCase(Locale.ROOT)))), Texts.inEnglish(new Span(n.message())),
                    new Span(n.degrading() ? t(" (degraded the answer)") : ""))));
            add(notices);
        }
        UnorderedList plugins = new UnorderedList();
        trace.plugins().forEach(p -> plugins.add(new ListItem(p.role() + ": " + p.factoryId() + " (" + p.pluginId()
                + " " + p.version() + ")")));
        add(new H4(t("Plugins")), plugins);
    }

    private static Component answer(RunView run) {
        Div box = new Div();
        box.setId("run-answer");
        box.getStyle().set("background", "var(--lumo-contrast-5pct)").set("border-radius", "var(--lumo-border-radius-l)")
                .set("padding", "var(--lumo-space-m)").set("width", "100%").set("box-sizing", "border-box");
        H3 question = new H3(run.question());
        question.getStyle().set("margin-top", "0");
        Paragraph answer = new Paragraph(run.answer());
        answer.setId("answer-text");
        answer.getStyle().set("white-space", "pre-wrap");
        HorizontalLayout flags = new HorizontalLayout(Badges.of(run.abstained() ? "abstained" : "answered"));
        if (run.action() != null) {
            flags.add(Badges.of(run.action()));
        }
        if (run.degraded()) {
            flags.add(Badges.of("degraded"));
        }
        if (run.trace() != null && run.trace().incomplete()) {
            flags.add(Badges.of("incomplete"));
        }
        flags.add(new Span(t("pipeline v{0} · {1}", run.pipelineVersion(), ms(run.totalMillis()))));
        box.add(question, flags, answer);
        if (run.citations() != null && !run.citations().isEmpty()) {
            UnorderedList citations = new UnorderedList();
            citations.setId("citations");
            for (Citation c : run.citations()) {
                String title = c.source().title() == null || c.source().title().isEmpty()
                        ? c.source().documentId() : c.source().title();
                String label = "[" + c.number() + "] " + title + " · "
                        + (c.source().origin() == Origin.WEB ? "web" : t("knowledge base"));
                ListItem item = new ListItem();
                String uri = c.source().uri() == null ? "" : c.source().uri();
                if (uri.startsWith("http")) {
                    item.add(new Anchor(uri, label));
                } else {
                    item.add(new Span(label));
                }
                if (c.source().origin() == Origin.KNOWLEDGE_BASE && run.id() != null) {
                    // the quote checked against its document: the text around it, highlighted, at its page
                    Anchor open = new Anchor("source?tenant=" + run.tenant() + "&run=" + run.id() + "&n=" + c.number(),
                            t("open in document"));
                    open.addClassName("open-source");
                    open.getStyle().set("margin-left", "var(--lumo-space-s)").set("font-size", "var(--lumo-font-size-s)");
                    item.add(open);
                }
                Paragraph quote = new Paragraph(c.quote() == null ? "" : c.quote());
                quote.getStyle().set("margin", "0 0 var(--lumo-space-s) 0").set("color", "var(--lumo-secondary-text-color)")
                        .set("font-size", "var(--lumo-font-size-s)");
                item.add(quote);
                citations.add(item);
            }
            box.add(new H4(t("Sources")), citations);
        }
        if (run.feedback() != null) {
            box.add(new Paragraph(t("Feedback: {0}{1}", run.feedback().rating(), (run.feedback().comment() == null ? "" : " — “" + run.feedback().comment() + "”"))));
        }
        return box;
    }

    private static Component timings(List<StageTiming> timings) {
        List<String> stages = timings.stream().map(t -> io.corrigo.ui.shell.Texts.known(t.stage().name().toLowerCase(Locale.ROOT))).toList();
        double[] values = timings.stream().mapToDouble(StageTiming::millis).toArray();
        return SvgChart.stackedBars("trace-timings", t("Time per stage (ms)"), stages,
                List.of(new SvgChart.Series("ms", "var(--lumo-primary-color)", values)));
    }

    /** One candidate answer: its judgement per sentence and what the loop did next. */
    private static Component round(CritiqueRound round) {
        Div box = new Div();
        box.setId("trace-round-" + round.round());
        box.getStyle().set("border-left", "3px solid var(--lumo-contrast-20pct)").set("padding", "0 var(--lumo-space-m)")
                .set("margin-bottom", "var(--lumo-space-m)");
        HorizontalLayout head = new HorizontalLayout();
        head.setAlignItems(FlexComponent.Alignment.BASELINE);
        head.add(new Span(t("Candidate {0}", round.round())), Badges.of(String.valueOf(round.decision())));
        if (round.support() != null) {
            head.add(new Span(t("support {0} · usefulness {1}/5 · judged by {2}", number(round.support()), (round.usefulness() == null ? "—" : round.usefulness()), orDash(round.judgedBy()))));
        }
        box.add(head);
        Paragraph why = Texts.inEnglish(new Paragraph(round.why()));
        why.getStyle().set("color", "var(--lumo-secondary-text-color)").set("margin", "var(--lumo-space-xs) 0");
        box.add(why);
        if (!round.sentences().isEmpty()) {
            UnorderedList sentences = new UnorderedList();
            for (SentenceSupport s : round.sentences()) {
                ListItem item = new ListItem(Badges.of(String.valueOf(s.support())),
                        new Span(" " + s.sentence() + " (" + number(s.score()) + ")"));
                if (s.evidence() != null && !s.evidence().isEmpty() && s.support() == Support.NONE) {
                    Span evidence = new Span(" — " + s.evidence());
                    evidence.getStyle().set("color", "var(--lumo-secondary-text-color)");
                    item.add(evidence);
                }
                sentences.add(item);
            }
            box.add(sentences);
        } else {
            box.add(new Paragraph("“" + round.answer() + "”"));
        }
        Reflection reflection = round.reflection();
        if (reflection != null) {
            box.add(new Paragraph(t("Reflection tokens: retrieve {0}, relevant {1}, support {2}, utility {3}", orDash(reflection.retrieve()), orDash(reflection.relevant()), orDash(reflection.support()), orDash(reflection.utility()))));
        }
        RunTrace again = round.retrieval();
        if (again != null) {
            box.add(new Paragraph(t("From a second retrieval for “{0}”: action {1}, {2} passages, {3} sentences considered.", again.question(), orDash(again.action()), again.retrieved().size(), again.strips().size())));
        }
        return box;
    }

    /**
     * The graded passages: the retriever's score relative to the run's best (raw fusion scores are tiny and alike),
     * the evaluator's probability, the grade; a click opens the passage with its kept and dropped sentences.
     */
    public static Grid<PassageTrace> passages(String id, List<PassageTrace> passages, List<StripTrace> strips,
                                              String tenantId) {
        Grid<PassageTrace> grid = new Grid<>();
        grid.setId(id);
        double best = passages.stream().mapToDouble(PassageTrace::retrievalScore).max().orElse(0);
        grid.addColumn(p -> p.title() == null || p.title().isEmpty() ? p.documentId() : p.title())
                .setHeader(t("Passage")).setFlexGrow(2);
        grid.addColumn(p -> p.origin() == io.corrigo.api.Origin.WEB ? "web" : t("knowledge base")).setHeader(t("Origin"))
                .setAutoWidth(true);
        grid.addColumn(p -> best <= 0 ? "—" : String.format(Locale.ROOT, "%.2f", p.retrievalScore() / best))
                .setHeader(header(t("Rank score"), t("The retriever's score relative to the best passage of this run (1.00 = the best). It only orders passages: fused (RRF) scores are tiny and close together, so they are shown relative. It is not a probability.")))
                .setAutoWidth(true);
        grid.addColumn(p -> p.score() == null ? "—" : String.format(Locale.ROOT, "%.2f", p.score()))
                .setHeader(header(t("Answers it (grader)"), t("The evaluator's estimate, from 0 to 1, that the passage answers the question. The thresholds turn it into the grade: CORRECT, AMBIGUOUS or INCORRECT.")))
                .setAutoWidth(true);
        grid.addComponentColumn(p -> Badges.of(p.grade() == null ? null : p.grade().name())).setHeader(t("Grade"))
                .setAutoWidth(true);
        grid.addComponentColumn(p -> Badges.of(p.kept() ? "kept" : "dropped")).setHeader(t("Used")).setAutoWidth(true);
        grid.addComponentColumn(p -> Texts.inEnglish(new Span(brief(p.error())))).setHeader(t("Evaluator's reason or error"))
                .setFlexGrow(2).setTooltipGenerator(p -> p.error() == null ? "" : p.error());
        grid.setItemDetailsRenderer(new com.vaadin.flow.data.renderer.ComponentRenderer<>(p -> passageText(p, strips, tenantId)));
        grid.setDetailsVisibleOnClick(true);
        grid.setItems(passages);
        grid.setAllRowsVisible(true);
        grid.addThemeVariants(GridVariant.LUMO_COMPACT, GridVariant.LUMO_ROW_STRIPES, GridVariant.LUMO_WRAP_CELL_CONTENT);
        return grid;
    }

    private static Component header(String text, String help) {
        return io.corrigo.ui.shell.Help.labelled(text, help);
    }

    /**
     * An evaluator's reason as a grid cell reads it: its first clause (up to the first {@code ;} outside parentheses),
     * without the figures in parentheses that hold a comparison ({@code (margin 0.2 < 0.5)}), and the grader's raw
     * features named as such; at most 200 characters. The whole reason is in the passage's details.
     */
    static String brief(String reason) {
        if (reason == null) {
            return "";
        }
        String clause = topLevel(reason, ';');
        java.util.regex.Matcher model = java.util.regex.Pattern.compile("^answers p=([0-9.]+)").matcher(clause);
        if (model.find()) { // the answerhood model's figures alone
            clause = t("graded by its features, p = {0}", model.group(1));
        }
        StringBuilder words = new StringBuilder();
        int depth = 0;
        int open = -1;
        for (int i = 0; i < clause.length(); i++) {
            char c = clause.charAt(i);
            if (c == '(' && depth++ == 0) {
                open = words.length();
            }
            words.append(c);
            if (c == ')' && depth > 0 && --depth == 0 && open >= 0) {
                String group = words.substring(open);
                if (group.matches(".*[<>=].*")) { // a comparison of figures: the details have it
                    words.setLength(open);
                }
            }
        }
        String shown = words.toString().replaceAll("\\s+", " ").strip();
        return shown.length() <= 200 ? shown : shown.substring(0, 197) + "…";
    }

    /** {@code text} up to the first {@code separator} outside parentheses (all of it when there is none). */
    private static String topLevel(String text, char separator) {
        int depth = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            if (c == separator && depth == 0) {
                return text.substring(0, i);
            }
        }
        return text;
    }

    private static Paragraph help(String text) {
        Paragraph help = new Paragraph(text);
        help.getStyle().set("color", "var(--lumo-secondary-text-color)").set("font-size", "var(--lumo-font-size-s)")
                .set("margin", "0");
        return help;
    }

    /** A passage's text: each sentence refinement considered marked kept or dropped; a link to its source. */
    private static Component passageText(PassageTrace passage, List<StripTrace> strips, String tenantId) {
        Div box = new Div();
        box.addClassName("passage-text");
        box.getStyle().set("padding", "var(--lumo-space-s) var(--lumo-space-m)").set("white-space", "normal")
                .set("overflow-wrap", "anywhere").set("line-height", "1.6");
        List<StripTrace> own = strips.stream().filter(s -> s.passageId().equals(passage.id())).toList();
        if (!own.isEmpty()) {
            for (StripTrace strip : own) {
                Span sentence = new Span(strip.text() + " ");
                sentence.addClassName(strip.kept() ? "strip-kept" : "strip-dropped");
                sentence.getElement().setAttribute("title", t("{0}, score {1}{2}", (strip.kept() ? t("kept") : t("dropped")), String.format(Locale.ROOT, "%.2f", strip.score()), (strip.reason() == null ? "" : ": " + strip.reason())));
                if (strip.kept()) {
                    sentence.getStyle().set("background", "var(--lumo-success-color-10pct)").set("border-radius", "3px");
                } else {
                    sentence.getStyle().set("color", "var(--lumo-secondary-text-color)").set("text-decoration", "line-through");
                }
                box.add(sentence);
            }
        } else {
            box.add(new Span(passage.text() != null ? passage.text()
                    : t("(This run's trace was recorded before passage texts were kept.)")));
            Paragraph note = help(passage.kept() ? t("Used whole: no sentence was refined out.")
                    : t("Dropped before refinement: its sentences were not considered."));
            box.add(note);
        }
        if (passage.error() != null && !passage.error().equals(brief(passage.error()))) {
            // the reason in full; the answerhood model's feature values apart, for whoever tunes it
            String full = passage.error();
            int features = full.indexOf("answers p=");
            Paragraph reason = help(t("Evaluator: {0}", (features > 0 ? full.substring(0, features) : features == 0 ? "" : full)
                    .replaceAll("[;\\s]+$", "")));
            reason.addClassName("passage-reason");
            if (features != 0) {
                box.add(reason);
            }
            if (features >= 0) {
                com.vaadin.flow.component.details.Details figures = new com.vaadin.flow.component.details.Details(
                        t("The grader's features"), help(full.substring(features)));
                figures.addClassName("passage-features");
                box.add(figures);
            }
        }
        if (passage.origin() == io.corrigo.api.Origin.WEB && passage.documentId() != null
                && passage.documentId().startsWith("http")) {
            Anchor source = new Anchor(passage.documentId(), t("Open the source"));
            source.setTarget("_blank");
            source.getElement().setAttribute("rel", "noopener noreferrer");
            box.add(new Div(source));
        } else if (passage.origin() == io.corrigo.api.Origin.KNOWLEDGE_BASE && tenantId != null && passage.documentId() != null) {
            Anchor source = new Anchor("document?tenant=" + tenantId + "&id=" + passage.documentId()
                    + "&chunk=" + java.net.URLEncoder.encode(passage.id(), java.nio.charset.StandardCharsets.UTF_8),
                    t("Open the document's chunks"));
            box.add(new Div(source));
        }
        return box;
    }

    /** Where each graded passage stood in the retriever's order and where the reranker put it. */
    private static Grid<Reranking.Move> reranking(List<Reranking.Move> kept) {
        Grid<Reranking.Move> grid = new Grid<>();
        grid.setId("trace-reranking");
        grid.addColumn(Reranking.Move::rank).setHeader(t("Rank")).setAutoWidth(true);
        grid.addColumn(Reranking.Move::retrievalRank).setHeader(t("Retriever's rank")).setAutoWidth(true);
        grid.addComponentColumn(m -> {
            int moved = m.retrievalRank() - m.rank();
            return Badges.of(moved > 0 ? t("up {0}", moved) : moved < 0 ? t("down {0}", -moved) : "same");
        }).setHeader(t("Moved")).setAutoWidth(true);
        grid.addColumn(m -> m.title() == null || m.title().isEmpty() ? m.id() : m.title()).setHeader(t("Passage"))
                .setFlexGrow(3);
        grid.setItems(kept);
        grid.setAllRowsVisible(true);
        grid.addThemeVariants(GridVariant.LUMO_COMPACT, GridVariant.LUMO_WRAP_CELL_CONTENT);
        return grid;
    }

    private static Grid<StripTrace> strips(List<StripTrace> strips) {
        Grid<StripTrace> grid = new Grid<>();
        grid.setId("trace-strips");
        grid.addComponentColumn(s -> Badges.of(s.kept() ? "kept" : "dropped")).setHeader(t("Used")).setAutoWidth(true);
        grid.addColumn(s -> number(s.score())).setHeader(t("Score")).setAutoWidth(true);
        grid.addColumn(StripTrace::text).setHeader(t("Sentence")).setFlexGrow(3);
        grid.addComponentColumn(s -> Texts.inEnglish(new Span(s.reason() == null ? "" : s.reason()))).setHeader(t("Why"))
                .setAutoWidth(true);
        grid.setItems(strips);
        grid.setHeight("22rem");
        grid.addThemeVariants(GridVariant.LUMO_COMPACT, GridVariant.LUMO_WRAP_CELL_CONTENT);
        return grid;
    }

    private static Component labelled(String label, Component value) {
        Span name = new Span(label);
        name.getStyle().set("color", "var(--lumo-secondary-text-color)").set("font-size", "var(--lumo-font-size-xs)")
                .set("display", "block");
        return new Div(name, value);
    }

    private static String orDash(Object value) {
        return value == null || value.toString().isEmpty() ? "—" : value.toString();
    }

    private static String number(Double v) {
        return v == null ? "—" : String.format(Locale.ROOT, "%.3f", v);
    }

    static String ms(double millis) {
        return String.format(Locale.ROOT, t("%.0f ms"), millis);
    }
}
