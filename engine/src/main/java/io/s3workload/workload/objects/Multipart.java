package io.s3workload.workload.objects;

import io.s3workload.ground.DataSize;

/**
 * How PUTs of large objects go: objects larger than {@code threshold} are uploaded in {@code partSize} parts,
 * {@code parallel} at a time per object.
 *
 * @param measureParts whether a put stage measures each part (UploadPart) in a cell of its own beside the uploads
 */
public record Multipart(DataSize threshold, DataSize partSize, int parallel, boolean measureParts) {

    public Multipart(DataSize threshold, DataSize partSize, int parallel) {
        this(threshold, partSize, parallel, false);
    }

    /** S3's smallest part (all but the last). */
    public static final DataSize MIN_PART = DataSize.ofMiB(5);
    public static final int MAX_PARTS = 10_000;
    public static final Multipart DEFAULT = new Multipart(DataSize.ofMiB(64), DataSize.ofMiB(10), 10);
    public static final Multipart OFF = new Multipart(new DataSize(Long.MAX_VALUE), DataSize.ofMiB(10), 1);

    public boolean applies(long objectBytes) {
        return objectBytes > threshold.bytes();
    }

    public int parts(long objectBytes) {
        return (int) Math.max(1, (objectBytes + partSize.bytes() - 1) / partSize.bytes());
    }
}
