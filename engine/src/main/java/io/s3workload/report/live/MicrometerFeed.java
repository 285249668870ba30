package io.s3workload.report.live;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.s3workload.ground.Shard;
import io.s3workload.metrics.CellCount;
import io.s3workload.metrics.CellCounts;
import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import io.s3workload.report.files.SeenIntervals;
import io.s3workload.result.Progress;
import io.s3workload.result.Reporter;
import io.s3workload.result.RunInfo;
import io.s3workload.result.StageResult;
import java.time.Duration;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Feeds a Micrometer registry from the run's events, once a second per cell, on the reporters' thread (never from
 * the requests' threads). Meters, tagged with run, stage, op, endpoint and size (docs/metrics.md):
 * <ul>
 *   <li>{@code s3workload.request.latency} and {@code s3workload.request.ttfb}: timers with histogram buckets (TTFB
 *   only for cells that measure one: reads);</li>
 *   <li>{@code s3workload.request.latency.percentile}: gauges of the last second's p50, p95 and p99, tagged
 *   {@code percentile} (HdrHistogram is the source of truth; Micrometer drops quantiles when a timer also has
 *   buckets);</li>
 *   <li>{@code s3workload.operations}, {@code s3workload.bytes}, {@code s3workload.errors} (tagged with the error
 *   {@code class}), {@code s3workload.throttled}, and each of a cell's counts
 *   ({@link CellCount}: {@code s3workload.late.starts}, of them {@code s3workload.capped.starts}, and
 *   {@code s3workload.retries}): counters, each made on its first count;</li>
 *   <li>{@code s3workload.workers.active} and {@code s3workload.target.rate} (open loops): gauges;</li>
 *   <li>{@code s3workload.build.info}: 1, tagged with the version.</li>
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

    MicrometerFeed(MeterRegistry registry, String version) {
        this.registry = registry;
        Gauge.builder("s3workload.build.info", () -> 1).description("the s3workload version that runs")
                .tags("version", version).register(registry);
    }

    @Override
    public void runStarted(RunInfo run) {
        runId = run.runId();
        shard = run.shard().map(Shard::toString).orElse("");
    }

    @Override
    public void progress(Progress progress) {
        Meters meters = meters(progress.cell());
        meters.add(seen.add(progress.cell(), progress.interval()));
        meters.quantiles(progress.interval().latency());
        meters.load(progress.load());
    }

    @Override
    public void stageFinished(StageResult result) {
        for (CellStats cell : result.cells()) {
            Meters meters = meters(cell.key());
            meters.add(seen.rest(cell));
            meters.load(Progress.Load.UNKNOWN);
        }
    }

    private Meters meters(CellKey key) {
        return cells.computeIfAbsent(key, k -> {
            Tags tags = Tags.of("run", runId, "stage", k.stage(), "op", k.op().name(), "endpoint", k.endpoint(),
                    "size", k.op().sized() ? k.size().label() : "");
            return new Meters(shard.isEmpty() ? tags : tags.and("shard", shard));
        });
    }

    /** One cell's meters; the error, TTFB and open-loop meters are made when there is something to show. */
    private final class Meters {

        final Tags tags;
        final Counter operations;
        final Counter bytes;
        final Timer latency;
        Timer ttfb;
        Counter throttled;
        final Map<CellCount, Counter> counts = new EnumMap<>(CellCount.class);
        final Map<String, Counter> errors = new HashMap<>();
        final Map<String, Long> errorsSeen = new HashMap<>();
        CellCounts countsSeen = CellCounts.NONE;
        final AtomicLong[] quantileNanos = new AtomicLong[QUANTILES.length];
        final AtomicLong workers = new AtomicLong();
        final AtomicReference<Double> targetRate = new AtomicReference<>(Double.NaN);
        boolean rateGauge;

        Meters(Tags tags) {
            this.tags = tags;
            operations = Counter.builder("s3workload.operations").description("operations that succeeded")
                    .tags(tags).register(registry);
            bytes = Counter.builder("s3workload.bytes").baseUnit("bytes").description("object bytes moved")
                    .tags(tags).register(registry);
            latency = timer("s3workload.request.latency", "request latency (open loop: from the scheduled start)");
            for (int i = 0; i < QUANTILES.length; i++) {
                AtomicLong holder = new AtomicLong();
                quantileNanos[i] = holder;
                Gauge.builder("s3workload.request.latency.percentile", holder, h -> h.get() / 1e9)
                        .baseUnit("seconds").description("the last second's latency percentile (HdrHistogram)")
                        .tags(tags.and("percentile", Double.toString(QUANTILES[i]))).register(registry);
            }
            Gauge.builder("s3workload.workers.active", workers, AtomicLong::get)
                    .description("workers running the cell now (a ramp changes them; 0 once it ended)").tags(tags)
                    .register(registry);
        }

        private Timer timer(String name, String description) {
            return Timer.builder(name).description(description).tags(tags).publishPercentileHistogram()
                    .minimumExpectedValue(Duration.ofNanos(100_000)).maximumExpectedValue(Duration.ofMinutes(5))
                    .register(registry);
        }

        void add(CellRecorder.Interval interval) {
            operations.increment(interval.operations());
            bytes.increment(interval.bytes());
            record(latency, interval.latency());
            if (interval.ttfb().getTotalCount() > 0) {
                if (ttfb == null) {
                    ttfb = timer("s3workload.request.ttfb", "time to the first byte of a read");
                }
                record(ttfb, interval.ttfb());
            }
            interval.totalErrorsByClass().forEach((errorClass, total) -> {
                long delta = total - errorsSeen.getOrDefault(errorClass, 0L);
                if (delta <= 0) {
                    return;
                }
                errorsSeen.put(errorClass, total);
                errors.computeIfAbsent(errorClass, c -> Counter.builder("s3workload.errors")
                        .description("operations that failed, by error class").tags(tags.and("class", c))
                        .register(registry)).increment(delta);
                if (CellStats.isThrottling(errorClass)) {
                    if (throttled == null) {
                        throttled = Counter.builder("s3workload.throttled").description("operations the server"
                                + " asked to slow down (HTTP 503 SlowDown, 429)").tags(tags).register(registry);
                    }
                    throttled.increment(delta);
                }
            });
            for (CellCount count : CellCount.ALL) {
                long delta = interval.totals().get(count) - countsSeen.get(count);
                if (delta > 0) {
                    counts.computeIfAbsent(count, c -> Counter.builder(c.meter).description(c.description)
                            .tags(tags).register(registry)).increment(delta);
                }
            }
            countsSeen = interval.totals();
        }

        void load(Progress.Load load) {
            workers.set(load.workers());
            if (load.openLoop()) {
                targetRate.set(load.targetRate());
                if (!rateGauge) {
                    rateGauge = true;
                    Gauge.builder("s3workload.target.rate", targetRate, AtomicReference::get)
                            .description("operations per second the open loop asks for now").tags(tags)
                            .register(registry);
                }
            } else if (rateGauge) {
                targetRate.set(0.0);
            }
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
