package io.corrigo.server.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Without Tesseract, OCR says so in words an admin can act on (the upload fails with them; nothing else breaks). */
class OcrTest {

    @Test
    void should_say_how_to_install_tesseract__where_it_is_missing() {
        String before = System.getProperty("corrigo.ocr.tesseract");
        System.setProperty("corrigo.ocr.tesseract", "/nonexistent/tesseract");
        try {
            assertThat(Ocr.available()).isFalse();
            assertThat(Ocr.unavailable()).contains("needs OCR").contains("Tesseract is not installed on this host")
                    .contains("apt-get install tesseract-ocr");
        } finally {
            if (before == null) {
                System.clearProperty("corrigo.ocr.tesseract");
            } else {
                System.setProperty("corrigo.ocr.tesseract", before);
            }
        }
    }
}
