package io.s3workload.kinds.replay;

import io.s3workload.trace.scan.TraceScan;
import io.s3workload.trace.scan.TraceSelection;

/**
 * Where a replay puts the keys it plays: under the stage's prefix in the run's, each recorded key kept after it
 * ({@code keys: names}), or its 64-bit hash in hex where names are sensitive ({@code keys: hashed}: a listing then
 * lists the stage's whole prefix, as hashes keep no prefix); copies' sources under {@code .copy-sources/}.
 */
record ReplayKeys(String prefix, boolean hashed) {

    String map(String recorded) {
        return prefix + (hashed ? String.format("%016x", TraceSelection.hash(recorded)) : recorded);
    }

    String listPrefix(String recorded) {
        return prefix + (hashed || recorded == null ? "" : recorded);
    }

    /** The source a copy of {@code bytes} copies from (copies keep no source in the logs). */
    String copySource(long bytes) {
        return prefix + ".copy-sources/" + TraceScan.copySourceSize(bytes);
    }
}
