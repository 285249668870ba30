package io.s3workload.workload.yaml;

import io.s3workload.ground.DataSize;
import io.s3workload.ground.SizeSpec;
import io.s3workload.workload.endpoints.ClientSpec;
import io.s3workload.workload.endpoints.Timeouts;
import io.s3workload.workload.objects.Multipart;
import io.s3workload.workload.objects.ParallelRanges;
import java.util.List;

/** Reads how large objects move ({@code multipart}, {@code parallelRanges}) and the client settings. */
public final class TransferBinder {

    private TransferBinder() {
    }

    /** {@code multipart: {threshold, partSize, parallel}} (unset keys take the defaults) or {@code false}. */
    public static Multipart multipart(Fields f, List<SizeSpec> sizes) {
        return multipart(f, sizes, Multipart.DEFAULT, false);
    }

    /** As {@link #multipart(Fields, List)} for a put stage, whose parts may be measured ({@code measureParts}). */
    public static Multipart uploads(Fields f, List<SizeSpec> sizes) {
        return multipart(f, sizes, Multipart.DEFAULT, true);
    }

    /** A copy stage's {@code multipart}: its keys and their defaults are a copy's ({@code Keys.Context.COPY_MULTIPART}). */
    public static Multipart copyMultipart(Fields f, Multipart d) {
        return multipart(f, List.of(), d, false, Keys.Context.COPY_MULTIPART);
    }

    private static Multipart multipart(Fields f, List<SizeSpec> sizes, Multipart d, boolean partsMeasured) {
        return multipart(f, sizes, d, partsMeasured, Keys.Context.MULTIPART);
    }

    private static Multipart multipart(Fields f, List<SizeSpec> sizes, Multipart d, boolean partsMeasured,
                                       Keys.Context context) {
        if (isOff(f, "multipart")) {
            return Multipart.OFF;
        }
        return f.object("multipart", Keys.in(context), Keys.refused(context), "multipart settings, e.g. {partSize:"
                + " 10MiB, parallel: 10}")
                .map(m -> {
                    DataSize partSize = m.size("partSize").orElse(d.partSize());
                    var threshold = m.size("threshold").orElse(d.threshold());
                    int parallel = m.intAtLeast("parallel", 1).orElse(d.parallel());
                    if (partSize.bytes() < Multipart.MIN_PART.bytes()) {
                        m.binding().problem(m.child("partSize"), "S3 parts (all but the last) are at least 5 MiB,"
                                + " got " + partSize);
                        return d;
                    }
                    boolean measureParts = context == Keys.Context.MULTIPART && m.boolOr("measureParts");
                    if (measureParts && !partsMeasured) {
                        m.binding().problem(m.child("measureParts"), "measureParts applies to a put stage's"
                                + " uploads, whose parts are measured in a cell of their own; here they are not");
                    }
                    Multipart result = new Multipart(threshold, partSize, parallel, measureParts);
                    checkPartCount(m, result, sizes);
                    return result;
                })
                .orElseGet(() -> {
                    checkPartCount(f, d, sizes);
                    return d;
                });
    }

    private static void checkPartCount(Fields f, Multipart m, List<SizeSpec> sizes) {
        for (SizeSpec size : sizes) {
            long largest = size.maxBytes();
            if (m.applies(largest) && m.parts(largest) > Multipart.MAX_PARTS) {
                long mib = 1024 * 1024;
                long minimum = ((largest + Multipart.MAX_PARTS - 1) / Multipart.MAX_PARTS + mib - 1) / mib * mib;
                f.binding().problem(f.has("partSize") ? f.child("partSize") : f.pointer(), size + " in parts of "
                        + m.partSize() + " needs " + m.parts(largest) + " parts; S3 allows " + Multipart.MAX_PARTS
                        + ": use a partSize of at least " + DataSize.ofBytes(minimum));
                return;
            }
        }
    }

    /** {@code parallelRanges: {threshold, chunk, parallel}} (unset keys take the defaults) or {@code false}. */
    public static ParallelRanges parallelRanges(Fields f) {
        if (isOff(f, "parallelRanges")) {
            return ParallelRanges.OFF;
        }
        return f.object("parallelRanges", Keys.in(Keys.Context.PARALLEL_RANGES), "range settings, e.g. {chunk: 10MiB, parallel: 10}")
                .map(r -> {
                    ParallelRanges d = ParallelRanges.DEFAULT;
                    DataSize chunk = r.size("chunk").orElse(d.chunk());
                    var threshold = r.size("threshold").orElse(d.threshold());
                    int parallel = r.intAtLeast("parallel", 1).orElse(d.parallel());
                    if (chunk.bytes() == 0) {
                        r.binding().problem(r.child("chunk"), "must be larger than 0");
                        return d;
                    }
                    return new ParallelRanges(threshold, chunk, parallel);
                })
                .orElse(ParallelRanges.DEFAULT);
    }

    /**
     * {@code client: sync|crt}, {@code checksums: when-required|always}, {@code clients: shared|per-worker},
     * {@code connections: N}.
     */
    static ClientSpec client(Fields f) {
        return new ClientSpec(f.choice("client", ClientSpec.Kind.class), f.choice("checksums",
                ClientSpec.Checksums.class), f.choice("clients", ClientSpec.Sharing.class),
                f.intAtLeast("connections", 1), timeouts(f), f.intAtLeast("retries", 0), f.bool("backOff"));
    }

    private static Timeouts timeouts(Fields f) {
        return f.object("timeouts", Keys.in(Keys.Context.TIMEOUTS), "per-request time limits, e.g. timeouts: {connect: 2s, firstByte:"
                + " 5s, total: 30s}").map(t -> new Timeouts(t.duration("connect"), t.duration("firstByte"),
                t.duration("total"))).orElse(Timeouts.UNSET);
    }

    private static boolean isOff(Fields f, String key) {
        var node = f.raw(key);
        return node != null && node.isTextual() && f.bool(key).map(b -> !b).orElse(false);
    }
}
