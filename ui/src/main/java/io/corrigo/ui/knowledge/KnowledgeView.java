package io.corrigo.ui.knowledge;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.confirmdialog.ConfirmDialog;
import com.vaadin.flow.component.details.Details;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.progressbar.ProgressBar;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.IntegerField;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.component.upload.Upload;
import com.vaadin.flow.component.upload.receivers.MultiFileMemoryBuffer;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import io.corrigo.server.knowledge.DocumentView;
import io.corrigo.server.knowledge.IngestionService;
import io.corrigo.server.knowledge.JobView;
import io.corrigo.server.knowledge.KnowledgeBaseView;
import io.corrigo.server.knowledge.KnowledgeBases;
import io.corrigo.ui.shell.Badges;
import io.corrigo.ui.shell.EmptyState;
import io.corrigo.ui.shell.Polling;
import io.corrigo.ui.shell.TenantScopedView;
import io.corrigo.ui.shell.TenantSelection;
import io.corrigo.ui.shell.Toasts;
import jakarta.annotation.security.PermitAll;
import java.io.IOException;
import java.io.InputStream;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Knowledge: upload documents into a knowledge base, watch each ingestion job's progress bar, list documents with
 * their state and chunk counts, delete one, re-index a knowledge base.
 */
@Menu(title = "Knowledge", order = 40, icon = "vaadin:book")
@Route("knowledge")
@PageTitle("Knowledge · Corrigo")
@PermitAll
public class KnowledgeView extends TenantScopedView {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneId.systemDefault());
    private static final int POLL_MILLIS = 600;

    private final IngestionService ingestion;
    private final KnowledgeBases knowledgeBases;
    private final VerticalLayout jobs = new VerticalLayout();
    private final Grid<DocumentView> documents = new Grid<>();
    private final Div emptyDocuments = new Div();
    private final Polling polling = new Polling(POLL_MILLIS);

    public KnowledgeView(TenantSelection selection, IngestionService ingestion, KnowledgeBases knowledgeBases) {
        super(selection, "Knowledge");
        this.ingestion = ingestion;
        this.knowledgeBases = knowledgeBases;
        addDetachListener(e -> polling.stop(e.getUI()));
    }

    @Override
    protected void show(String tenantId, BeforeEnterEvent event) {
        Select<String> kb = new Select<>();
        kb.setId("knowledge-base");
        kb.setLabel("Knowledge base");
        List<KnowledgeBaseView> bases = knowledgeBases.list(tenantId);
        kb.setItems(bases.stream().map(KnowledgeBaseView::name).toList());
        kb.setValue(bases.stream().map(KnowledgeBaseView::name).filter(KnowledgeBases.DEFAULT::equals).findFirst()
                .orElse(bases.isEmpty() ? null : bases.get(0).name()));

        MultiFileMemoryBuffer buffer = new MultiFileMemoryBuffer();
        Upload upload = new Upload(buffer);
        upload.setId("upload");
        upload.setAcceptedFileTypes(".txt", ".md", ".markdown", ".jsonl", ".pdf", ".docx", ".html", ".htm");
        upload.setMaxFiles(IngestionService.MAX_FILES_PER_REQUEST);
        upload.setMaxFileSize(25 * 1024 * 1024);
        upload.setDropLabel(new Span("Drop .txt, .md, .jsonl, .pdf, .docx or .html files here (25 MB each)"));
        List<IngestionService.Upload> received = new ArrayList<>();
        upload.addSucceededListener(e -> {
            try (InputStream in = buffer.getInputStream(e.getFileName())) {
                received.add(new IngestionService.Upload(e.getFileName(), e.getMIMEType(), in.readAllBytes()));
            } catch (IOException ex) {
                Toasts.error("Could not read " + e.getFileName() + ": " + ex.getMessage());
            }
        });
        upload.addFileRejectedListener(e -> Toasts.error(e.getErrorMessage()));
        upload.addAllFinishedListener(e -> {
            if (received.isEmpty()) {
                return;
            }
            List<IngestionService.Upload> batch = List.copyOf(received);
            received.clear();
            Toasts.attempt(() -> {
                JobView job = ingestion.submit(tenantId, kb.getValue(), batch);
                Toasts.success("Ingesting " + job.documentsTotal() + " document(s) into '" + kb.getValue() + "'.");
                refresh(tenantId);
            });
            upload.clearFileList();
        });

        Button reindex = new Button("Re-index this knowledge base", e -> {
            Toasts.attempt(() -> {
                ingestion.reindex(tenantId, kb.getValue());
                Toasts.success("Re-indexing '" + kb.getValue() + "'.");
                refresh(tenantId);
            });
        });
        reindex.setId("reindex");
        HorizontalLayout top = new HorizontalLayout(kb, reindex, newKnowledgeBase(tenantId));
        top.setAlignItems(FlexComponent.Alignment.BASELINE);

        jobs.setPadding(false);
        jobs.setId("jobs");
        documents.setId("documents");
        documents.addColumn(DocumentView::name).setHeader("Document").setFlexGrow(2);
        java.util.Map<String, String> kbNames = new java.util.HashMap<>();
        bases.forEach(b -> kbNames.put(b.id(), b.name()));
        documents.addColumn(d -> kbNames.getOrDefault(d.knowledgeBase(), d.knowledgeBase())).setHeader("Knowledge base")
                .setAutoWidth(true);
        documents.addComponentColumn(d -> Badges.of(d.status())).setHeader("State").setAutoWidth(true);
        documents.addColumn(DocumentView::chunkCount).setHeader("Chunks").setAutoWidth(true);
        documents.addColumn(d -> d.sizeBytes() == null ? "" : size(d.sizeBytes())).setHeader("Size").setAutoWidth(true);
        documents.addColumn(d -> d.updatedAt() == null ? "" : WHEN.format(d.updatedAt())).setHeader("Updated").setAutoWidth(true);
        documents.addColumn(d -> d.error() == null ? "" : d.error()).setHeader("Error").setFlexGrow(1);
        documents.addComponentColumn(d -> {
            Button delete = new Button("Delete", e -> confirmDelete(tenantId, d));
            delete.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_ERROR, ButtonVariant.LUMO_TERTIARY);
            return delete;
        }).setAutoWidth(true);
        documents.addThemeVariants(GridVariant.LUMO_ROW_STRIPES);
        documents.setHeight("28rem");
        add(top, upload, new H3("Ingestion jobs"), jobs, new H3("Documents"), emptyDocuments, documents);
        refresh(tenantId);
    }

    private Details newKnowledgeBase(String tenantId) {
        TextField name = new TextField("Name");
        IntegerField words = new IntegerField("Chunk size (words)");
        words.setPlaceholder("200");
        IntegerField overlap = new IntegerField("Overlap (sentences)");
        overlap.setPlaceholder("0");
        Button create = new Button("Create", e -> {
            Toasts.attempt(() -> {
                knowledgeBases.create(tenantId, name.getValue(), words.getValue(), overlap.getValue());
                Toasts.success("Knowledge base '" + name.getValue() + "' created.");
                UI.getCurrent().getPage().reload();
            });
        });
        HorizontalLayout form = new HorizontalLayout(name, words, overlap, create);
        form.setAlignItems(FlexComponent.Alignment.BASELINE);
        return new Details("New knowledge base", form);
    }

    private void confirmDelete(String tenantId, DocumentView document) {
        ConfirmDialog dialog = new ConfirmDialog("Delete " + document.name() + "?",
                "Its " + document.chunkCount() + " chunks leave the index and its original is removed.", "Delete", e -> {
            Toasts.attempt(() -> {
                ingestion.delete(tenantId, document.id());
                Toasts.success("Deleted " + document.name() + ".");
                refresh(tenantId);
            });
        });
        dialog.setConfirmButtonTheme("error primary");
        dialog.setCancelable(true);
        dialog.open();
    }

    private void refresh(String tenantId) {
        List<JobView> all = ingestion.jobs(tenantId);
        jobs.removeAll();
        all.stream().limit(5).forEach(job -> jobs.add(jobRow(job)));
        if (all.isEmpty()) {
            jobs.add(new Span("No ingestion jobs yet."));
        }
        List<DocumentView> docs = ingestion.list(tenantId);
        documents.setItems(docs);
        emptyDocuments.removeAll();
        if (docs.isEmpty()) {
            emptyDocuments.add(EmptyState.of("No documents yet", "Upload files above: each is split into chunks and "
                    + "sentences, embedded and indexed; questions can use it once its job is done."));
        }
        boolean running = all.stream().anyMatch(j -> !j.finished());
        polling.keep(running, () -> refresh(tenantId));
    }


    private static Div jobRow(JobView job) {
        ProgressBar bar = new ProgressBar(0, 1, Math.max(0, Math.min(1, job.progress())));
        bar.setWidth("20rem");
        Span label = new Span(String.format(Locale.ROOT, "%s · %s · %d/%d documents%s · %d/%d chunks · %.0f %%%s",
                job.kind().toLowerCase(Locale.ROOT), job.state(), job.documentsDone(), job.documentsTotal(),
                job.documentsFailed() > 0 ? " (" + job.documentsFailed() + " failed)" : "", job.chunksDone(),
                job.chunksTotal(), job.progress() * 100, job.host() == null ? "" : " · host " + job.host()));
        Div row = new Div(Badges.of(job.state()), bar, label);
        row.addClassName("job");
        row.getElement().setAttribute("data-state", job.state());
        row.getStyle().set("display", "flex").set("gap", "var(--lumo-space-m)").set("align-items", "center");
        return row;
    }

    private static String size(long bytes) {
        return bytes < 1024 ? bytes + " B" : bytes < 1024 * 1024 ? String.format(Locale.ROOT, "%.1f KB", bytes / 1024.0)
                : String.format(Locale.ROOT, "%.1f MB", bytes / 1024.0 / 1024.0);
    }
}
