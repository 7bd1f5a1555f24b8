package io.corrigo.ui.knowledge;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.textfield.TextArea;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import io.corrigo.server.knowledge.ChunkView;
import io.corrigo.server.knowledge.DocumentView;
import io.corrigo.server.knowledge.IngestionService;
import io.corrigo.server.problem.ServiceException;
import io.corrigo.ui.shell.Badges;
import io.corrigo.ui.shell.TenantScopedView;
import io.corrigo.ui.shell.TenantSelection;
import io.corrigo.ui.shell.Toasts;
import jakarta.annotation.security.PermitAll;
import java.util.List;

/**
 * One document as the index holds it: every chunk with its number, section and source, its sentences (what
 * refinement keeps or drops), whether an admin edited or disabled it; edit or disable a chunk and the document is
 * indexed again at once. Opened from Knowledge and from a trace's passage ({@code ?chunk=} selects that chunk).
 */
@Route("document")
@PageTitle("Document · Corrigo")
@PermitAll
public class DocumentPage extends TenantScopedView {

    private final IngestionService ingestion;
    private final Grid<ChunkView> grid = new Grid<>();

    public DocumentPage(TenantSelection selection, IngestionService ingestion) {
        super(selection, t("Document"));
        this.ingestion = ingestion;
    }

    @Override
    protected void show(String tenantId, BeforeEnterEvent event) {
        String documentId = event.getLocation().getQueryParameters().getSingleParameter("id").orElse("");
        String chunk = event.getLocation().getQueryParameters().getSingleParameter("chunk").orElse(null);
        Anchor back = new Anchor("knowledge?tenant=" + tenantId, t("← Knowledge"));
        DocumentView document;
        List<ChunkView> chunks;
        try {
            document = ingestion.document(tenantId, documentId);
            chunks = ingestion.chunks(tenantId, documentId);
        } catch (ServiceException e) {
            add(back, new Paragraph(Toasts.describe(e)));
            return;
        } catch (RuntimeException e) {
            add(back, new Paragraph(t("The document's original could not be read again: {0}", Toasts.describe(e))));
            return;
        }
        Span title = new Span(document.name());
        title.setId("document-name");
        title.getStyle().set("font-weight", "600").set("font-size", "var(--lumo-font-size-l)");
        long disabled = chunks.stream().filter(ChunkView::disabled).count();
        long edited = chunks.stream().filter(ChunkView::edited).count();
        Paragraph facts = new Paragraph(t("{0} chunk(s){1}{2} · {3} · {4}. Chunks are cut from the stored original each time the document is indexed; an edit or a disabled chunk is applied every time, until the file is uploaded again.", chunks.size(), (disabled > 0 ? t(", {0} disabled", disabled) : ""), (edited > 0 ? t(", {0} edited", edited) : ""), document.status().toLowerCase(), document.contentType()));
        facts.setId("document-facts");
        facts.getStyle().set("color", "var(--lumo-secondary-text-color)").set("margin-top", "0");
        add(back, title, facts);

        grid.setId("chunks-grid");
        grid.addColumn(ChunkView::number).setHeader("#").setAutoWidth(true).setFlexGrow(0);
        grid.addColumn(c -> (c.section() == null ? "" : c.section())).setHeader(t("Section")).setWidth("11rem").setFlexGrow(0);
        grid.addComponentColumn(DocumentPage::text).setHeader(t("Text (sentences separated by │)")).setFlexGrow(1);
        grid.addComponentColumn(DocumentPage::state).setHeader(t("State")).setAutoWidth(true).setFlexGrow(0);
        grid.addComponentColumn(c -> actions(tenantId, documentId, c)).setHeader(t("Actions")).setAutoWidth(true).setFlexGrow(0);
        grid.addThemeVariants(GridVariant.LUMO_WRAP_CELL_CONTENT, GridVariant.LUMO_ROW_STRIPES);
        grid.setItems(chunks);
        grid.setHeight("calc(100vh - 18rem)");
        grid.setMinHeight("20rem");
        add(grid);
        if (chunk != null) {
            for (int i = 0; i < chunks.size(); i++) {
                if (chunks.get(i).id().equals(chunk)) {
                    grid.select(chunks.get(i));
                    grid.scrollToIndex(i);
                }
            }
        }
    }

