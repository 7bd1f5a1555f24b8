package io.corrigo.ui.trace;

import com.fasterxml.jackson.databind.JsonNode;
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
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import io.corrigo.server.run.RunView;
import io.corrigo.ui.shell.Badges;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A run as an admin reads it: the answer with its citations beside the trace — the retrieve-or-not decision, every
 * passage's score and grade, the action, search results, kept and dropped sentences, each critique round (sentence
 * support, usefulness, what followed), time per stage, plugins and notices. Answers "why did
 * it say that?" from the trace alone.
 */
public class TracePanel extends VerticalLayout {

    public TracePanel(RunView run) {
        setPadding(false);
        JsonNode trace = run.trace();
        add(answer(run));
        if (trace == null || trace.isNull()) {
            add(new Paragraph("This run has no trace."));
            return;
        }
        HorizontalLayout facts = new HorizontalLayout();
        facts.setId("trace-summary");
        facts.add(labelled("Action", Badges.of(text(trace, "action", "naive (not graded)"))));
        facts.add(labelled("Context", new Span(trace.path("contextTokens").asInt() + " words")));
        facts.add(labelled("Total", new Span(ms(trace.path("totalMillis").asDouble()))));
        if (!trace.path("rewrittenQuery").isMissingNode() && !trace.path("rewrittenQuery").isNull()) {
            facts.add(labelled("Web query", new Span(trace.path("rewrittenQuery").asText())));
        }
        JsonNode decision = trace.path("retrievalDecision");
        if (decision.isObject()) {
            Span retrieval = new Span((decision.path("retrieve").asBoolean() ? "retrieved" : "skipped") + " · "
                    + decision.path("decidedBy").asText() + ": " + decision.path("reason").asText());
            retrieval.setId("trace-retrieval-decision");
            facts.add(labelled("Retrieval", retrieval));
        }
        add(facts);
        add(timings(trace.path("timings")));
        if (trace.path("rounds").size() > 0) {
            add(new H4("Self-RAG critique: " + trace.path("rounds").size() + " round(s), at most "
                    + (1 + trace.path("settings").path("selfRag").path("maxRounds").asInt()) + " candidates (serve at "
                    + "support ≥ " + trace.path("settings").path("selfRag").path("minSupport").asDouble()
                    + " and usefulness ≥ " + trace.path("settings").path("selfRag").path("minUsefulness").asInt() + ")"));
            Div rounds = new Div();
            rounds.setId("trace-rounds");
            rounds.setWidthFull();
            trace.path("rounds").forEach(r -> rounds.add(round(r)));
            add(rounds);
        }

        JsonNode reranking = trace.path("reranking");
        if (reranking.isObject()) {
            add(new H4("Reranked: " + reranking.path("candidates").asInt() + " candidates, the best "
                    + reranking.path("kept").size() + " graded"));
            add(reranking(reranking.path("kept")));
        }
        add(new H4("Knowledge-base passages (graded: CORRECT ≥ " + trace.path("settings").path("upperThreshold").asDouble()
                + ", INCORRECT < " + trace.path("settings").path("lowerThreshold").asDouble() + ")"));
        add(passages("trace-retrieved", trace.path("retrieved")));
        if (trace.path("searchResults").size() > 0) {
            add(new H4("Web search results"));
            add(passages("trace-search", trace.path("searchResults")));
        }
        add(new H4("Sentences (strips) considered by refinement (kept at ≥ "
                + trace.path("settings").path("stripThreshold").asDouble() + ")"));
        add(strips(trace.path("strips")));
        if (trace.path("notices").size() > 0) {
            add(new H4("Notices"));
            UnorderedList notices = new UnorderedList();
            notices.setId("trace-notices");
            trace.path("notices").forEach(n -> notices.add(new ListItem(n.path("stage").asText() + ": "
                    + n.path("message").asText() + (n.path("degrading").asBoolean() ? " (degraded the answer)" : ""))));
            add(notices);
        }
        UnorderedList plugins = new UnorderedList();
        trace.path("plugins").forEach(p -> plugins.add(new ListItem(p.path("role").asText() + ": "
                + p.path("factoryId").asText() + " (" + p.path("pluginId").asText() + " " + p.path("version").asText() + ")")));
        add(new H4("Plugins"), plugins);
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
        if (run.trace() != null && run.trace().path("incomplete").asBoolean()) {
            flags.add(Badges.of("incomplete"));
        }
        flags.add(new Span("pipeline v" + run.pipelineVersion() + " · " + ms(run.totalMillis())));
        box.add(question, flags, answer);
        if (run.citations() != null && run.citations().size() > 0) {
            UnorderedList citations = new UnorderedList();
            citations.setId("citations");
            for (JsonNode c : run.citations()) {
                JsonNode source = c.has("source") ? c.path("source") : c;
                String label = "[" + c.path("number").asInt() + "] " + text(source, "title", source.path("documentId").asText())
                        + " · " + (source.path("origin").asText().equals("WEB") ? "web" : "knowledge base");
                ListItem item = new ListItem();
                String uri = source.path("uri").asText("");
                item.add(uri.startsWith("http") ? new Anchor(uri, label) : new Span(label));
                Paragraph quote = new Paragraph(c.path("quote").asText(""));
                quote.getStyle().set("margin", "0 0 var(--lumo-space-s) 0").set("color", "var(--lumo-secondary-text-color)")
                        .set("font-size", "var(--lumo-font-size-s)");
                item.add(quote);
                citations.add(item);
            }
            box.add(new H4("Sources"), citations);
        }
        if (run.feedback() != null) {
            box.add(new Paragraph("Feedback: " + run.feedback().rating()
                    + (run.feedback().comment() == null ? "" : " — “" + run.feedback().comment() + "”")));
        }
        return box;
    }

