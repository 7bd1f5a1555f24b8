package io.corrigo.server.run;

import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Asking questions and reading runs. */
@RestController
class RunController {

    private final QueryService queries;

    RunController(QueryService queries) {
        this.queries = queries;
    }

    /** The question to ask. */
    record QueryRequest(String question) {
    }

    @PostMapping("/api/v1/tenants/{tenant}/query")
    QueryResponse query(@PathVariable String tenant, @RequestBody QueryRequest request) {
        return queries.ask(tenant, request.question());
    }

    @GetMapping("/api/v1/tenants/{tenant}/runs")
    List<RunView> latest(@PathVariable String tenant, @RequestParam(defaultValue = "50") int limit) {
        return queries.latest(tenant, limit);
    }

    @GetMapping("/api/v1/tenants/{tenant}/runs/{id}")
    RunView run(@PathVariable String tenant, @PathVariable String id) {
        return queries.run(tenant, id);
    }

    /** The run by id alone, as the foundation issue specifies; tenant-scoped access checks arrive with API keys. */
    @GetMapping("/api/v1/runs/{id}")
    RunView run(@PathVariable String id) {
        return queries.run(id);
    }
}
