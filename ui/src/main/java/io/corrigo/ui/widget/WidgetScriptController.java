package io.corrigo.ui.widget;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** Serves the chat widget script, {@code /widget.js}, to any page (it holds no secret; the key decides). */
@RestController
class WidgetScriptController {

    private final byte[] script;

    WidgetScriptController() {
        try (InputStream in = WidgetScriptController.class.getResourceAsStream("/corrigo-widget/widget.js")) {
            if (in == null) {
                throw new IllegalStateException("corrigo-widget/widget.js is missing from the UI jar");
            }
            this.script = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @GetMapping(value = "/widget.js", produces = "text/javascript")
    ResponseEntity<byte[]> script() {
        return ResponseEntity.ok().cacheControl(CacheControl.maxAge(Duration.ofMinutes(10)).cachePublic())
                .header("Access-Control-Allow-Origin", "*").contentType(MediaType.valueOf("text/javascript;charset=UTF-8"))
                .body(script);
    }
}
