package io.s3workload.trace.scan;

import io.s3workload.metrics.CellRecorder;
import io.s3workload.trace.TraceOp;
import io.s3workload.trace.TraceProblems;
import io.s3workload.trace.formats.TraceFormat;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;

/**
 * One pass over a trace, before a replay: what it recorded (the operations a replay plays, by kind and size class;
 * those it cannot, by name; the store's own time per kind; operations per second) and the objects to create before
 * it starts — every key the trace reads (successfully) before writing it, at the size its reads need. Memory grows
 * with the trace's distinct keys (a hash of each: 16 bytes), and with the objects to create, not with its length.
 *
 * @param formats       its files' formats, as named under {@code format:}
 * @param span          when its operations started
 * @param played        the operations to replay, in all
 * @param mix           per kind, per size class, how many
 * @param skipped       operations a replay does not know, by their recorded name, and those left out by the
 *                      selection ({@code outside the window}, {@code keys not sampled}) under those names
 * @param serverNanos   per kind, the store's time for each operation that recorded one (ns)
 * @param serverFirstByteNanos per kind, the store's time to first byte, where recorded
 * @param perSecond     played operations per second of the trace, from its earliest second (seconds counted from
 *                      the first operation listed, so the first may be a part of one)
 * @param prepare       the objects to create first: key (as recorded) and size
 * @param copySizes     the sizes of the copies' sources to create (copies keep no source in most logs)
 */
