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
 * A run as an admin reads it: the answer with its citations beside the trace — every passage's score and grade,
 * the action, search results, kept and dropped sentences, time per stage, plugins and notices. Answers "why did
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
        add(facts);
        add(timings(trace.path("timings")));

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

    private static Grid<JsonNode> passages(String id, JsonNode passages) {
        Grid<JsonNode> grid = new Grid<>();
        grid.setId(id);
        grid.addColumn(p -> text(p, "title", p.path("documentId").asText())).setHeader("Passage").setFlexGrow(2);
        grid.addColumn(p -> p.path("origin").asText()).setHeader("Origin").setAutoWidth(true);
        grid.addColumn(p -> number(p.path("retrievalScore"))).setHeader("Retrieval score").setAutoWidth(true);
        grid.addColumn(p -> number(p.path("score"))).setHeader("Evaluator score").setAutoWidth(true);
        grid.addComponentColumn(p -> Badges.of(text(p, "grade", null))).setHeader("Grade").setAutoWidth(true);
        grid.addColumn(p -> p.path("kept").asBoolean() ? "kept" : "dropped").setHeader("").setAutoWidth(true);
        grid.addColumn(p -> text(p, "error", "")).setHeader("Error").setFlexGrow(1);
        grid.setItems(list(passages));
        grid.setAllRowsVisible(true);
        grid.addThemeVariants(GridVariant.LUMO_COMPACT, GridVariant.LUMO_ROW_STRIPES);
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
