package io.s3workload.workload;

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

    /** What each point measures. */
    public enum Measure { GET, PUT }

    /**
     * Matrices by name. {@code quick}: 8 and 16 threads over 1 to 32 MiB, 10 s a point (about 2 minutes plus
     * uploads), the seed tool's default run; {@code full}: 1 to 64 threads over 1 KiB to 32 MiB, 30 s a point
     * (about 18 minutes plus uploads).
     */
    public enum Preset {
        QUICK(List.of(8, 16), List.of("1MiB", "2MiB", "4MiB", "8MiB", "16MiB", "32MiB"), Duration.ofSeconds(10)),
        FULL(List.of(1, 2, 4, 8, 16, 32, 64), List.of("1KiB", "64KiB", "1MiB", "16MiB", "32MiB"),
                Duration.ofSeconds(30));

        private final List<Integer> threads;
        private final List<String> sizes;
        private final Duration point;

        Preset(List<Integer> threads, List<String> sizes, Duration point) {
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
            return new Stop(Optional.of(point), OptionalLong.empty(), OptionalLong.empty());
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
