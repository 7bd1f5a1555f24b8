package io.corrigo.server;

import io.corrigo.testsupport.TestPdfs;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.Deflater;

/** Real documents for upload tests, made with the libraries the parser reads them with. */
public final class TestDocuments {

    private TestDocuments() {
    }

    /** A one-page PDF, one printed line per entry, with {@code title} in its metadata unless {@code null}. */
    public static byte[] pdf(String title, String... lines) throws IOException {
        return TestPdfs.pages(title, List.of(Arrays.asList(lines)));
    }

    /**
     * A one-page PDF whose page content is one Flate stream that inflates to about {@code inflatedBytes}: a single
     * text string of that many letters. A few hundred kilobytes on disk; a parser holds the whole string in memory
     * before it can show it (a decompression bomb).
     */
    public static byte[] pdfBomb(long inflatedBytes) {
        Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION);
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        byte[] buffer = new byte[1 << 16];
        byte[] letters = new byte[1 << 20];
        Arrays.fill(letters, (byte) 'A');
        deflate(deflater, "BT /F1 12 Tf 72 712 Td (".getBytes(StandardCharsets.US_ASCII), stream, buffer);
        for (long left = inflatedBytes; left > 0; left -= letters.length) {
            deflate(deflater, Arrays.copyOf(letters, (int) Math.min(letters.length, left)), stream, buffer);
        }
        deflate(deflater, ") Tj ET".getBytes(StandardCharsets.US_ASCII), stream, buffer);
        deflater.finish();
        while (!deflater.finished()) {
            stream.write(buffer, 0, deflater.deflate(buffer));
        }
        deflater.end();
        byte[] content = stream.toByteArray();

        ByteArrayOutputStream pdf = new ByteArrayOutputStream();
        List<Integer> offsets = new ArrayList<>();
        write(pdf, "%PDF-1.4\n");
        String[] objects = {
                "<< /Type /Catalog /Pages 2 0 R >>",
                "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << >> >>"};
        for (int i = 0; i < objects.length; i++) {
            offsets.add(pdf.size());
            write(pdf, (i + 1) + " 0 obj\n" + objects[i] + "\nendobj\n");
        }
        offsets.add(pdf.size());
        write(pdf, "4 0 obj\n<< /Length " + content.length + " /Filter /FlateDecode >>\nstream\n");
        pdf.writeBytes(content);
        write(pdf, "\nendstream\nendobj\n");
        int xref = pdf.size();
        StringBuilder table = new StringBuilder("xref\n0 5\n0000000000 65535 f \n");
        offsets.forEach(offset -> table.append(String.format("%010d 00000 n \n", offset)));
        write(pdf, table + "trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n" + xref + "\n%%EOF\n");
        return pdf.toByteArray();
    }

    private static void deflate(Deflater deflater, byte[] input, ByteArrayOutputStream out, byte[] buffer) {
        deflater.setInput(input);
        while (!deflater.needsInput()) {
            out.write(buffer, 0, deflater.deflate(buffer));
        }
    }

    private static void write(ByteArrayOutputStream out, String text) {
        out.writeBytes(text.getBytes(StandardCharsets.US_ASCII));
    }
}