    private static Component timings(JsonNode timings) {
        List<String> stages = new ArrayList<>();
        double[] values = new double[timings.size()];
        int i = 0;
        for (JsonNode t : timings) {
            stages.add(t.path("stage").asText().toLowerCase(Locale.ROOT));
            values[i++] = t.path("millis").asDouble();
        }
        return SvgChart.stackedBars("trace-timings", "Time per stage (ms)", stages,
                List.of(new SvgChart.Series("ms", "var(--lumo-primary-color)", values)));
    }

    /** One candidate answer: its judgement per sentence and what the loop did next. */
    private static Component round(JsonNode round) {
        Div box = new Div();
        box.setId("trace-round-" + round.path("round").asInt());
        box.getStyle().set("border-left", "3px solid var(--lumo-contrast-20pct)").set("padding", "0 var(--lumo-space-m)")
                .set("margin-bottom", "var(--lumo-space-m)");
        HorizontalLayout head = new HorizontalLayout();
        head.setAlignItems(com.vaadin.flow.component.orderedlayout.FlexComponent.Alignment.BASELINE);
        head.add(new Span("Candidate " + round.path("round").asInt()), Badges.of(round.path("decision").asText()));
        if (round.path("support").isNumber()) {
            head.add(new Span("support " + number(round.path("support")) + " · usefulness "
                    + round.path("usefulness").asInt() + "/5 · judged by " + text(round, "judgedBy", "—")));
        }
        box.add(head);
        Paragraph why = new Paragraph(round.path("why").asText());
        why.getStyle().set("color", "var(--lumo-secondary-text-color)").set("margin", "var(--lumo-space-xs) 0");
        box.add(why);
        if (round.path("sentences").size() > 0) {
            UnorderedList sentences = new UnorderedList();
            round.path("sentences").forEach(s -> {
                ListItem item = new ListItem(Badges.of(s.path("support").asText()),
                        new Span(" " + s.path("sentence").asText() + " (" + number(s.path("score")) + ")"));
                if (!text(s, "evidence", "").isEmpty() && "NONE".equals(s.path("support").asText())) {
                    Span evidence = new Span(" — " + s.path("evidence").asText());
                    evidence.getStyle().set("color", "var(--lumo-secondary-text-color)");
                    item.add(evidence);
                }
                sentences.add(item);
            });
            box.add(sentences);
        } else {
            box.add(new Paragraph("“" + round.path("answer").asText() + "”"));
        }
        JsonNode reflection = round.path("reflection");
        if (reflection.isObject()) {
            box.add(new Paragraph("Reflection tokens: retrieve " + text(reflection, "retrieve", "—") + ", relevant "
                    + text(reflection, "relevant", "—") + ", support " + text(reflection, "support", "—") + ", utility "
                    + text(reflection, "utility", "—")));
        }
        JsonNode again = round.path("retrieval");
        if (again.isObject()) {
            box.add(new Paragraph("From a second retrieval for “" + again.path("question").asText() + "”: action "
                    + text(again, "action", "—") + ", " + again.path("retrieved").size() + " passages, "
                    + again.path("strips").size() + " sentences considered."));
        }
        return box;
    }

