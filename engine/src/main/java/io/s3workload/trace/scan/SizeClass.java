package io.s3workload.trace.scan;

import io.s3workload.ground.DataSize;

/**
 * The size classes a replay's mix is compared in: up to 4 KiB, then each four times the last (4 KiB-16 KiB, ...,
 * 1 GiB-4 GiB), then above; {@code -} for an operation without a size (a listing, a delete).
 */
public final class SizeClass {

    private static final long FIRST = 4 * 1024;
    private static final long LAST = 4L * 1024 * 1024 * 1024;

    private SizeClass() {
    }

    /** The class of an operation of {@code bytes} (negative: none). */
    public static String of(long bytes) {
        if (bytes < 0) {
            return "-";
        }
        if (bytes <= FIRST) {
            return "0-" + DataSize.ofBytes(FIRST);
        }
        long upTo = FIRST;
        while (upTo < bytes && upTo < LAST) {
            upTo *= 4;
        }
        return bytes > LAST ? "> " + DataSize.ofBytes(LAST) : DataSize.ofBytes(upTo / 4) + "-" + DataSize.ofBytes(upTo);
    }

    /** The order of the classes: by their lower edge ({@code -} first). */
    public static long order(String sizeClass) {
        if (sizeClass.equals("-")) {
            return -1;
        }
        if (sizeClass.startsWith("> ")) {
            return Long.MAX_VALUE;
        }
        String lower = sizeClass.substring(0, sizeClass.indexOf('-')).replace(" ", "");
        return DataSize.parse(lower).map(DataSize::bytes).orElse(0L);
    }
}
