package io.s3workload.kinds.put;

import io.s3workload.ground.Shard;
import io.s3workload.ground.SizeSpec;
import io.s3workload.workload.OfferedLoad;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Stop;
import io.s3workload.workload.objects.DataShape;
import io.s3workload.workload.objects.Multipart;
import io.s3workload.workload.objects.ObjectSettings;
import java.util.List;
import java.util.Optional;

/**
 * Closed-loop PUTs: one measured cell per size, run in turn. {@code objects} bounds the distinct keys (written
 * round-robin when {@code operations} is larger); without it every PUT writes a new key. Objects over the
 * multipart threshold are uploaded in parallel parts.
 *
 * @param sharedKeys whether workers may write one key at the same time (overwrite contention, on purpose); by
 *                   default a worker skips to a key no other worker is writing, which there is whenever
 *                   {@code objects} is at least the workers
 * @param conditional what each PUT (or multipart completion) asks the store to check first; with one, each write
 *                    of a key carries bytes of its own, so that which write the store kept can be told
 */
public record PutStage(StageCommon common, List<SizeSpec> sizes, Stop stop, Multipart multipart,
                       ObjectSettings writes, boolean sharedKeys, Conditional conditional)
        implements StageSpec, OfferedLoad {

    /**
     * The most keys a conditional stage tracks (which write of each the store kept, and for {@code ifMatch} its
     * last ETag): 4 Mi keys, 32 MiB of winners.
     */
    public static final long MOST_CONDITIONAL_KEYS = 1L << 22;

    public PutStage {
        sizes = List.copyOf(sizes);
    }

    public PutStage(StageCommon common, List<SizeSpec> sizes, Stop stop, Multipart multipart) {
        this(common, sizes, stop, multipart, ObjectSettings.NONE, false, Conditional.NONE);
    }

    @Override
    public Optional<DataShape> bodies() {
        return Optional.of(writes.data());
    }

    @Override
    public StageKind kind() {
        return StageKind.PUT;
    }

    @Override
    public PutStage shared(Shard shard, int defaultWorkers) {
        return new PutStage(common.shared(shard, kind(), defaultWorkers), sizes, stop.shared(shard), multipart, writes, sharedKeys,
                conditional);
    }

    /** A search answers for one object size. */
    @Override
    public Optional<Unfit> unfitToRepeat() {
        return sizes.size() > 1 ? Optional.of(new Unfit("sizes", "a capacity search offers one object size at a time"
                + " (it answers for that size); give one size, or one capacity stage per size")) : Optional.empty();
    }

    @Override
    public PutStage offered(StageCommon common) {
        return new PutStage(common, sizes, stop, multipart, writes, sharedKeys, conditional);
    }

    @Override
    public boolean warnsOfSharedKeys() {
        return !sharedKeys;
    }
}
