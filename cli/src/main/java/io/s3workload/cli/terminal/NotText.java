package io.s3workload.cli.terminal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** What a file that is not UTF-8 text is, in words a reader can act on: compressed, or where its first wrong byte is. */
public final class NotText {

    private NotText() {
    }

    /** {@code file} described: "it is gzip-compressed: ...", "line 3, column 7 holds the byte 0xF2, not UTF-8". */
    public static String describe(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(1 << 16);
            if (head.length >= 4 && (head[0] & 0xff) == 0x28 && (head[1] & 0xff) == 0xb5 && (head[2] & 0xff) == 0x2f
                    && (head[3] & 0xff) == 0xfd) {
                return "it is zstd-compressed (decompress it first: zstd -d " + file.getFileName() + ")";
            }
            if (head.length >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b) {
                return "it is gzip-compressed (decompress it first: gunzip " + file.getFileName() + ")";
            }
            return where(head);
        } catch (IOException e) {
            return "it could not be read: " + e.getMessage();
        }
    }

    /** Where in {@code bytes} (the file's first ones) the first byte that is not UTF-8 is. */
    private static String where(byte[] bytes) {
        CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult result = utf8.decode(in, out, true);
        if (!result.isError()) {
            return "it is not UTF-8 text (past its first 64 KiB)";
        }
        int line = 1;
        int column = 1;
        out.flip();
        while (out.hasRemaining()) {
            if (out.get() == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
        }
        return String.format(Locale.ROOT, "it is not UTF-8 text: line %d, column %d holds the byte 0x%02X"
                + " (a binary file?)", line, column, bytes[in.position()] & 0xff);
    }
}
