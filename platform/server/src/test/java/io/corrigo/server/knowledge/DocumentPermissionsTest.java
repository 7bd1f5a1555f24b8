package io.corrigo.server.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.server.HostTestBase;
import io.corrigo.testsupport.PermissionMatrix;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Document permissions on the embedded profile (H2, Lucene): every caller, document and read path, no leak. */
class DocumentPermissionsTest extends HostTestBase {

    @Test
    void no_caller_reads_a_document_outside_its_groups_on_any_path() {
        signInAsAdmin();
        assertThat(postJson("/api/v1/tenants", Map.of("id", "permissions", "name", "Permission matrix")).status())
                .isEqualTo(201);

        PermissionMatrix.Report report = new PermissionMatrix("http://127.0.0.1:" + port, adminAuthorization(),
                "permissions").run();
        System.out.printf("Permission matrix (H2, Lucene): %d replies read, %d leaks, %d misses%n", report.checks(),
                report.leaks().size(), report.misses().size());

        assertThat(report.leaks()).as("leaks").isEmpty();
        assertThat(report.misses()).as("documents a caller may read but did not get").isEmpty();
        assertThat(report.checks()).as("replies read").isGreaterThan(60);
    }
}
