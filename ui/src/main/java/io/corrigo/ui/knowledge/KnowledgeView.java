package io.corrigo.ui.knowledge;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.HasValidation;
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
import com.vaadin.flow.component.Component;
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

    private final io.corrigo.server.run.QueryService queries;

    public KnowledgeView(TenantSelection selection, IngestionService ingestion, KnowledgeBases knowledgeBases,
                         io.corrigo.server.run.QueryService queries) {
        super(selection, t("Knowledge"));
        this.queries = queries;
        this.ingestion = ingestion;
        this.knowledgeBases = knowledgeBases;
        addDetachListener(e -> polling.stop(e.getUI()));
    }

    @Override
    protected void show(String tenantId, BeforeEnterEvent event) {
        Select<String> kb = new Select<>();
        kb.setId("knowledge-base");
        kb.setLabel(t("Knowledge base"));
        List<KnowledgeBaseView> bases = knowledgeBases.list(tenantId);
        kb.setItems(bases.stream().map(KnowledgeBaseView::name).toList());
        kb.setValue(bases.stream().map(KnowledgeBaseView::name).filter(KnowledgeBases.DEFAULT::equals).findFirst()
                .orElse(bases.isEmpty() ? null : bases.get(0).name()));

        MultiFileMemoryBuffer buffer = new MultiFileMemoryBuffer();
        Upload upload = io.corrigo.ui.shell.ComponentTexts.upload(new Upload(buffer));
        upload.setId("upload");
        upload.setAcceptedFileTypes(".txt", ".md", ".markdown", ".jsonl", ".pdf", ".docx", ".html", ".htm");
        upload.setMaxFiles(IngestionService.MAX_FILES_PER_REQUEST);
        upload.setMaxFileSize(25 * 1024 * 1024);
        upload.setDropLabel(new Span(t("Drop .txt, .md, .jsonl, .pdf, .docx or .html files here (25 MB each)")));
        List<IngestionService.Upload> received = new ArrayList<>();
        upload.addSucceededListener(e -> {
            try (InputStream in = buffer.getInputStream(e.getFileName())) {
                received.add(new IngestionService.Upload(e.getFileName(), e.getMIMEType(), in.readAllBytes()));
            } catch (IOException ex) {
                Toasts.error(t("Could not read {0}: {1}", e.getFileName(), ex.getMessage()));
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
                Toasts.success(t("Ingesting {0} document(s) into '{1}'.", job.documentsTotal(), kb.getValue()));
                refresh(tenantId);
            });
            upload.clearFileList();
        });

        Button reindex = new Button(t("Re-index this knowledge base"), e -> {
            Toasts.attempt(() -> {
                ingestion.reindex(tenantId, kb.getValue());
                Toasts.success(t("Re-indexing '{0}'.", kb.getValue()));
                refresh(tenantId);
            });
        });
        reindex.setId("reindex");
        HorizontalLayout top = new HorizontalLayout(kb, reindex, newKnowledgeBase(tenantId));
        top.setAlignItems(FlexComponent.Alignment.BASELINE);

        jobs.setPadding(false);
        jobs.setId("jobs");
        documents.setId("documents");
        documents.addColumn(DocumentView::name).setHeader(t("Document")).setFlexGrow(2).setTooltipGenerator(DocumentView::name);
        java.util.Map<String, String> kbNames = new java.util.HashMap<>();
        bases.forEach(b -> kbNames.put(b.id(), b.name()));
        // where it is and who reads it, its metadata under it in small print
        documents.addComponentColumn(d -> {
            Span where = new Span(scope(kbNames.getOrDefault(d.knowledgeBase(), d.knowledgeBase()), d));
            Span metadata = new Span(metadata(d));
            metadata.getStyle().set("display", "block").set("font-size", "var(--lumo-font-size-xs)")
                    .set("color", "var(--lumo-secondary-text-color)");
            return new com.vaadin.flow.component.html.Div(where, metadata);
        }).setHeader(t("Knowledge base · readers · metadata")).setFlexGrow(1)
                .setTooltipGenerator(d -> scope(kbNames.getOrDefault(d.knowledgeBase(), d.knowledgeBase()), d)
                        + (d.metadata() == null || d.metadata().isEmpty() ? "" : " · " + metadata(d)));
        documents.addComponentColumn(d -> Badges.of(d.status())).setHeader(t("State")).setAutoWidth(true);
        documents.addColumn(DocumentView::chunkCount).setHeader(t("Chunks")).setAutoWidth(true);
        documents.addColumn(d -> d.sizeBytes() == null ? "" : size(d.sizeBytes())).setHeader(t("Size")).setAutoWidth(true);
        documents.addColumn(d -> d.updatedAt() == null ? "" : WHEN.format(d.updatedAt())).setHeader(t("Updated")).setAutoWidth(true);
        documents.addColumn(d -> d.error() == null ? "" : d.error()).setHeader(t("Error")).setFlexGrow(1)
                .setTooltipGenerator(d -> d.error() == null ? "" : d.error());
        documents.addComponentColumn(d -> {
            Button inspect = new Button(t("Chunks"), e -> getUI().ifPresent(ui -> ui.navigate(DocumentPage.class,
                    com.vaadin.flow.router.QueryParameters.simple(java.util.Map.of("tenant", tenantId, "id", d.id())))));
            inspect.setId("inspect-" + d.name());
            inspect.setEnabled("INDEXED".equals(d.status()));
            inspect.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_TERTIARY);
            Button delete = new Button(t("Delete"), e -> confirmDelete(tenantId, d));
            delete.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_ERROR, ButtonVariant.LUMO_TERTIARY);
            Button scope = new Button(t("Scope"), e -> scopeDialog(tenantId, d));
            scope.setId("scope-" + d.name());
            scope.setEnabled("INDEXED".equals(d.status()) || "FAILED".equals(d.status()));
            scope.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_TERTIARY);
            HorizontalLayout actions = new HorizontalLayout(inspect, scope, delete);
            actions.setSpacing(false);
            return actions;
        }).setHeader(t("Actions")).setAutoWidth(true).setFlexGrow(0);
        documents.addThemeVariants(GridVariant.LUMO_ROW_STRIPES, GridVariant.LUMO_WRAP_CELL_CONTENT);
        documents.setHeight("28rem");
        top.getStyle().set("flex-wrap", "wrap");
        add(top, upload, new H3(t("Ingestion jobs")), jobs, new H3(t("Documents")), emptyDocuments, documents,
                new H3(t("Test retrieval")), retrievalTest(tenantId));
        refresh(tenantId);
    }

    private Details newKnowledgeBase(String tenantId) {
        TextField name = new TextField(t("Name"));
        IntegerField words = new IntegerField(t("Chunk size (words)"));
        words.setPlaceholder("200");
        IntegerField overlap = new IntegerField(t("Overlap (sentences)"));
        overlap.setPlaceholder("0");
        Button create = new Button(t("Create"), e -> {
            Toasts.attempt(() -> {
                knowledgeBases.create(tenantId, name.getValue(), words.getValue(), overlap.getValue());
                Toasts.success(t("Knowledge base '{0}' created.", name.getValue()));
                UI.getCurrent().getPage().reload();
            });
        });
        HorizontalLayout form = new HorizontalLayout(name, words, overlap, create);
        form.setAlignItems(FlexComponent.Alignment.BASELINE);
        form.getStyle().set("flex-wrap", "wrap");
        Details details = new Details(t("New knowledge base"), form);
        details.setId("new-knowledge-base");
        return details;
    }

    /** Where a document is (its knowledge base, then its collections) and who reads it, in a few words. */
    private static String scope(String knowledgeBase, DocumentView d) {
        String where = d.collections().isEmpty() ? knowledgeBase
                : knowledgeBase + " + " + String.join(", ", d.collections());
        return where + " · " + (d.groups().isEmpty() ? t("everyone") : String.join(", ", d.groups()));
    }

    /** A document's metadata in a line, by key: {@code author = Ada · updated = 2026-01-05}. */
    private static String metadata(DocumentView d) {
        return d.metadata() == null ? "" : String.join(" · ", new java.util.TreeMap<>(d.metadata()).entrySet().stream()
                .map(e -> e.getKey() + " = " + e.getValue()).toList());
    }

    /**
     * Edits a document's collections, readers and metadata; saved, it is indexed again at once with them. What is
     * wrong is said on the field it is wrong in, and the dialog stays open with what was typed.
     */
    private void scopeDialog(String tenantId, DocumentView document) {
        com.vaadin.flow.component.dialog.Dialog dialog = new com.vaadin.flow.component.dialog.Dialog();
        dialog.setId("scope-dialog");
        dialog.setHeaderTitle(t("Scope of {0}", document.name()));
        dialog.setWidth("min(40rem, 92vw)");
        TextField collections = new TextField(t("Collections"));
        collections.setId("scope-collections");
        collections.setValue(String.join(", ", document.collections()));
        collections.setHelperText(t("Comma-separated; questions may name them. It is also always in its knowledge base."));
        collections.setWidthFull();
        TextField groups = new TextField(t("Readable by groups"));
        groups.setId("scope-groups");
        groups.setValue(String.join(", ", document.groups()));
        groups.setHelperText(t("Empty: everyone of the tenant. Otherwise only keys and people of one of these groups."));
        groups.setWidthFull();
        com.vaadin.flow.component.textfield.TextArea metadata = new com.vaadin.flow.component.textfield.TextArea(t("Metadata"));
        metadata.setId("scope-metadata");
        metadata.setValue(String.join("\n", document.metadata().entrySet().stream()
                .map(e -> e.getKey() + " = " + e.getValue()).toList()));
        metadata.setHelperText(t("One 'key = value' per line: source_url, author, created, updated (yyyy-MM-dd), language, tags (comma-separated) or a key of your own."));
        metadata.setWidthFull();
        Button save = new Button(t("Save and re-index"), e -> {
            collections.setInvalid(false);
            groups.setInvalid(false);
            metadata.setInvalid(false);
            java.util.Map<String, String> values = new java.util.LinkedHashMap<>();
            for (String line : metadata.getValue().split("\n")) {
                if (line.isBlank()) {
                    continue;
                }
                int eq = line.indexOf('=');
                if (eq < 0) {
                    metadata.setErrorMessage(t("Metadata lines are 'key = value'; '{0}' is not.", line.strip()));
                    metadata.setInvalid(true);
                    return;
                }
                values.put(line.substring(0, eq).strip(), line.substring(eq + 1).strip());
            }
            try {
                ingestion.rescope(tenantId, document.id(), io.corrigo.server.knowledge.DocumentScope.of(
                        names(collections.getValue()), names(groups.getValue()), values));
            } catch (io.corrigo.server.problem.ServiceException refused) {
                java.util.Map<HasValidation, List<String>> byField = new java.util.LinkedHashMap<>();
                List<String> elsewhere = new java.util.ArrayList<>();
                for (String problem : refused.details()) {
                    HasValidation field = problem.startsWith("collections") ? collections
                            : problem.startsWith("groups") ? groups : problem.startsWith("metadata") ? metadata : null;
                    if (field == null) {
                        elsewhere.add(problem);
                    } else {
                        byField.computeIfAbsent(field, f -> new java.util.ArrayList<>()).add(problem);
                    }
                }
                byField.forEach((field, problems) -> {
                    field.setErrorMessage(String.join("; ", problems));
                    field.setInvalid(true);
                });
                if (byField.isEmpty() || !elsewhere.isEmpty()) {
                    Toasts.error(refused);
                }
                return;
            } catch (RuntimeException failed) {
                Toasts.error(failed);
                return;
            }
            dialog.close();
            Toasts.success(t("Scope of {0} saved; it was indexed again with it.", document.name()));
            refresh(tenantId);
        });
        save.setId("save-scope");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        dialog.add(new VerticalLayout(collections, groups, metadata));
        dialog.getFooter().add(new Button(t("Cancel"), e -> dialog.close()), save);
        dialog.open();
    }

    private static List<String> names(String commaSeparated) {
        return java.util.Arrays.stream(commaSeparated.split(",")).map(String::strip).filter(n -> !n.isEmpty()).toList();
    }

    private void confirmDelete(String tenantId, DocumentView document) {
        ConfirmDialog dialog = new ConfirmDialog(t("Delete {0}?", document.name()),
                t("Its {0} chunks leave the index and its original is removed.", document.chunkCount()), t("Delete"), e -> {
            Toasts.attempt(() -> {
                ingestion.delete(tenantId, document.id());
                Toasts.success(t("Deleted {0}.", document.name()));
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
            jobs.add(new Span(t("No ingestion jobs yet.")));
        }
        List<DocumentView> docs = ingestion.list(tenantId);
        documents.setItems(docs);
        documents.setVisible(!docs.isEmpty()); // the empty state says it; no empty grid under it
        emptyDocuments.removeAll();
        if (docs.isEmpty()) {
            emptyDocuments.add(EmptyState.of(t("No documents yet"), t("Upload files above: each is split into chunks and sentences, embedded and indexed; questions can use it once its job is done.")));
        }
        boolean running = all.stream().anyMatch(j -> !j.finished());
        polling.keep(running, () -> refresh(tenantId));
    }


    /**
     * A job: its progress bar, counts and times; then each file by name, with its state, its error, and whether the
     * upload replaced a document of the same name.
     */
    private static Div jobRow(JobView job) {
        ProgressBar bar = new ProgressBar(0, 1, Math.max(0, Math.min(1, job.progress())));
        bar.setWidth("16rem");
        bar.getStyle().set("flex", "0 0 auto");
        bar.getElement().setAttribute("aria-label", t("Ingestion job {0}", job.id()));
        // a running job's time counts on while the parser works (its row is not updated until a document is done)
        java.time.Duration took = java.time.Duration.between(job.createdAt(),
                job.finished() ? job.updatedAt() : java.time.Instant.now());
        Span label = new Span(String.format(Locale.ROOT, t("%s · %d/%d documents%s · %d/%d chunks · %.0f %% · started %s%s%s"),
                job.kind().toLowerCase(Locale.ROOT), job.documentsDone(), job.documentsTotal(),
                job.documentsFailed() > 0 ? t(" ({0} failed)", job.documentsFailed()) : "", job.chunksDone(),
                job.chunksTotal(), job.progress() * 100, WHEN.format(job.createdAt()),
                job.finished() ? t(", took {0}", seconds(took)) : t(", running {0}", seconds(took)),
                job.host() == null ? "" : t(" · host {0}", job.host())));
        Div head = new Div(Badges.of(job.state()), bar, label);
        head.getStyle().set("display", "flex").set("gap", "var(--lumo-space-m)").set("align-items", "center")
                .set("flex-wrap", "wrap");
        Div files = new Div();
        files.addClassName("job-files");
        files.getStyle().set("font-size", "var(--lumo-font-size-s)").set("color", "var(--lumo-secondary-text-color)")
                .set("padding-left", "var(--lumo-space-m)").set("overflow-wrap", "anywhere");
        job.documents().stream().limit(20).forEach(d -> {
            Div line = new Div();
            line.add(new Span(d.name() + " "), Badges.of(d.status()));
            if ("UPLOAD".equals(job.kind()) && d.createdAt() != null && d.createdAt().isBefore(job.createdAt())) {
                Span replaced = Badges.of("replaced");
                replaced.getElement().setAttribute("title", t("A document of this name was already in the knowledge base (added {0}): this upload replaced it and its chunks.", WHEN.format(d.createdAt())));
                line.add(new Span(" "), replaced);
            }
            if (d.error() != null) {
                Span error = new Span(" " + d.error());
                error.getStyle().set("color", "var(--lumo-error-text-color)");
                line.add(error);
            }
            files.add(line);
        });
        if (job.documents().size() > 20) {
            files.add(new Div(new Span(t("… and {0} more", (job.documents().size() - 20)))));
        }
        Div row = new Div(head, files);
        row.addClassName("job");
        row.getElement().setAttribute("data-state", job.state());
        row.setWidthFull();
        return row;
    }

    private static String seconds(java.time.Duration d) {
        return d.toMillis() < 60_000 ? String.format(Locale.ROOT, "%.1f s", d.toMillis() / 1000.0)
                : t("{0} min {1} s", d.toMinutes(), d.toSecondsPart());
    }

    /**
     * Search the tenant's knowledge as a question would (retrieval and grading, no answer): each passage with the
     * retriever's rank score, the grader's probability and the grade; click one to read it.
     */
    private Component retrievalTest(String tenantId) {
        TextField question = new TextField();
        question.setId("retrieval-question");
        question.setPlaceholder(t("A question to see which passages it retrieves, and how they are graded"));
        question.setAriaLabel(t("Retrieval test question"));
        question.setWidthFull();
        Div results = new Div();
        results.setId("retrieval-results");
        results.setWidthFull();
        Button search = new Button(t("Search"), e -> {
            results.removeAll();
            Toasts.attempt(() -> {
                var evidence = queries.evidence(tenantId, question.getValue());
                var trace = evidence.trace();
                if (trace.retrieved().isEmpty()) {
                    results.add(new Span(t("Nothing retrieved: the knowledge base has no passage sharing words or meaning with the question.")));
                    return;
                }
                Span summary = new Span(t("{0} passage(s); the grader judged the retrieval {1}.", trace.retrieved().size(), (trace.action() == null ? t("(not graded)") : trace.action().name())));
                summary.setId("retrieval-summary");
                results.add(summary, io.corrigo.ui.trace.TracePanel.passages("retrieval-grid", trace.retrieved(),
                        trace.strips(), tenantId));
            });
        });
        search.setId("retrieval-search");
        search.addClickShortcut(com.vaadin.flow.component.Key.ENTER);
        HorizontalLayout bar = new HorizontalLayout(question, search);
        bar.setWidthFull();
        bar.setAlignItems(FlexComponent.Alignment.BASELINE);
        VerticalLayout box = new VerticalLayout(bar, results);
        box.setPadding(false);
        return box;
    }

    private static String size(long bytes) {
        return bytes < 1024 ? bytes + " B" : bytes < 1024 * 1024 ? String.format(Locale.ROOT, t("%.1f KB"), bytes / 1024.0)
                : String.format(Locale.ROOT, t("%.1f MB"), bytes / 1024.0 / 1024.0);
    }
}
