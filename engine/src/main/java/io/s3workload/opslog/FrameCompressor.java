package io.s3workload.opslog;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdException;
import java.io.IOException;
import java.util.Arrays;

/**
 * A zstd context (level 1) and the room a frame is made in. Each chunk is compressed by itself, in one call:
 * rows repeat within a few hundred bytes, so a chunk loses little by not seeing the last (16 bytes a row), and a
 * compressor's memory stays as small as a chunk. A stream with a window across chunks kept its own copies of the
 * rows and ~0.5 MiB of buffers, swept through the cache each time it ran.
 */
final class FrameCompressor {

    private final ZstdCompressCtx zstd = new ZstdCompressCtx().setLevel(1);
    private byte[] frame;

    /** A compressor for chunks of {@code chunk} bytes (a longer row makes its room grow). */
    FrameCompressor(int chunk) {
        frame = new byte[(int) Zstd.compressBound(chunk)];
    }

    /** {@code length} bytes of {@code rows} as a frame of its own. */
    byte[] compress(byte[] rows, int length) throws IOException {
        long bound = Zstd.compressBound(length);
        if (bound > frame.length) { // a row longer than a chunk
            frame = new byte[(int) bound];
        }
        try {
            int n = zstd.compressByteArray(frame, 0, frame.length, rows, 0, length);
            return Arrays.copyOf(frame, n);
        } catch (ZstdException e) {
            throw new IOException("zstd: " + e.getMessage(), e);
        }
    }

    /** Lets go of zstd's context. */
    void close() {
        zstd.close();
    }
}
