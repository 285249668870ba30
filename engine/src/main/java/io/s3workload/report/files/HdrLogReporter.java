package io.s3workload.report.files;

import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import io.s3workload.result.Progress;
import io.s3workload.result.Reporter;
import io.s3workload.result.RunInfo;
import io.s3workload.result.StageOutcome;
import io.s3workload.result.StageResult;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * HdrHistogram interval logs: {@code hdr/<stage>.<op>.<endpoint>.<size>.hlog} per cell, one interval a second,
 * latency tagged {@code latency}, time to first byte tagged {@code ttfb} and an open loop's uncorrected latency
 * tagged {@code uncorrected}, values in nanoseconds (the max column in milliseconds); and for a stage's outcome that
 * keeps histograms ({@link io.s3workload.result.StageOutcome#histograms}) {@code hdr/<stage>.<key>.hlog}, one
 * interval over the stage per histogram, tagged as the outcome names it (a consistency probe's
 * {@code <stage>.convergence.hlog}: {@code writer->reader} and {@code writer->reader/read}). A cell whose objects come in several sizes also gets, when it ends, one interval over the
 * cell per size bucket, tagged {@code size:N} (N the bucket's place in summary.json's {@code bySize}), and for an
 * upload cell its split, tagged {@code send} and {@code commit} ({@link io.s3workload.metrics.WriteSplit}). Readable by
 * HistogramLogProcessor and HistogramLogAnalyzer, and exactly mergeable (HistogramLogReader, then add). The last
 * partial second is written when the stage ends.
 */
public final class HdrLogReporter implements Reporter {

    private static final double MAX_VALUE_UNIT_RATIO = 1e6;
    public static final String DIRECTORY = "hdr";
    public static final String LATENCY = "latency";
    public static final String TTFB = "ttfb";
    public static final String UNCORRECTED = "uncorrected";
    /** An upload cell's split, one interval over the cell when it ends: sending the body, then the commit. */
    public static final String SEND = "send";
    public static final String COMMIT = "commit";

    private final ResultsDirectory results;
    private final Map<CellKey, Log> logs = new HashMap<>();
    private final SeenIntervals seen = new SeenIntervals();
    private Path directory;
    private long runStartMillis;

    public HdrLogReporter(ResultsDirectory results) {
        this.results = results;
    }

    @Override
    public void runStarted(RunInfo run) {
        directory = results.forRun(run.runId()).resolve(DIRECTORY);
        runStartMillis = run.startedAt().toEpochMilli();
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void progress(Progress progress) {
        log(progress.cell(), progress.elapsedNanos()).interval(seen.add(progress.cell(), progress.interval()));
    }

    @Override
    public void stageFinished(StageResult result) {
        for (CellStats cell : result.cells()) {
            Log log = log(cell.key(), cell.wallNanos());
            log.interval(seen.rest(cell));
            double cellStart = log.seconds(System.currentTimeMillis() - cell.wallNanos() / 1_000_000);
            for (int i = 0; i < cell.bySize().size(); i++) {
                log.write(sizeTag(i), cell.bySize().get(i).latency(), Math.max(0, cellStart),
                        log.seconds(System.currentTimeMillis()));
            }
            if (!cell.writes().isEmpty()) {
                log.write(SEND, cell.writes().send(), Math.max(0, cellStart), log.seconds(System.currentTimeMillis()));
                log.write(COMMIT, cell.writes().commit(), Math.max(0, cellStart),
                        log.seconds(System.currentTimeMillis()));
            }
            log.out.close();
            logs.remove(cell.key());
        }
        for (StageOutcome outcome : result.outcomes()) {
            if (outcome.histograms().isEmpty()) {
                continue;
            }
            long end = System.currentTimeMillis();
            Log log = new Log(directory.resolve(outcomeFileName(result.stage().name(), outcome.type().key())),
                    end - result.wallNanos() / 1_000_000);
            outcome.histograms().forEach((tag, h) -> log.write(tag, h, log.seconds(log.lastEndMillis),
                    log.seconds(end)));
            log.out.close();
        }
    }

    @Override
    public void close() {
        logs.values().forEach(l -> l.out.close());
        logs.clear();
    }

    /** The cell's log, made on its first event: the cell started {@code elapsedNanos} before now. */
    private Log log(CellKey key, long elapsedNanos) {
        return logs.computeIfAbsent(key, k -> new Log(directory.resolve(fileName(k)),
                System.currentTimeMillis() - elapsedNanos / 1_000_000));
    }

    public static String fileName(CellKey key) {
        return safe(key.stage() + "." + key.op().name() + "." + key.endpoint()
                + (key.op().sized() ? "." + key.size().label() : "") + ".hlog");
    }

    /** The log of a stage's outcome's histograms ({@code <stage>.convergence.hlog}: a probe's pairs). */
    public static String outcomeFileName(String stage, String key) {
        return safe(stage + "." + key + ".hlog");
    }

    /** The tag of size bucket {@code index}'s latencies in a cell's log. */
    public static String sizeTag(int index) {
        return "size:" + index;
    }

    /** Writes a log of finished intervals (a merge's), timestamps relative to {@code baseMillis}. */
    public static void write(Path file, long baseMillis, List<HdrInterval> intervals) throws IOException {
        try (PrintStream out = new PrintStream(file.toFile(), StandardCharsets.US_ASCII)) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputLogFormatVersion();
            writer.outputComment("s3workload " + file.getFileName() + ": values in nanoseconds (merged)");
            writer.outputStartTime(baseMillis);
            writer.setBaseTime(baseMillis);
            writer.outputLegend();
            for (HdrInterval interval : intervals) {
                Histogram tagged = interval.histogram().copy();
                tagged.setTag(interval.tag());
                writer.outputIntervalHistogram((interval.startMillis() - baseMillis) / 1000.0,
                        (interval.endMillis() - baseMillis) / 1000.0, tagged, MAX_VALUE_UNIT_RATIO);
            }
        }
    }

    private static String safe(String name) {
        return name.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /** One cell's log: its writer, when its last interval ended, whether it has written time to first byte. */
    private final class Log {

        final PrintStream out;
        final HistogramLogWriter writer;
        long lastEndMillis;
        boolean ttfbWritten;
        boolean uncorrectedWritten;

        Log(Path file, long cellStartMillis) {
            try {
                out = new PrintStream(file.toFile(), StandardCharsets.US_ASCII);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
            }
            writer = new HistogramLogWriter(out);
            writer.outputLogFormatVersion();
            writer.outputComment("s3workload " + file.getFileName() + ": values in nanoseconds");
            writer.outputStartTime(runStartMillis);
            writer.setBaseTime(runStartMillis);
            writer.outputLegend();
            lastEndMillis = cellStartMillis;
        }

        void interval(CellRecorder.Interval interval) {
            long end = System.currentTimeMillis();
            double start = seconds(lastEndMillis);
            double stop = seconds(end);
            write(LATENCY, interval.latency(), start, stop);
            ttfbWritten |= interval.ttfb().getTotalCount() > 0;
            if (ttfbWritten) {
                write(TTFB, interval.ttfb(), start, stop);
            }
            uncorrectedWritten |= interval.uncorrected().getTotalCount() > 0;
            if (uncorrectedWritten) {
                write(UNCORRECTED, interval.uncorrected(), start, stop);
            }
            lastEndMillis = end;
        }

        /** Seconds since the run started, as the log's timestamps count. */
        double seconds(long epochMillis) {
            return (epochMillis - runStartMillis) / 1000.0;
        }

        void write(String tag, Histogram histogram, double start, double stop) {
            Histogram tagged = histogram.copy();
            tagged.setTag(tag);
            writer.outputIntervalHistogram(start, stop, tagged, MAX_VALUE_UNIT_RATIO);
        }
    }
}
