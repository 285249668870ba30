package io.s3workload.trace;

import com.github.luben.zstd.ZstdInputStream;
import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/** Opening a trace file as text: plain, gzip (CloudTrail's and many log shippers') or zstd (an ops log). */
public final class TraceFiles {

    private TraceFiles() {
    }

    public static BufferedReader open(Path file) throws IOException {
        return new BufferedReader(new InputStreamReader(stream(file), StandardCharsets.UTF_8), 1 << 16);
    }

    static InputStream stream(Path file) throws IOException {
        InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
        raw.mark(4);
        byte[] magic = raw.readNBytes(4);
        raw.reset();
        if (magic.length >= 2 && (magic[0] & 0xff) == 0x1f && (magic[1] & 0xff) == 0x8b) {
            return new GZIPInputStream(raw, 1 << 16);
        }
        if (magic.length == 4 && (magic[0] & 0xff) == 0x28 && (magic[1] & 0xff) == 0xb5 && (magic[2] & 0xff) == 0x2f
                && (magic[3] & 0xff) == 0xfd) {
            return new ZstdInputStream(raw);
        }
        return raw;
    }

    /** The first {@code max} characters of {@code file}'s text, for telling its format. */
    public static String head(Path file, int max) throws IOException {
        try (BufferedReader in = open(file)) {
            char[] buffer = new char[max];
            int n = in.read(buffer, 0, max);
            return n <= 0 ? "" : new String(buffer, 0, n);
        }
    }
}
