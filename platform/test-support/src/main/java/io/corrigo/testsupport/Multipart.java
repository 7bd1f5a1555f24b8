package io.corrigo.testsupport;

import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * A {@code multipart/form-data} body with one file in the field {@code file}, as a browser uploads it.
 *
 * @param contentType the request's {@code Content-Type}, with its boundary
 * @param body        the bytes to send
 */
public record Multipart(String contentType, byte[] body) {

    /** One file, typed {@code application/octet-stream}. */
    public static Multipart file(String fileName, byte[] content) {
        String boundary = "corrigo-" + UUID.randomUUID();
        byte[] head = ("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + fileName
                + "\"\r\nContent-Type: application/octet-stream\r\n\r\n").getBytes(StandardCharsets.UTF_8);
        byte[] tail = ("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8);
        byte[] body = new byte[head.length + content.length + tail.length];
        System.arraycopy(head, 0, body, 0, head.length);
        System.arraycopy(content, 0, body, head.length, content.length);
        System.arraycopy(tail, 0, body, head.length + content.length, tail.length);
        return new Multipart("multipart/form-data; boundary=" + boundary, body);
    }
}
