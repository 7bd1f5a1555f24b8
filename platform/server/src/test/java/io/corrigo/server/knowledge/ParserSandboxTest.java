package io.corrigo.server.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.server.TestDocuments;
import io.corrigo.testsupport.Eventually;
import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Documents read in real child processes: text out, and a bomb or a slow document costing only itself. */
class ParserSandboxTest {

    private static final byte[] BOMB = TestDocuments.pdfBomb(400L << 20);

    @Test
    void should_extract_text_and_the_title_of_a_pdf_in_a_child_process() throws IOException {
        ParserSandbox sandbox = new ParserSandbox(128, Duration.ofSeconds(60), 1, Duration.ofMinutes(2));
        try {
            ParserSandbox.Result result = sandbox.extract(TestDocuments.pdf("Tide tables", "High water at Skerrow is at 06:12."),
                    DocumentParser.PDF);

            assertThat(result).isInstanceOf(ParserSandbox.Extracted.class);
            assertThat(((ParserSandbox.Extracted) result).text()).contains("High water at Skerrow is at 06:12.");
            assertThat(((ParserSandbox.Extracted) result).title()).isEqualTo("Tide tables");
        } finally {
            sandbox.stop();
        }
    }

    @Test
    void should_refuse_a_decompression_bomb_for_memory__and_read_the_next_document_in_a_new_process() throws IOException {
        // given: 400 MiB of page content in a file of under a megabyte, and a parser heap of 96 MB
        assertThat(BOMB.length).isLessThan(1 << 20);
        ParserSandbox sandbox = new ParserSandbox(96, Duration.ofSeconds(120), 1, Duration.ofMinutes(2));
        try {
            // when
            ParserSandbox.Result bomb = sandbox.extract(BOMB, DocumentParser.PDF);
            ParserSandbox.Result next = sandbox.extract(TestDocuments.pdf(null, "The ferry leaves at noon."), DocumentParser.PDF);

            // then
            assertThat(bomb).isInstanceOf(ParserSandbox.Refused.class);
            assertThat(((ParserSandbox.Refused) bomb).reason()).contains("needs more memory").contains("96 MB");
            assertThat(next).isInstanceOf(ParserSandbox.Extracted.class);
            assertThat(((ParserSandbox.Extracted) next).text()).contains("The ferry leaves at noon.");
        } finally {
            sandbox.stop();
        }
    }

    @Test
    void should_stop_a_document_that_takes_longer_than_the_time_limit() {
        ParserSandbox sandbox = new ParserSandbox(1024, Duration.ofMillis(300), 1, Duration.ofMinutes(2));
        try {
            ParserSandbox.Result result = sandbox.extract(BOMB, DocumentParser.PDF);

            assertThat(result).isInstanceOf(ParserSandbox.Refused.class);
            assertThat(((ParserSandbox.Refused) result).reason()).contains("took longer than");
        } finally {
            sandbox.stop();
        }
    }

    @Test
    void should_refuse_a_broken_pdf_with_the_reason__and_go_on_with_the_next() throws IOException {
        ParserSandbox sandbox = new ParserSandbox(128, Duration.ofSeconds(60), 1, Duration.ofMinutes(2));
        try {
            ParserSandbox.Result broken = sandbox.extract("%PDF-1.4 ...".getBytes(), DocumentParser.PDF);
            ParserSandbox.Result next = sandbox.extract(TestDocuments.pdf(null, "Low water is at 12:30."), DocumentParser.PDF);

            assertThat(((ParserSandbox.Refused) broken).reason()).startsWith("could not be read as PDF");
            assertThat(((ParserSandbox.Extracted) next).text()).contains("Low water is at 12:30.");
        } finally {
            sandbox.stop();
        }
    }

    @Test
    void should_stop_a_parser_process_that_stayed_idle__and_start_another_for_the_next_document() throws Exception {
        ParserSandbox sandbox = new ParserSandbox(128, Duration.ofSeconds(60), 1, Duration.ofMillis(500));
        try {
            sandbox.extract(TestDocuments.pdf(null, "First."), DocumentParser.PDF);
            assertThat(sandbox.idleProcesses()).isEqualTo(1);

            Eventually.until(() -> sandbox.idleProcesses() == 0, Duration.ofSeconds(10), "the idle parser process stops");

            assertThat(sandbox.idleProcesses()).as("stopped after half a second idle").isZero();
            assertThat(((ParserSandbox.Extracted) sandbox.extract(TestDocuments.pdf(null, "Second."), DocumentParser.PDF)).text())
                    .contains("Second.");
        } finally {
            sandbox.stop();
        }
    }
}