    private static Grid<JsonNode> passages(String id, JsonNode passages) {
        Grid<JsonNode> grid = new Grid<>();
        grid.setId(id);
        grid.addColumn(p -> text(p, "title", p.path("documentId").asText())).setHeader("Passage").setFlexGrow(2);
        grid.addColumn(p -> p.path("origin").asText()).setHeader("Origin").setAutoWidth(true);
        grid.addColumn(p -> number(p.path("retrievalScore"))).setHeader("Retrieval score").setAutoWidth(true);
        grid.addColumn(p -> number(p.path("score"))).setHeader("Evaluator score").setAutoWidth(true);
        grid.addComponentColumn(p -> Badges.of(text(p, "grade", null))).setHeader("Grade").setAutoWidth(true);
        grid.addColumn(p -> p.path("kept").asBoolean() ? "kept" : "dropped").setHeader("").setAutoWidth(true);
        grid.addColumn(p -> text(p, "error", "")).setHeader("Evaluator's reason or error").setFlexGrow(1);
        grid.setItems(list(passages));
        grid.setAllRowsVisible(true);
        grid.addThemeVariants(GridVariant.LUMO_COMPACT, GridVariant.LUMO_ROW_STRIPES);
        return grid;
    }

    /** Where each graded passage stood in the retriever's order and where the reranker put it. */
    private static Grid<JsonNode> reranking(JsonNode kept) {
        Grid<JsonNode> grid = new Grid<>();
        grid.setId("trace-reranking");
        grid.addColumn(m -> m.path("rank").asInt()).setHeader("Rank").setAutoWidth(true);
        grid.addColumn(m -> m.path("retrievalRank").asInt()).setHeader("Retriever's rank").setAutoWidth(true);
        grid.addComponentColumn(m -> {
            int moved = m.path("retrievalRank").asInt() - m.path("rank").asInt();
            return Badges.of(moved > 0 ? "up " + moved : moved < 0 ? "down " + -moved : "same");
        }).setHeader("Moved").setAutoWidth(true);
        grid.addColumn(m -> text(m, "title", m.path("id").asText())).setHeader("Passage").setFlexGrow(3);
        grid.setItems(list(kept));
        grid.setAllRowsVisible(true);
        grid.addThemeVariants(GridVariant.LUMO_COMPACT, GridVariant.LUMO_WRAP_CELL_CONTENT);
        return grid;
    }

    private static Grid<JsonNode> strips(JsonNode strips) {
        Grid<JsonNode> grid = new Grid<>();
        grid.setId("trace-strips");
        grid.addComponentColumn(s -> Badges.of(s.path("kept").asBoolean() ? "kept" : "dropped")).setHeader("")
                .setAutoWidth(true);
        grid.addColumn(s -> number(s.path("score"))).setHeader("Score").setAutoWidth(true);
        grid.addColumn(s -> s.path("text").asText()).setHeader("Sentence").setFlexGrow(3);
        grid.addColumn(s -> text(s, "reason", "")).setHeader("Why").setAutoWidth(true);
        grid.setItems(list(strips));
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

    private static List<JsonNode> list(JsonNode array) {
        List<JsonNode> out = new ArrayList<>();
        array.forEach(out::add);
        return out;
    }

    private static String text(JsonNode node, String field, String fallback) {
        JsonNode v = node.path(field);
        return v.isMissingNode() || v.isNull() || v.asText().isEmpty() ? fallback : v.asText();
    }

    private static String number(JsonNode v) {
        return v.isNumber() ? String.format(Locale.ROOT, "%.3f", v.asDouble()) : "—";
    }

    static String ms(double millis) {
        return String.format(Locale.ROOT, "%.0f ms", millis);
    }
}