public record TraceScan(List<String> formats, Span span, long played,
                        Map<TraceOp.Kind, Map<String, Long>> mix, Map<String, Long> skipped,
                        Map<TraceOp.Kind, Histogram> serverNanos, Map<TraceOp.Kind, Histogram> serverFirstByteNanos,
                        long[] perSecond, List<Prepared> prepare, List<Long> copySizes, TraceProblems problems) {

    public static final String OUTSIDE_WINDOW = "outside from/to";
    public static final String NOT_SAMPLED = "keys not sampled";
    public static final String OTHER_SHARDS = "keys of other shards";

    /**
     * When a trace's operations started.
     *
     * @param firstMicros       the trace's first operation (the window's and the replay's clock start from it)
     * @param firstPlayedMicros the earliest start of an operation played (a log in the order operations ended lists
     *                          a longer one after shorter ones that began after it): the replay's zero
     * @param lastMicros        the latest start of an operation played
     */
    public record Span(long firstMicros, long firstPlayedMicros, long lastMicros) {
    }

    public long firstMicros() {
        return span.firstMicros();
    }

    public long firstPlayedMicros() {
        return span.firstPlayedMicros();
    }

    public long lastMicros() {
        return span.lastMicros();
    }

    /** An object the replay creates before it starts. */
    public record Prepared(String key, long size) {
    }

    /** The size of a copy's source, for a copy of {@code bytes} (unknown: 1 KiB): the power of two at or above. */
    public static long copySourceSize(long bytes) {
        return bytes <= 0 ? 1024 : bytes == 1 ? 1 : Long.highestOneBit(bytes - 1) << 1;
    }

    /** Reads {@code files} through, keeping what {@code selection} plays. */
    public static TraceScan of(List<Path> files, Optional<TraceFormat> format, TraceSelection selection)
            throws IOException {
        Tally tally = new Tally(selection);
        List<String> formats;
        try (Trace trace = Trace.open(files, format, tally.problems)) {
            formats = trace.formats().stream().map(TraceFormat::key).distinct().toList();
            TraceOp op;
            while ((op = trace.next()) != null) {
                tally.add(op);
            }
        }
        return tally.scan(formats);
    }

    /** What one pass over a trace counts, an operation at a time. */
    private static final class Tally {
        final TraceProblems problems = new TraceProblems();
        final TraceSelection selection;
        long first = Long.MIN_VALUE;
        long firstPlayed = Long.MIN_VALUE;
        long earliest = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        /** Per second before the first listed operation's (0: the second just before), for operations begun then. */
        long[] before = new long[4];
        int secondsBefore;
        long played;
        long seq;
        final Map<TraceOp.Kind, Map<String, Long>> mix = new EnumMap<>(TraceOp.Kind.class);
        final Map<String, Long> skipped = new TreeMap<>();
        final Map<TraceOp.Kind, Histogram> server = new EnumMap<>(TraceOp.Kind.class);
        final Map<TraceOp.Kind, Histogram> serverFirstByte = new EnumMap<>(TraceOp.Kind.class);
        long[] perSecond = new long[64];
        int seconds;
        final LongSet written = new LongSet();
        final LongSet readFirst = new LongSet();
        final Map<String, Long> prepare = new LinkedHashMap<>();
        final TreeSet<Long> copySizes = new TreeSet<>();

        Tally(TraceSelection selection) {
            this.selection = selection;
        }

        void add(TraceOp op) {
            if (first == Long.MIN_VALUE) {
                first = op.timeMicros();
            }
            long at = seq++;
            if (!selection.inWindow(op, first)) {
                skipped.merge(OUTSIDE_WINDOW, 1L, Long::sum);
                return;
            }
            TraceOp kept = selection.select(op, at);
            if (kept == null) {
                skipped.merge(selection.shardCount() > 1 && op.key() != null && keptBySample(selection, op)
                        ? OTHER_SHARDS : NOT_SAMPLED, 1L, Long::sum);
                return;
            }
            if (kept.kind() == null) {
                skipped.merge(kept.name(), 1L, Long::sum);
                return;
            }
            played++;
            if (firstPlayed == Long.MIN_VALUE) {
                firstPlayed = kept.timeMicros();
            }
            earliest = Math.min(earliest, kept.timeMicros());
            last = Math.max(last, kept.timeMicros());
            mix.computeIfAbsent(kept.kind(), k -> new TreeMap<>()).merge(SizeClass.of(size(kept)), 1L, Long::sum);
            record(server, kept.kind(), kept.serverNanos());
            record(serverFirstByte, kept.kind(), kept.serverFirstByteNanos());
            // a record begun before the first listed (a log in end order, CloudTrail's) counts in a second before it
            long offset = kept.timeMicros() - firstPlayed;
            if (offset < 0) {
                int back = (int) Math.min(Integer.MAX_VALUE - 1, (-offset - 1) / 1_000_000);
                if (back >= before.length) {
                    before = Arrays.copyOf(before, Math.max(back + 1, before.length * 2));
                }
                before[back]++;
                secondsBefore = Math.max(secondsBefore, back + 1);
            } else {
                int second = (int) (offset / 1_000_000);
                if (second >= perSecond.length) {
                    perSecond = Arrays.copyOf(perSecond, Math.max(second + 1, perSecond.length * 2));
                }
                perSecond[second]++;
                seconds = Math.max(seconds, second + 1);
            }
            if (kept.kind() == TraceOp.Kind.COPY) {
                copySizes.add(copySourceSize(kept.size()));
            }
            if (kept.key() != null) {
                objects(kept);
            }
        }

        /** A key read (successfully) before the trace writes it is to be created, at the size its reads need. */
        private void objects(TraceOp kept) {
            long h = TraceSelection.hash(kept.key());
            if (kept.kind().reads() && !kept.failed() && !written.contains(h)) {
                long needs = Math.max(0, kept.rangeStart() >= 0 ? kept.rangeStart() + kept.rangeLength()
                        : kept.size());
                if (readFirst.add(h)) {
                    prepare.put(kept.key(), needs);
                } else if (prepare.containsKey(kept.key())) {
                    prepare.merge(kept.key(), needs, Math::max);
                }
            }
            if (kept.kind().creates()) {
                written.add(h);
            }
        }

        TraceScan scan(List<String> formats) {
            List<Prepared> objects = new ArrayList<>(prepare.size());
            prepare.forEach((k, v) -> objects.add(new Prepared(k, v)));
            long[] counted = new long[secondsBefore + seconds];
            for (int i = 0; i < secondsBefore; i++) {
                counted[i] = before[secondsBefore - 1 - i];
            }
            System.arraycopy(perSecond, 0, counted, secondsBefore, seconds);
            return new TraceScan(formats, new Span(first == Long.MIN_VALUE ? 0 : first,
                    firstPlayed == Long.MIN_VALUE ? 0 : earliest, last == Long.MIN_VALUE ? 0 : last), played, mix,
                    skipped, server, serverFirstByte, counted, objects, List.copyOf(copySizes), problems);
        }
    }

    /** The bytes an operation of the mix moves: a ranged read's range, else its size (none for a listing). */
    public static long size(TraceOp op) {
        return switch (op.kind()) {
            case LIST, DELETE, DELETE_OBJECTS, MULTIPART_CREATE, MULTIPART_ABORT -> -1;
            case GET -> op.rangeLength() >= 0 ? op.rangeLength() : Math.max(0, op.size());
            default -> Math.max(0, op.size());
        };
    }

    private static boolean keptBySample(TraceSelection s, TraceOp op) {
        return new TraceSelection(s.from(), s.to(), s.keepShare(), 0, 1).keeps(op.key());
    }

    private static void record(Map<TraceOp.Kind, Histogram> into, TraceOp.Kind kind, long nanos) {
        if (nanos >= 0) {
            into.computeIfAbsent(kind, k -> CellRecorder.newHistogram())
                    .recordValue(Math.max(CellRecorder.LOWEST_NANOS, Math.min(nanos, CellRecorder.HIGHEST_NANOS)));
        }
    }

    /** How long the played part of the trace lasts, in microseconds. */
    public long spanMicros() {
        return played == 0 ? 0 : span.lastMicros() - span.firstPlayedMicros();
    }
}
