package io.corrigo.server.web;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.server.problem.ErrorCode;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.springframework.http.MediaType;

/** Writes an {@link ApiError} from places that answer before a controller runs (security filters). */
public final class ErrorResponses {

    private ErrorResponses() {
    }

    public static void write(ObjectMapper json, HttpServletResponse response, int status, ErrorCode code, String message)
            throws IOException {
        response.setStatus(status);
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        json.writeValue(response.getOutputStream(), new ApiError(code.code(), message, List.of()));
    }
}
