package io.corrigo.server.plugin.runner;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * Streams over a blocking socket channel that one thread may read while another writes: unlike
 * {@code Channels.newInputStream}/{@code newOutputStream}, they do not take the channel's blocking lock (with it, a
 * write waits for the reader's read to end).
 */
final class SocketStreams {

    private SocketStreams() {
    }

    /** Reads {@code channel}. */
    static InputStream in(SocketChannel channel) {
        return new InputStream() {
            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] bytes, int offset, int length) throws IOException {
                return length == 0 ? 0 : channel.read(ByteBuffer.wrap(bytes, offset, length));
            }
        };
    }

    /** Writes {@code channel}, all of each write. */
    static OutputStream out(SocketChannel channel) {
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] bytes, int offset, int length) throws IOException {
                ByteBuffer buffer = ByteBuffer.wrap(bytes, offset, length);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
            }
        };
    }
}
