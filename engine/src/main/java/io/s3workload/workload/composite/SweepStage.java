package io.s3workload.workload.composite;

import io.s3workload.ground.DataSize;
import io.s3workload.ground.Shard;
import io.s3workload.ground.SizeSpec;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Stop;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * {@code kind: sweep}: one operation measured at every thread count for every object size, as the
 * dvassallo/zextras s3-benchmark does; one table per size. For GETs each size's working set is uploaded first
 * (unmeasured in the table, reported as its own stage).
 *
 * @param point   when each (size, threads) point stops: a duration or an operation count
 * @param objects the working set per size that GETs read
 */
public record SweepStage(StageCommon common, Measure measure, List<Integer> threads, List<SizeSpec> sizes,
                         Stop point, long objects) implements StageSpec {

    public SweepStage {
        threads = List.copyOf(threads);
        sizes = List.copyOf(sizes);
    }

    /** What each point measures: the kind whose {@link SweepPoint} each point is. */
    public enum Measure {
        GET(StageKind.GET), PUT(StageKind.PUT);

        private final StageKind kind;

        Measure(StageKind kind) {
            this.kind = kind;
        }

        public StageKind kind() {
            return kind;
        }
    }

    /**
     * Matrices by name. {@code quick}: the seed tool's default grid exactly (its -threads-min 8 to -threads-max 16,
     * every count, over -payloads-min 1 to -payloads-max 10: 1 KiB doubling to 512 KiB) with its -samples 1000 a
     * point, which the tool itself cut to 50 off EC2; {@code full}: a sample of the tool's -full grid (every thread
     * count 1 to 48 over 16 sizes, 1 KiB to 32 MiB): 1 to 64 threads doubling over five sizes, 30 s a point (about
     * 18 minutes plus uploads).
     */
    public enum Preset {
        QUICK(List.of(8, 9, 10, 11, 12, 13, 14, 15, 16), List.of("1KiB", "2KiB", "4KiB", "8KiB", "16KiB", "32KiB",
                "64KiB", "128KiB", "256KiB", "512KiB"), new Stop(Optional.empty(), OptionalLong.of(1000),
                OptionalLong.empty())),
        FULL(List.of(1, 2, 4, 8, 16, 32, 64), List.of("1KiB", "64KiB", "1MiB", "16MiB", "32MiB"),
                new Stop(Optional.of(Duration.ofSeconds(30)), OptionalLong.empty(), OptionalLong.empty()));

        private final List<Integer> threads;
        private final List<String> sizes;
        private final Stop point;

        Preset(List<Integer> threads, List<String> sizes, Stop point) {
            this.threads = threads;
            this.sizes = sizes;
            this.point = point;
        }

        public List<Integer> threads() {
            return threads;
        }

        public List<SizeSpec> sizes() {
            return sizes.stream().map(s -> SizeSpec.of(DataSize.parse(s).orElseThrow())).toList();
        }

        public Stop point() {
            return point;
        }
    }

    /** The working set per size when {@code objects} is not given: four objects per thread of the most threads. */
    public static long defaultObjects(List<Integer> threads) {
        return 4L * threads.stream().mapToInt(Integer::intValue).max().orElse(1);
    }

    @Override
    public StageKind kind() {
        return StageKind.SWEEP;
    }

    @Override
    public SweepStage shared(Shard shard, int defaultWorkers) {
        return new SweepStage(common.shared(shard, kind(), defaultWorkers), measure, threads.stream().map(shard::part).toList(), sizes,
                point.shared(shard), shard.part(objects));
    }
}
