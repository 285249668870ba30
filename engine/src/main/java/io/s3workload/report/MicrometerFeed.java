package io.s3workload.report;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import io.s3workload.run.Progress;
import io.s3workload.run.RunInfo;
import io.s3workload.run.StageResult;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Feeds a Micrometer registry from the run's events, once a second per cell, on the reporters' thread (never from
 * the requests' threads). Meters, tagged with run, stage, op, endpoint and size (docs/metrics.md):
 * <ul>
 *   <li>{@code s3workload.request.latency} and {@code s3workload.request.ttfb}: timers with histogram buckets;</li>
 *   <li>{@code s3workload.request.latency.percentile}: gauges of the last second's p50, p95 and p99 (HdrHistogram
 *   is the source of truth; Micrometer drops quantiles when a timer also has buckets);</li>
 *   <li>{@code s3workload.operations}, {@code s3workload.errors}, {@code s3workload.bytes}: counters.</li>
 * </ul>
 * At the end of each stage the counters and timers are topped up with what the last partial second held, so
 * their totals equal the report's. Prometheus and OTLP reporters share it.
 */
abstract class MicrometerFeed implements Reporter {

    private static final double[] QUANTILES = {0.5, 0.95, 0.99};

    private final MeterRegistry registry;
    private final Map<CellKey, Meters> cells = new HashMap<>();
    private final SeenIntervals seen = new SeenIntervals();
    private String runId = "";
    private String shard = "";

    MicrometerFeed(MeterRegistry registry) {
        this.registry = registry;
    }

    @Override
    public void runStarted(RunInfo run) {
        runId = run.runId();
        shard = run.shard().map(io.s3workload.workload.Shard::toString).orElse("");
    }

    @Override
    public void progress(Progress progress) {
        Meters meters = meters(progress.cell());
        meters.add(seen.add(progress.cell(), progress.interval()));
        meters.quantiles(progress.interval().latency());
    }

    @Override
    public void stageFinished(StageResult result) {
        for (CellStats cell : result.cells()) {
            meters(cell.key()).add(seen.rest(cell));
        }
    }

    private Meters meters(CellKey key) {
        return cells.computeIfAbsent(key, k -> {
            Tags tags = Tags.of("run", runId, "stage", k.stage(), "op", k.op().name(), "endpoint", k.endpoint(),
                    "size", k.op().sized() ? k.size().label() : "");
            return new Meters(shard.isEmpty() ? tags : tags.and("shard", shard));
        });
    }

    /** One cell's meters. */
    private final class Meters {

        final Counter operations;
        final Counter errors;
        final Counter bytes;
        final Timer latency;
        final Timer ttfb;
        final AtomicLong[] quantileNanos = new AtomicLong[QUANTILES.length];

        Meters(Tags tags) {
            operations = Counter.builder("s3workload.operations").description("operations that succeeded")
                    .tags(tags).register(registry);
            errors = Counter.builder("s3workload.errors").description("operations that failed").tags(tags)
                    .register(registry);
            bytes = Counter.builder("s3workload.bytes").baseUnit("bytes").description("object bytes moved")
                    .tags(tags).register(registry);
            latency = timer("s3workload.request.latency", "request latency (open loop: from the scheduled start)",
                    tags);
            ttfb = timer("s3workload.request.ttfb", "time to the first byte of a read", tags);
            for (int i = 0; i < QUANTILES.length; i++) {
                AtomicLong holder = new AtomicLong();
                quantileNanos[i] = holder;
                Gauge.builder("s3workload.request.latency.percentile", holder, h -> h.get() / 1e9)
                        .baseUnit("seconds").description("the last second's latency percentile (HdrHistogram)")
                        .tags(tags.and("quantile", Double.toString(QUANTILES[i]))).register(registry);
            }
        }

        private Timer timer(String name, String description, Tags tags) {
            return Timer.builder(name).description(description).tags(tags).publishPercentileHistogram()
                    .minimumExpectedValue(Duration.ofNanos(100_000)).maximumExpectedValue(Duration.ofMinutes(5))
                    .register(registry);
        }

        void add(CellRecorder.Interval interval) {
            operations.increment(interval.operations());
            errors.increment(interval.errors());
            bytes.increment(interval.bytes());
            record(latency, interval.latency());
            record(ttfb, interval.ttfb());
        }

        void quantiles(Histogram interval) {
            if (interval.getTotalCount() == 0) {
                return;
            }
            for (int i = 0; i < QUANTILES.length; i++) {
                quantileNanos[i].set(interval.getValueAtPercentile(QUANTILES[i] * 100));
            }
        }

        private static void record(Timer timer, Histogram values) {
            for (HistogramIterationValue v : values.recordedValues()) {
                long nanos = v.getValueIteratedTo();
                for (long n = v.getCountAtValueIteratedTo(); n > 0; n--) {
                    timer.record(nanos, TimeUnit.NANOSECONDS);
                }
            }
        }
    }
}
