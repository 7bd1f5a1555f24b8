package io.corrigo.server.knowledge;

import io.corrigo.server.web.ApiException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

/** {@code /api/v1/tenants/{tenant}/documents}: upload (multipart, field {@code file}, repeatable) and list. */
@RestController
@RequestMapping("/api/v1/tenants/{tenant}/documents")
class DocumentController {

    static final int MAX_FILES_PER_REQUEST = 20;

    private final IngestionService ingestion;

    DocumentController(IngestionService ingestion) {
        this.ingestion = ingestion;
    }

    @PostMapping(consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    @ResponseStatus(HttpStatus.CREATED)
    List<DocumentView> upload(@PathVariable String tenant, @RequestParam("file") List<MultipartFile> files) {
        if (files.isEmpty()) {
            throw ApiException.badRequest("no_files", "Attach at least one file in the 'file' field.");
        }
        if (files.size() > MAX_FILES_PER_REQUEST) {
            throw ApiException.badRequest("too_many_files",
                    "At most " + MAX_FILES_PER_REQUEST + " files per request; " + files.size() + " were sent.");
        }
        List<IngestionService.Upload> uploads = new ArrayList<>();
        for (MultipartFile file : files) {
            try {
                uploads.add(new IngestionService.Upload(file.getOriginalFilename(), file.getContentType(), file.getBytes()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return ingestion.ingestAll(tenant, uploads);
    }

    @GetMapping
    List<DocumentView> list(@PathVariable String tenant) {
        return ingestion.list(tenant);
    }
}
