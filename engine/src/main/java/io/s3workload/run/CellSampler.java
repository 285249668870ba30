package io.s3workload.run;

import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.cost.ServerView;
import io.s3workload.result.Progress;
import io.s3workload.workload.StopWhenStable;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.function.LongFunction;
import java.util.function.Supplier;

/**
 * Samples a running cell once a second on its own thread and posts a {@link Progress} event. The only thread that
 * samples the recorder until {@link #close()} returns. Stopping is a flag, not just an interrupt: HdrHistogram's
 * {@code Recorder.getIntervalHistogram} sleeps and swallows {@link InterruptedException}, so an interrupt that
 * lands while sampling is lost (that made {@code close()} wait forever).
 */
final class CellSampler implements AutoCloseable {

    private static final long TICK_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final RunContext context;
    private final CellRecorder recorder;
    private final List<CellRecorder> others;
    private final long startNanos;
    private final OptionalLong plannedNanos;
    private final OptionalLong plannedOperations;
    private final LongFunction<Progress.Load> load;
    /**
     * Run at each tick after the cell's sample, so that what it reads lines up with it (the store's metrics); gives
     * the store's last counted second for the progress, when there is one.
     */
    private final Supplier<Optional<ServerView.Second>> onTick;
    private final Thread thread;
    private volatile boolean stopped;
    /** {@code stopWhenStable}: the band, the samples so far (bytes/s, or operations/s for requests with no body). */
    private final Optional<StopWhenStable> whenStable;
    private double[] perSecond = new double[64];
    private int samples;
    /** When the throughput was found stable, nanoseconds into the cell; -1 until then. */
    private volatile long stableAtNanos = -1;

    CellSampler(RunContext context, CellRecorder recorder, long startNanos, OptionalLong plannedNanos,
                OptionalLong plannedOperations) {
        this(context, recorder, List.of(), startNanos, plannedNanos, plannedOperations,
                elapsed -> Progress.Load.UNKNOWN, Optional.empty(), Optional::empty);
    }

    /**
     * Samples {@code others} too, each second, for their timelines (progress shows {@code recorder} alone);
     * {@code load} says what load the cell applies so many nanoseconds in.
     */
    CellSampler(RunContext context, CellRecorder recorder, List<CellRecorder> others, long startNanos,
                OptionalLong plannedNanos, OptionalLong plannedOperations,
                LongFunction<Progress.Load> load,
                Optional<StopWhenStable> whenStable,
                Supplier<Optional<ServerView.Second>> onTick) {
        this.context = context;
        this.onTick = onTick;
        this.whenStable = whenStable;
        this.load = load;
        this.recorder = recorder;
        this.others = List.copyOf(others);
        this.startNanos = startNanos;
        this.plannedNanos = plannedNanos;
        this.plannedOperations = plannedOperations;
        this.thread = Thread.ofPlatform().daemon().name("s3workload-sampler").start(this::loop);
    }

    private void loop() {
        long last = startNanos;
        try {
            while (!stopped) {
                long nextTick = last + TICK_NANOS;
                TimeUnit.NANOSECONDS.sleep(Math.max(0, nextTick - System.nanoTime()));
                if (stopped) {
                    return;
                }
                long now = System.nanoTime();
                CellRecorder.Interval interval = recorder.sample();
                others.forEach(CellRecorder::sample);
                var store = onTick.get();
                double seconds = (now - last) / 1e9;
                last = now;
                Progress progress = new Progress(recorder.key(), now - startNanos, plannedNanos,
                        interval.totalOperations(), plannedOperations, interval.operations() / seconds,
                        interval.bytes() / seconds, interval.totalErrors(), interval, load.apply(now - startNanos), store);
                if (context.reported()) {
                    context.reporters().post(r -> r.progress(progress));
                }
                whenStable.ifPresent(band -> judge(band, recorder.key().op().movesData()
                        ? interval.bytes() / seconds : interval.operations() / seconds, now - startNanos));
            }
        } catch (InterruptedException e) {
            // the cell ended
        }
    }

    /** Adds a second's throughput and, once the last window of them holds within the band, marks the cell stable. */
    private void judge(StopWhenStable band, double throughput, long elapsedNanos) {
        if (samples == perSecond.length) {
            perSecond = Arrays.copyOf(perSecond, samples * 2);
        }
        perSecond[samples++] = throughput;
        if (stableAtNanos < 0 && band.holds(perSecond, samples)) {
            stableAtNanos = elapsedNanos;
        }
    }

    /** Whether {@code stopWhenStable} found the throughput stable: the cell's workers stop starting operations. */
    boolean stable() {
        return stableAtNanos >= 0;
    }

    /** Seconds into the cell when it was found stable. */
    double stableAfterSeconds() {
        return stableAtNanos / 1e9;
    }

    @Override
    public void close() {
        stopped = true;
        thread.interrupt();
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
