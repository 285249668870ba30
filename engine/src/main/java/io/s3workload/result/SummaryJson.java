package io.s3workload.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.s3workload.ground.DataSize;
import io.s3workload.ground.Percentile;
import io.s3workload.ground.SizeSpec;
import io.s3workload.ground.Units;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.NamedRequest;
import io.s3workload.metrics.Outage;
import io.s3workload.metrics.Snapshot;
import io.s3workload.metrics.cost.ServerView;
import io.s3workload.plan.StageGroup;
import io.s3workload.workload.StageKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * The one writer and reader of {@code summary.json}: a {@link RunReport} to a {@link Summary} and that to JSON, and
 * a file back to a {@link Summary}. Maps sort their keys, so the same run gives the same bytes.
 */
public final class SummaryJson {

    public static final String FILE = "summary.json";

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .setDefaultPropertyInclusion(JsonInclude.Include.NON_NULL);

    private SummaryJson() {
    }

    public static String write(Summary summary) {
        try {
            return JSON.writeValueAsString(summary) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + FILE + ": " + e.getMessage(), e);
        }
    }

    /** {@code file} read back; an {@link IOException} that says what is wrong with it. */
    public static Summary read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IOException(file + " does not exist: give the results directory of a run made with"
                    + " --report json (or its summary.json)");
        }
        Summary summary;
        try {
            summary = JSON.readValue(file.toFile(), Summary.class);
        } catch (JacksonException e) {
            String why = e.getOriginalMessage() != null && e.getOriginalMessage().startsWith("Invalid UTF-8")
                    ? "it is not UTF-8 text (a binary file?)" : e.getOriginalMessage();
            throw new IOException(file + " is not an s3workload summary.json: " + why, e);
        }
        if (summary.schemaVersion() != Summary.SCHEMA_VERSION || summary.stages() == null || summary.run() == null) {
            throw new IOException(file + " is not an s3workload summary.json of schema version "
                    + Summary.SCHEMA_VERSION + (summary.schemaVersion() > 0 ? " (it is version "
                    + summary.schemaVersion() + "; rerun, or use the s3workload that wrote it)" : ""));
        }
        return summary;
    }

    /** The document of {@code report}. */
    public static Summary of(RunReport report) {
        RunReport.About about = report.about();
        Summary.Run run = new Summary.Run(report.runId(), about.prefix(), report.seed(),
                new Summary.Run.Times(report.startedAt().toString(),
                        report.startedAt().plusNanos(report.wallNanos()).toString(), report.wallNanos() / 1e9),
                report.exitCode(), report.interrupted(), report.endpointUrls(),
                new Summary.Run.Sharding(about.shard(), about.shards().isEmpty() ? null
                        : about.shards().stream().anyMatch(s -> !s.status().equals("complete")),
                        about.shards().isEmpty() ? null : about.shards()), about.serverInProcess(),
                new Summary.Run.Start(about.startAt(), about.startSpreadSeconds()), about.slice());
        CleanupResult c = report.cleanup();
        Summary.Cleanup cleanup = new Summary.Cleanup(c.skipped(), c.removed(), c.leftBehind().size(), c.exact(),
                c.manifest().map(Path::toString).orElse(null), c.errors(), c.kept(),
                c.versionsRemoved() == 0 ? null : c.versionsRemoved());
        return new Summary(Summary.SCHEMA_VERSION, about.tool(), about.jvm(), about.host(), run, about.workload(),
                report.stages().stream().map(SummaryJson::stage).toList(), CompositeTables.of(report.stages()),
                report.breaches(), cleanup);
    }

    private static Summary.Stage stage(StageReport stage) {
        Map<String, Object> outcomes = new LinkedHashMap<>();
        for (StageOutcome.Type<?, ?> type : StageOutcomes.ALL) {
            Optional<StageOutcome> outcome = stage.outcomes().stream().filter(o -> o.type() == type).findFirst();
            Object written = outcome.isPresent() ? type.written(outcome.get(), stage.cells()) : type.absent();
            if (written != null) {
                outcomes.put(type.key(), written);
            }
        }
        return new Summary.Stage(stage.name(), stage.kind().key(), stage.hasThresholds(), stage.startNanos() / 1e9,
                stage.endNanos() / 1e9, stage.wallNanos() / 1e9, stage.interrupted(), stage.skipped().orElse(null),
                stage.group().map(SummaryJson::group).orElse(null), stage.cells().stream().map(SummaryJson::cell)
                .toList(), answers(stage), outcomes);
    }

    /**
     * A stage's outcome kept under {@code key}, read back with its histograms (those of the run's log kept beside
     * it); empty for a key this version does not know, or a form that holds nothing.
     */
    public static Optional<StageOutcome> outcome(String key, Object kept, Map<String, Histogram> histograms) {
        return StageOutcomes.byKey(key).flatMap(type -> read(type, kept, histograms));
    }

    @SuppressWarnings("unchecked") // Summary.Stage keeps each known kind's value in its form
    private static <T extends StageOutcome, S> Optional<StageOutcome> read(StageOutcome.Type<T, S> type, Object kept,
                                                                          Map<String, Histogram> histograms) {
        return type.read().apply((S) kept, histograms).map(StageOutcome.class::cast);
    }

    private static List<ResultAnswers> answers(StageReport stage) {
        List<ResultAnswers> answers = stage.findings().stream().flatMap(f -> f.answers().stream()).toList();
        return answers.isEmpty() ? null : answers;
    }

    private static SummaryCell cell(CellStats c) {
        return new SummaryCell(c.key().op().name(), c.key().endpoint(), c.key().op().sized()
                ? c.key().size().label() : null, new SummaryCell.Totals(c.operations(), c.errors(), c.bytes(),
                c.items(), c.seconds(), c.opsPerSecond(), c.bytesPerSecond(), c.bytesPerSecond() * 8 / 1e9),
                new SummaryCell.Failed(c.throttled(), new TreeMap<>(c.errorsByClass()), new TreeMap<>(c.examples()),
                        c.messages().isEmpty() ? null : new TreeMap<>(c.messages())),
                new SummaryCell.Latencies(stats(c.latency()), stats(c.ttfb()),
                        c.openLoop() ? stats(c.uncorrected()) : null,
                        c.writes().isEmpty() ? null : stats(c.writes().send()),
                        c.writes().isEmpty() ? null : stats(c.writes().commit()),
                        c.bySize().isEmpty() ? null : c.bySize().stream().map(b -> new Summary.SizeBucket(b.label(),
                                b.fromBytes(), b.toBytes(), b.operations(), stats(b.latency()))).toList()),
                new SummaryCell.Counts(c.counts(), c.openLoop()),
                new SummaryCell.Time(c.cpuNanos() >= 0 ? c.cpuNanos() / 1e9 : null,
                        c.allocatedBytes() >= 0 ? c.allocatedBytes() : null,
                        c.stoppedWhenStable() ? c.stableAfterSeconds() : null,
                        c.firstRequestNanos() >= 0 ? c.firstRequestNanos() / 1e6 : null),
                c.timeline().stream().map(SummaryJson::second).toList(),
                c.access() == null ? null : new Summary.Access(c.access().distribution(), c.access().keys(),
                        c.access().reads(), c.access().distinct(), c.access().hottestKeyReads(),
                        c.access().hottestTenthReads(), c.access().hottestKeyShare(), c.access().hottestTenthShare(),
                        c.access().expectedTenthShare()),
                new SummaryCell.Named(
                        c.notable().slowest().isEmpty() ? null
                                : c.notable().slowest().stream().map(SummaryJson::request).toList(),
                        c.notable().failures().isEmpty() ? null
                                : c.notable().failures().stream().map(SummaryJson::request).toList(),
                        c.notable().outages().isEmpty() ? null
                                : c.notable().outages().stream().map(o -> outage(o, c)).toList()),
                c.server() == null ? null : server(c.server()));
    }

    private static Double known(double v) {
        return Double.isNaN(v) ? null : v;
    }

    private static Summary.Server server(ServerView v) {
        return new Summary.Server(v.endpoint(), v.url(), v.apis(), new Summary.Server.Counted(
                v.known() ? v.requests() : null, v.errors() >= 0 ? v.errors() : null, known(v.bytesSent()),
                known(v.bytesReceived()), known(v.cpuSeconds()), known(v.memoryMaxBytes())),
                new Summary.Server.Client(v.clientRequests(), v.clientErrors()),
                new Summary.Server.Comparison(v.tolerance(), v.known() ? v.difference() : null,
                        v.known() && v.uncompared() == null ? !v.disagrees() : null, v.uncompared(), v.sentence()),
                new Summary.Server.Scraping(v.scrapes(), v.failedScrapes(), v.firstFailure()),
                v.timeline().stream().map(t -> new Summary.ServerSecond(t.epochMillis(), t.seconds(), t.requests(),
                        t.errors() >= 0 ? t.errors() : null, known(t.cpuSeconds()))).toList());
    }

    /** A store's view as a summary.json gives it: for the merge to set the shards' together. */
    public static ServerView server(Summary.Server s) {
        return new ServerView(s.endpoint(), s.url(), s.apis(), s.comparison().uncompared(),
                s.counted().requests() == null ? -1 : s.counted().requests(),
                        s.counted().errors() == null ? -1 : s.counted().errors(),
                new ServerView.Spent(s.counted().bytesSent() == null ? Double.NaN : s.counted().bytesSent(),
                s.counted().bytesReceived() == null ? Double.NaN : s.counted().bytesReceived(),
                s.counted().cpuSeconds() == null ? Double.NaN : s.counted().cpuSeconds(),
                s.counted().memoryMaxBytes() == null ? Double.NaN : s.counted().memoryMaxBytes()),
                        s.client().clientRequests(), s.client().clientErrors(),
                s.comparison().tolerance(), new ServerView.Scrapes(s.scraping().scrapes(), s.scraping().failedScrapes(),
                        s.scraping().firstFailure()), s.timeline() == null ? List.of()
                        : s.timeline().stream().map(t -> new ServerView.Second(t.epochMs(),
                        t.seconds(), t.requests(), t.errors() == null ? -1 : t.errors(),
                        t.cpuSeconds() == null ? Double.NaN : t.cpuSeconds())).toList());
    }

    private static Summary.Outage outage(Outage o, CellStats cell) {
        long end = cell.timeline().isEmpty() ? o.fromEpochMillis()
                : cell.timeline().get(cell.timeline().size() - 1).epochMillis();
        return new Summary.Outage(o.fromEpochMillis(), o.ongoing() ? null : o.toEpochMillis(),
                Math.max(0, o.millis(Math.max(end, o.fromEpochMillis()))) / 1e3, o.failed());
    }

    /** An outage as a summary.json gives it. */
    public static Outage outage(Summary.Outage o) {
        return new Outage(o.fromEpochMs(), o.toEpochMs() == null ? -1 : o.toEpochMs(),
                o.failed());
    }

    private static Summary.Request request(NamedRequest r) {
        return new Summary.Request(r.startEpochMillis(), r.latencyNanos() / 1e6,
                r.ttfbNanos() >= 0 ? r.ttfbNanos() / 1e6 : null, r.commitNanos() >= 0 ? r.commitNanos() / 1e6 : null,
                r.endpoint(), r.key(), r.status() > 0 ? r.status() : null, r.errorClass(), r.requestId(), r.id2());
    }

    /** A named operation as a summary.json gives it: for the merge to name the slowest of several shards. */
    public static NamedRequest request(Summary.Request r) {
        return new NamedRequest(r.startEpochMs(), nanos(r.latencyMs() / 1e3),
                r.ttfbMs() == null ? -1 : nanos(r.ttfbMs() / 1e3), r.commitMs() == null ? -1 : nanos(r.commitMs() / 1e3),
                r.endpoint(), r.key(), r.status() == null ? 0 : r.status(), r.errorClass(), r.requestId(), r.id2());
    }

    private static Summary.Second second(Snapshot s) {
        Map<String, Double> latency = null;
        if (s.operations() > 0) {
            latency = new LinkedHashMap<>();
            for (Percentile p : Percentile.values()) {
                latency.put(p.key(), s.latency(p) / 1e6);
            }
        }
        return new Summary.Second(s.epochMillis(), s.endNanos() / 1e9, s.durationNanos() / 1e9, s.operations(),
                s.errors(), s.bytes(), latency);
    }

    /** A distribution in milliseconds; only the count when it is empty. */
    public static Summary.Stats stats(Histogram h) {
        if (h.getTotalCount() == 0) {
            return new Summary.Stats(0, null, null, null, null, null, null, null);
        }
        return new Summary.Stats(h.getTotalCount(), ms(h, Percentile.AVG), ms(h, Percentile.P50),
                ms(h, Percentile.P90), ms(h, Percentile.P95), ms(h, Percentile.P99), ms(h, Percentile.P999),
                ms(h, Percentile.MAX));
    }

    private static Double ms(Histogram h, Percentile p) {
        return Units.statNanos(h, p) / 1e6;
    }

    static Summary.Group group(StageGroup g) {
        return new Summary.Group(g.name(), g.kind().key(), g.size().map(s -> s.label()).orElse(null),
                g.threads().isPresent() ? g.threads().getAsInt() : null, g.endpoint().orElse(null),
                g.round().isPresent() ? g.round().getAsInt() : null,
                g.loop().isPresent() ? g.loop().getAsInt() : null, g.preparation());
    }

    /** The group of a stage read back. */
    public static StageGroup group(Summary.Group g) {
        return new StageGroup(g.name(), StageKind.fromKey(g.kind()).orElseThrow(
                () -> new IllegalArgumentException("unknown composite kind " + g.kind())),
                Optional.ofNullable(g.size()).map(SummaryJson::size), optional(g.threads()),
                Optional.ofNullable(g.endpoint()), optional(g.round()), optional(g.loop()), g.preparation());
    }

    private static OptionalInt optional(Integer value) {
        return value == null ? OptionalInt.empty() : OptionalInt.of(value);
    }

    /** A size label as written ({@code 1MiB}, {@code 10KiB-61KiB}) back to its spec. */
    public static SizeSpec size(String label) {
        if (label.startsWith("log")) {
            int cut = label.indexOf('-');
            return new SizeSpec.LogUniform(parse(label.substring(3, cut)), parse(label.substring(cut + 1)));
        }
        if (label.startsWith("w") || label.startsWith("hist-") || label.equals(SizeSpec.Weighted.EXISTING)) {
            return SizeSpec.Weighted.named(label);
        }
        int dash = label.indexOf('-');
        if (dash < 0) {
            return SizeSpec.of(parse(label));
        }
        return new SizeSpec.Uniform(parse(label.substring(0, dash)),
                parse(label.substring(dash + 1)));
    }

    private static DataSize parse(String text) {
        return DataSize.parse(text)
                .orElseThrow(() -> new IllegalArgumentException("not a size: " + text));
    }

    /** Seconds as written (a double of nanoseconds / 1e9) back to the exact nanoseconds. */
    public static long nanos(double seconds) {
        return Math.round(seconds * 1e9);
    }
}
