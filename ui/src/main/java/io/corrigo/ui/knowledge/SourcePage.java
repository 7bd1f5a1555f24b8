package io.corrigo.ui.knowledge;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.server.StreamResource;
import io.corrigo.server.knowledge.DocumentTexts;
import io.corrigo.server.knowledge.DocumentView;
import io.corrigo.server.knowledge.IngestionService;
import io.corrigo.server.problem.ServiceException;
import io.corrigo.server.run.RunLog;
import io.corrigo.server.run.SourceView;
import io.corrigo.ui.shell.TenantScopedView;
import io.corrigo.ui.shell.TenantSelection;
import io.corrigo.ui.shell.Toasts;
import jakarta.annotation.security.PermitAll;
import java.io.ByteArrayInputStream;

/**
 * A citation checked against its source: source {@code n} of run {@code run} opened in its document, the quoted span
 * highlighted in the text around it, with its page (PDFs) and section, and the original file to download. Opened from
 * a run's sources (run page, playground).
 */
@Route("source")
@PageTitle("Source · Corrigo")
@PermitAll
public class SourcePage extends TenantScopedView {

    private final RunLog runs;
    private final DocumentTexts texts;
    private final IngestionService ingestion;

    public SourcePage(TenantSelection selection, RunLog runs, DocumentTexts texts, IngestionService ingestion) {
        super(selection, t("Source"));
        this.runs = runs;
        this.texts = texts;
        this.ingestion = ingestion;
    }

    @Override
    protected void show(String tenantId, BeforeEnterEvent event) {
        var parameters = event.getLocation().getQueryParameters();
        String runId = parameters.getSingleParameter("run").orElse("");
        int number;
        try {
            number = Integer.parseInt(parameters.getSingleParameter("n").orElse("1"));
        } catch (NumberFormatException e) {
            number = 1;
        }
        add(new Anchor("runs/" + runId + "?tenant=" + tenantId, t("← Run")));
        SourceView source;
        try {
            source = runs.source(tenantId, runId, number);
        } catch (ServiceException e) {
            add(new Paragraph(Toasts.describe(e)));
            return;
        }
        Span title = new Span("[" + number + "] " + source.title());
        title.setId("source-title");
        title.getStyle().set("font-weight", "600").set("font-size", "var(--lumo-font-size-l)");
        add(title);
        SourceView.InDocument document = source.document();
        if (document == null) {
            add(new Paragraph(source.uri() != null ? t("A web page: {0}", source.uri())
                    : t("The quote is no longer in the document (it was changed or deleted since); the passage as the answer saw it:")));
            Div passage = new Div();
            source.sentences().forEach(s -> passage.add(s.quoted() ? mark(s.text()) : new Span(s.text() + " ")));
            add(passage);
            return;
        }
        StringBuilder where = new StringBuilder();
        if (document.page() != null) {
            where.append(t("Page ")).append(document.page()).append(document.pages() == null ? "" : t(" of {0}", document.pages()));
        }
        if (document.section() != null) {
            where.append(where.isEmpty() ? "" : " · ").append(t("Section: ")).append(document.section());
        }
        where.append(where.isEmpty() ? "" : " · ").append(t("characters ")).append(document.start()).append("–").append(document.end());
        Paragraph at = new Paragraph(where.toString());
        at.setId("source-where");
        at.getStyle().set("color", "var(--lumo-secondary-text-color)").set("margin-top", "0");
        add(at);

        Div text = new Div();
        text.setId("source-text");
        text.getStyle().set("white-space", "pre-wrap").set("max-width", "60rem").set("line-height", "1.6")
                .set("padding", "var(--lumo-space-m)").set("border", "1px solid var(--lumo-contrast-10pct)")
                .set("border-radius", "var(--lumo-border-radius-m)");
        Span marked = mark(document.quoted());
        marked.setId("cited-span");
        text.add(new Span(document.before()), marked, new Span(document.after()));
        add(text);
        marked.scrollIntoView();

        try {
            DocumentView view = ingestion.document(tenantId, document.documentId());
            Anchor download = new Anchor(new StreamResource(view.name(), () -> new ByteArrayInputStream(
                    texts.original(tenantId, document.documentId(), null))), t("Download the original ({0})", view.name()));
            download.getElement().setAttribute("download", true);
            download.setId("download-original");
            Anchor chunks = new Anchor("document?tenant=" + tenantId + "&id=" + document.documentId(), t("Chunks of this document"));
            add(download, chunks);
        } catch (ServiceException gone) {
            add(new Paragraph(t("The document is gone: {0}", Toasts.describe(gone))));
        }
    }

    private static Span mark(String text) {
        Span mark = new Span(text);
        mark.getElement().getStyle().set("background", "#fff3a3").set("box-shadow", "0 0 0 2px #fff3a3")
                .set("border-radius", "2px");
        mark.getElement().setAttribute("data-highlight", "cited");
        return mark;
    }
}
