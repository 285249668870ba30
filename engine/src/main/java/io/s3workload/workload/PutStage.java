package io.s3workload.workload;

import java.util.List;

/**
 * Closed-loop PUTs: one measured cell per size, run in turn. {@code objects} bounds the distinct keys (written
 * round-robin when {@code operations} is larger); without it every PUT writes a new key. Objects over the
 * multipart threshold are uploaded in parallel parts.
 */
public record PutStage(StageCommon common, List<SizeSpec> sizes, Stop stop, Multipart multipart,
                       ObjectSettings writes) implements StageSpec {

    public PutStage {
        sizes = List.copyOf(sizes);
    }

    public PutStage(StageCommon common, List<SizeSpec> sizes, Stop stop, Multipart multipart) {
        this(common, sizes, stop, multipart, ObjectSettings.NONE);
    }

    @Override
    public StageKind kind() {
        return StageKind.PUT;
    }
}
