package io.s3workload.workload.yaml;

import io.s3workload.workload.DataSize;
import io.s3workload.workload.Stop;
import java.util.List;
import java.util.Optional;

/** Reads the keys closed-loop stages share: {@code duration}, {@code operations}, {@code objects}, sizes. */
final class StopBinder {

    private StopBinder() {
    }

    static Stop stop(Fields f) {
        return new Stop(f.duration("duration"), f.longAtLeast("operations", 1), f.longAtLeast("objects", 1));
    }

    /** {@code sizes: [..]} or {@code size: x}; empty when neither is given. */
    static Optional<List<DataSize>> sizes(Fields f) {
        if (f.has("size") && f.has("sizes")) {
            f.binding().problem(f.child("size"), "give either 'size' or 'sizes', not both");
        }
        String key = f.has("size") ? "size" : "sizes";
        return f.list(key, e -> f.parseSize(e.pointer(), e.text()));
    }
}
