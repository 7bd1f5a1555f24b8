package io.corrigo.server.gateway;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.springframework.stereotype.Component;

/** Writes server-sent events: {@code event: <name>} (when named) and {@code data: <JSON>}, flushed at once. */
@Component
public class SseEncoder {

    private final ObjectMapper json;

    SseEncoder(ObjectMapper json) {
        this.json = json;
    }

    /** A named event with JSON data. */
    public void event(OutputStream out, String name, Object data) throws IOException {
        write(out, "event: " + name + "\ndata: " + json.writeValueAsString(data) + "\n\n");
    }

    /** An unnamed event with JSON data (OpenAI's chunks). */
    public void data(OutputStream out, Object data) throws IOException {
        write(out, "data: " + json.writeValueAsString(data) + "\n\n");
    }

    /** An unnamed event with raw text ({@code [DONE]}). */
    public void raw(OutputStream out, String text) throws IOException {
        write(out, "data: " + text + "\n\n");
    }

    private static void write(OutputStream out, String frame) throws IOException {
        out.write(frame.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}
