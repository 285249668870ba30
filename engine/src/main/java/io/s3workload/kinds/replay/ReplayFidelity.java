package io.s3workload.kinds.replay;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.core.type.TypeReference;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import io.s3workload.result.Finding;
import io.s3workload.result.StageOutcome;
import io.s3workload.trace.scan.TraceScan;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.ToLongFunction;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * How faithfully a replay played its trace (docs/replay.md): what the trace held and what was issued, how late
 * against each operation's due time, the recorded and the replayed mix, the store's recorded time per operation,
 * recorded failures and what they met here, and operations per second of both. Kept as summary.json keeps it
 * (histograms as HdrHistogram's compressed encoding in base64), so that shards add up exactly.
 *
 * @param source      the trace it played: formats, files, the speed, how long it lasts
 * @param issuing     what it held to play, what was issued, and what not
 * @param timing      how late the issued operations started against their due times
 * @param inFlight    the most operations in flight ({@code concurrency})
 * @param mix         per operation and size class, how many were recorded and how many replayed
 * @param server      per operation, the store's recorded time (ns, encoded), where the log had it
 * @param outcomes    per operation and recorded failure, how many and what each met here
 * @param preparation the objects created before the replay
 * @param recordedPerSecond the trace's operations per second of the replay's clock (the trace's seconds / speed)
 * @param replayedPerSecond the operations issued in each second of the replay
 * @param keyOrder    how often and how long operations waited for an earlier one on their key (each key's recorded
 *                    order kept); null in a summary.json written before it was counted
 */
@JsonPropertyOrder({"source", "issuing", "timing", "inFlight", "mix", "server", "outcomes", "preparation",
        "recordedPerSecond", "replayedPerSecond", "keyOrder"})
public record ReplayFidelity(@JsonUnwrapped Source source, @JsonUnwrapped Issuing issuing,
                             @JsonUnwrapped Timing timing, int inFlight, List<MixRow> mix, List<ServerTime> server,
                             List<RecordedFailure> outcomes, Preparation preparation, long[] recordedPerSecond,
                             long[] replayedPerSecond, KeyOrder keyOrder) implements StageOutcome {

    /**
     * The trace a replay played.
     *
     * @param formats      the trace's formats, as named under {@code format:}
     * @param files        how many files
     * @param speed        the replay's speed
     * @param traceSeconds how long the played part of the trace lasts, as recorded
     */
    public record Source(List<String> formats, int files, double speed, double traceSeconds) {
    }

    /**
     * What a replay held to play and what it issued.
     *
     * @param played    the operations the trace held to replay
     * @param issued    those issued
     * @param notIssued those not issued, by reason
     * @param skipped   the trace's operations not played: those a replay does not know by their name, and those
     *                  the window or the sample left out
     */
    public record Issuing(long played, long issued, Map<String, Long> notIssued, Map<String, Long> skipped) {
    }

    /**
     * How late a replay's operations started against their due times.
     *
     * @param lateness      how late each issued operation started (ns), encoded
     * @param latenessP50Ms its median, in ms (and p99, and the most), for readers of summary.json
     * @param late          operations issued more than {@link io.s3workload.metrics.CellStats#LATE_MILLIS} ms late
     * @param capped        of those, the ones taken when every worker was busy: the {@code concurrency} cap shaped
     *                      them
     */
    public record Timing(String lateness, double latenessP50Ms, double latenessP99Ms, double latenessMaxMs, long late,
                         long capped) {
    }

    public List<String> formats() {
        return source.formats();
    }

    public int files() {
        return source.files();
    }

    public double speed() {
        return source.speed();
    }

    public double traceSeconds() {
        return source.traceSeconds();
    }

    public long played() {
        return issuing.played();
    }

    public long issued() {
        return issuing.issued();
    }

    public Map<String, Long> notIssued() {
        return issuing.notIssued();
    }

    public Map<String, Long> skipped() {
        return issuing.skipped();
    }

    public String lateness() {
        return timing.lateness();
    }

    public double latenessP50Ms() {
        return timing.latenessP50Ms();
    }

    public double latenessP99Ms() {
        return timing.latenessP99Ms();
    }

    public double latenessMaxMs() {
        return timing.latenessMaxMs();
    }

    public long late() {
        return timing.late();
    }

    public long capped() {
        return timing.capped();
    }

    /** summary.json's {@code replay}: the fidelity as it is, histograms encoded. */
    public static final Type<ReplayFidelity, ReplayFidelity> TYPE = new Type<>("replay", ReplayFidelity.class,
            new TypeReference<>() {
            }, (fidelity, cells) -> fidelity, (kept, histograms) -> Optional.of(kept), ReplayFidelity::sum, null);

    @Override
    public Type<?, ?> type() {
        return TYPE;
    }

    @Override
    public Finding finding(String stage, List<CellStats> cells) {
        return new ReplayFinding(stage, this, cells);
    }

    /** An operation's size class: recorded and replayed counts. */
    public record MixRow(String op, String size, long recorded, long replayed) {
    }

    /** The store's recorded time for an operation (ns), encoded; and to first byte, where recorded. */
    public record ServerTime(String op, String total, String firstByte) {
    }

    /**
     * Recorded failures of an operation with one status: how many, how many met the same status here, how many
     * another failure, how many succeeded.
     */
    public record RecordedFailure(String op, int recordedStatus, long count, long same, long otherFailure,
                                  long succeeded) {
    }

    /** The objects the trace reads before it writes them, created first: how many, their bytes, the time taken. */
    public record Preparation(long objects, long bytes, double seconds, long failed) {
    }

    /**
     * The operations that waited for an earlier one on their key to end here before they started (each key's recorded
     * order kept), and how long each waited (ns, encoded), with its median, p99 and most in ms.
     */
    public record KeyOrder(long waited, String waits, double waitP50Ms, double waitP99Ms, double waitMaxMs) {

        public static final KeyOrder NONE = of(0, CellRecorder.newHistogram());

        public static KeyOrder of(long waited, Histogram waits) {
            return new KeyOrder(waited, encode(waits), millis(waits, 50), millis(waits, 99), millis(waits, 100));
        }

        public Histogram histogram() {
            return decode(waits);
        }
    }

    /** How operations waited for their keys' order; none counted in a summary.json from before it was. */
    public KeyOrder keyOrderOrNone() {
        return keyOrder == null ? KeyOrder.NONE : keyOrder;
    }

    /** {@code h} as kept in summary.json. */
    public static String encode(Histogram h) {
        ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int n = h.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), n));
    }

    /** A histogram as kept in summary.json (empty for none). */
    public static Histogram decode(String encoded) {
        if (encoded == null || encoded.isEmpty()) {
            return CellRecorder.newHistogram();
        }
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(encoded)), 0);
        } catch (DataFormatException e) {
            throw new IllegalArgumentException("a histogram in summary.json is not HdrHistogram's encoding", e);
        }
    }

    public Histogram latenessHistogram() {
        return decode(timing.lateness());
    }

    /** Several shards' replays of one trace as one: counts added, histograms merged, seconds added second by second. */
    public static ReplayFidelity sum(List<ReplayFidelity> shards) {
        if (shards.size() == 1) {
            return shards.get(0);
        }
        ReplayFidelity first = shards.get(0);
        Map<String, Long> notIssued = new TreeMap<>();
        Map<String, Long> skipped = new TreeMap<>();
        Histogram lateness = CellRecorder.newHistogram();
        long[] recorded = new long[0];
        long[] replayed = new long[0];
        Histogram keyWaits = CellRecorder.newHistogram();
        long waited = 0;
        for (ReplayFidelity f : shards) {
            keyWaits.add(f.keyOrderOrNone().histogram());
            waited += f.keyOrderOrNone().waited();
            f.notIssued().forEach((k, v) -> notIssued.merge(k, v, Long::sum));
            f.skipped().forEach((k, v) -> { // each shard passed over the others' keys: not a skip of the whole
                if (!k.equals(TraceScan.OTHER_SHARDS)) {
                    skipped.merge(k, v, Long::sum);
                }
            });
            lateness.add(f.latenessHistogram());
            recorded = add(recorded, f.recordedPerSecond);
            replayed = add(replayed, f.replayedPerSecond);
        }
        Preparation preparation = new Preparation(total(shards, f -> f.preparation.objects()),
                total(shards, f -> f.preparation.bytes()),
                shards.stream().mapToDouble(f -> f.preparation.seconds()).max().orElse(0),
                total(shards, f -> f.preparation.failed()));
        return new ReplayFidelity(new Source(first.formats(), first.files(), first.speed(),
                shards.stream().mapToDouble(ReplayFidelity::traceSeconds).max().orElse(0)),
                new Issuing(total(shards, ReplayFidelity::played), total(shards, ReplayFidelity::issued), notIssued,
                        skipped),
                new Timing(encode(lateness), millis(lateness, 50), millis(lateness, 99), millis(lateness, 100),
                        total(shards, ReplayFidelity::late), total(shards, ReplayFidelity::capped)),
                (int) total(shards, ReplayFidelity::inFlight), mix(shards), server(shards), outcomes(shards),
                preparation, recorded, replayed, KeyOrder.of(waited, keyWaits));
    }

    private static long total(List<ReplayFidelity> shards, ToLongFunction<ReplayFidelity> f) {
        return shards.stream().mapToLong(f).sum();
    }

    private static List<MixRow> mix(List<ReplayFidelity> shards) {
        Map<String, long[]> mix = new LinkedHashMap<>();
        for (ReplayFidelity f : shards) {
            for (MixRow r : f.mix) {
                long[] c = mix.computeIfAbsent(r.op() + "\t" + r.size(), k -> new long[2]);
                c[0] += r.recorded();
                c[1] += r.replayed();
            }
        }
        List<MixRow> rows = new ArrayList<>();
        mix.forEach((k, c) -> rows.add(new MixRow(k.split("\t")[0], k.split("\t")[1], c[0], c[1])));
        return rows;
    }

    private static List<ServerTime> server(List<ReplayFidelity> shards) {
        Map<String, Histogram[]> server = new LinkedHashMap<>();
        for (ReplayFidelity f : shards) {
            for (ServerTime s : f.server) {
                Histogram[] h = server.computeIfAbsent(s.op(), k -> new Histogram[] {
                        CellRecorder.newHistogram(),
                        CellRecorder.newHistogram()});
                h[0].add(decode(s.total()));
                h[1].add(decode(s.firstByte()));
            }
        }
        List<ServerTime> rows = new ArrayList<>();
        server.forEach((k, h) -> rows.add(new ServerTime(k, encode(h[0]), encode(h[1]))));
        return rows;
    }

    private static List<RecordedFailure> outcomes(List<ReplayFidelity> shards) {
        Map<String, long[]> outcomes = new LinkedHashMap<>();
        for (ReplayFidelity f : shards) {
            for (RecordedFailure o : f.outcomes) {
                long[] c = outcomes.computeIfAbsent(o.op() + "\t" + o.recordedStatus(), k -> new long[4]);
                c[0] += o.count();
                c[1] += o.same();
                c[2] += o.otherFailure();
                c[3] += o.succeeded();
            }
        }
        List<RecordedFailure> rows = new ArrayList<>();
        outcomes.forEach((k, c) -> rows.add(new RecordedFailure(k.split("\t")[0], Integer.parseInt(k.split("\t")[1]), c[0],
                c[1], c[2], c[3])));
        return rows;
    }

    /** {@code h}'s value at {@code percentile} in milliseconds (100: its most), 0 when empty. */
    public static double millis(Histogram h, double percentile) {
        if (h.getTotalCount() == 0) {
            return 0;
        }
        return (percentile >= 100 ? h.getMaxValue() : h.getValueAtPercentile(percentile)) / 1e6;
    }

    private static long[] add(long[] a, long[] b) {
        long[] sum = Arrays.copyOf(a, Math.max(a.length, b.length));
        for (int i = 0; i < b.length; i++) {
            sum[i] += b[i];
        }
        return sum;
    }
}
