package io.s3workload.cli.terminal;

import io.s3workload.workload.endpoints.Urls;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Standard output or error with the user info of every URL masked ({@code http://***@host}), line by line: the last
 * line of defence, behind the masking where URLs are printed, for a password given in an endpoint URL that a
 * message from a library quotes as it was given. A line is written when it ends ({@code \n}, or {@code \r} for the
 * progress line) or on flush.
 */
public final class MaskedOutput extends OutputStream {

    private final PrintStream target;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);

    private MaskedOutput(PrintStream target) {
        this.target = target;
    }

    /** {@code target}, masked. */
    public static PrintStream of(PrintStream target) {
        return new PrintStream(new MaskedOutput(target), true, StandardCharsets.UTF_8);
    }

    @Override
    public synchronized void write(int b) {
        line.write(b);
        if (b == '\n' || b == '\r') {
            emit();
        }
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
        int start = off;
        for (int i = off; i < off + len; i++) {
            if (b[i] == '\n' || b[i] == '\r') {
                line.write(b, start, i + 1 - start);
                emit();
                start = i + 1;
            }
        }
        line.write(b, start, off + len - start);
    }

    @Override
    public synchronized void flush() {
        emit();
        target.flush();
    }

    private void emit() {
        if (line.size() == 0) {
            return;
        }
        String text = line.toString(StandardCharsets.UTF_8);
        line.reset();
        target.print(text.indexOf('@') < 0 ? text : Urls.masked(text));
    }

    @Override
    public void close() throws IOException {
        flush();
    }
}