    private static Component text(ChunkView chunk) {
        Div text = new Div();
        text.getStyle().set("white-space", "normal").set("overflow-wrap", "anywhere");
        for (int i = 0; i < chunk.sentences().size(); i++) {
            if (i > 0) {
                Span bar = new Span(" │ ");
                bar.getStyle().set("color", "var(--lumo-contrast-30pct)");
                text.add(bar);
            }
            text.add(new Span(chunk.sentences().get(i)));
        }
        if (chunk.sentences().isEmpty()) {
            text.add(new Span(chunk.text()));
        }
        if (chunk.disabled()) {
            text.getStyle().set("color", "var(--lumo-disabled-text-color)").set("text-decoration", "line-through");
        }
        Span source = new Span(chunk.source() == null ? "" : chunk.source());
        source.getStyle().set("display", "block").set("color", "var(--lumo-secondary-text-color)")
                .set("font-size", "var(--lumo-font-size-xs)");
        return new Div(text, source);
    }

    private static Component state(ChunkView chunk) {
        HorizontalLayout badges = new HorizontalLayout(Badges.of(chunk.disabled() ? "disabled" : "indexed"));
        if (chunk.edited()) {
            badges.add(Badges.of("edited"));
        }
        badges.setSpacing(false);
        badges.getStyle().set("gap", "4px");
        return badges;
    }

    private Component actions(String tenantId, String documentId, ChunkView chunk) {
        Button edit = new Button(t("Edit"), e -> editDialog(tenantId, documentId, chunk));
        edit.setId("edit-chunk-" + chunk.number());
        edit.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_TERTIARY);
        Button toggle = new Button(chunk.disabled() ? t("Enable") : t("Disable"), e -> apply(tenantId, documentId, chunk,
                chunk.edited() ? chunk.text() : null, !chunk.disabled(), chunk.disabled()
                        ? t("Chunk {0} is back in the index.", chunk.number())
                        : t("Chunk {0} is out of the index: questions no longer retrieve it.", chunk.number())));
        toggle.setId("toggle-chunk-" + chunk.number());
        toggle.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_TERTIARY);
        HorizontalLayout actions = new HorizontalLayout(edit, toggle);
        actions.setSpacing(false);
        return actions;
    }

    private void editDialog(String tenantId, String documentId, ChunkView chunk) {
        Dialog dialog = new Dialog();
        dialog.setId("chunk-dialog");
        dialog.setHeaderTitle(t("Edit chunk {0}", chunk.number()));
        dialog.setWidth("min(48rem, 92vw)");
        TextArea text = new TextArea(t("Text"));
        text.setId("chunk-text");
        text.setValue(chunk.text());
        text.setWidthFull();
        text.setMinHeight("12rem");
        text.setHelperText(t("Saved, the document is indexed again at once with this text for the chunk. An upload of the file replaces the document and drops the edit."));
        Button save = new Button(t("Save and re-index"), e -> {
            if (text.getValue().isBlank()) {
                text.setInvalid(true);
                text.setErrorMessage(t("A chunk cannot be empty: disable it instead."));
                return;
            }
            dialog.close();
            apply(tenantId, documentId, chunk, text.getValue(), false, t("Chunk {0} saved and re-indexed: questions retrieve the new text now.", chunk.number()));
        });
        save.setId("save-chunk");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        Button restore = new Button(t("Restore the original"), e -> {
            dialog.close();
            apply(tenantId, documentId, chunk, null, false, t("Chunk {0} restored.", chunk.number()));
        });
        restore.setEnabled(chunk.edited());
        restore.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        dialog.add(text);
        dialog.getFooter().add(restore, new Button(t("Cancel"), e -> dialog.close()), save);
        dialog.open();
    }

    private void apply(String tenantId, String documentId, ChunkView chunk, String text, boolean disabled, String done) {
        Toasts.attempt(() -> {
            List<ChunkView> now = ingestion.editChunk(tenantId, documentId, chunk.id(), text, disabled);
            grid.setItems(now);
            Toasts.success(done);
        });
    }
}
