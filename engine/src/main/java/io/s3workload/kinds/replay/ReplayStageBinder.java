package io.s3workload.kinds.replay;

import static io.s3workload.kinds.replay.ReplayStage.HASHED;
import static io.s3workload.kinds.replay.ReplayStage.KEEP_NAMES;

import com.fasterxml.jackson.databind.JsonNode;
import io.s3workload.trace.TraceProblems;
import io.s3workload.trace.formats.TraceFormat;
import io.s3workload.trace.scan.Trace;
import io.s3workload.trace.scan.TraceScan;
import io.s3workload.trace.scan.TraceSelection;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.objects.DataShape;
import io.s3workload.workload.yaml.Fields;
import io.s3workload.workload.yaml.Key;
import io.s3workload.workload.yaml.Keys;
import io.s3workload.workload.yaml.ObjectSettingsBinder;
import io.s3workload.workload.yaml.SchemaType;
import io.s3workload.workload.yaml.StageBinder;
import io.s3workload.workload.yaml.Suggestions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code kind: replay}: a trace played on its recorded clock. The trace is read through here, when the workload is
 * loaded, so that a trace that cannot be replayed (more than 1% of its lines unreadable, or no operation a replay
 * knows) stops the run before it touches the store.
 */
public final class ReplayStageBinder implements StageBinder {

    @Override
    public List<Key> keys() {
        return List.of(
            own("trace", "paths", null, "[logs/2026-11-26/]", "The trace: a file, several, or a directory of them (S3"
                    + " access logs, CloudTrail, MinIO's audit log, an ops log), merged in time order; a relative path"
                    + " starts at the workload file's directory.").list(),
            own("format", "traceFormat", null, "s3-access-log", "The trace's format; by default told from each file's"
                    + " first bytes."),
            own("speed", "speed", 1, 10, "How many times faster than recorded (10: ten hours in one)."),
            own("from", "duration", null, "5s", "Play the trace from this long after its first operation."),
            own("to", "duration", null, "1h", "Play the trace up to this long after its first operation."),
            own("sample", "replaySample", null, "{keys: 10%}", "Play a deterministic share of the keys, every"
                    + " operation of each kept key."),
            own("keys", "replayKeys", KEEP_NAMES, "hashed", "The recorded keys kept after the run's prefix (names), or"
                    + " each replaced by its hash (hashed)."),
            Keys.in(Keys.Context.REPLAY_SAMPLE, "keys", "percent", null, "10%", "The share of the trace's keys played"
                    + " (every operation of each), chosen by a hash of the key: the same keys every run."));
    }

    /** A key only a replay stage takes. */
    private static Key own(String name, String type, Object defaultValue, Object example, String description) {
        return Keys.stage(EnumSet.of(StageKind.REPLAY), name, type, defaultValue, example, description);
    }

    @Override
    public Map<String, SchemaType> types() {
        Map<String, SchemaType> types = new LinkedHashMap<>();
        types.put("paths", new SchemaType.Texts());
        types.put("traceFormat", new SchemaType.Choice(Set.copyOf(TraceFormat.keys())));
        types.put("speed", new SchemaType.Positive());
        types.put("replaySample", new SchemaType.Mapping(Keys.Context.REPLAY_SAMPLE));
        types.put("replayKeys", new SchemaType.Choice(Set.of(KEEP_NAMES, HASHED)));
        return types;
    }

    @Override
    public Optional<StageSpec> bind(StageCommon common, Fields f) {
        if (!f.mentions("trace")) {
            f.binding().problem(f.pointer(), "missing 'trace': the file(s) or directory to replay (an S3 access log,"
                    + " CloudTrail log files, MinIO's audit log or an ops log)");
            return Optional.empty();
        }
        List<Path> paths = paths(f);
        Optional<TraceFormat> format = f.text("format").flatMap(t -> {
            Optional<TraceFormat> known = TraceFormat.fromKey(t);
            if (known.isEmpty()) {
                f.binding().problem(f.child("format"), "expected one of " + String.join(", ", TraceFormat.keys())
                        + ", got \"" + t + "\"" + Suggestions.didYouMean(t, TraceFormat.keys()));
            }
            return known;
        });
        double speed = speed(f);
        Optional<Duration> from = f.duration("from");
        Optional<Duration> to = f.duration("to");
        if (from.isPresent() && to.isPresent() && from.get().compareTo(to.get()) >= 0) {
            f.binding().problem(f.child("to"), "the window ends before it begins: from " + from.get().toSeconds()
                    + " s, to " + to.get().toSeconds() + " s (both from the trace's first operation)");
        }
        double share = sampleShare(f);
        DataShape data = ObjectSettingsBinder.data(f); // its problems said now
        String names = f.text("keys").orElse(ReplayStage.KEEP_NAMES);
        if (!names.equals(ReplayStage.KEEP_NAMES) && !names.equals(ReplayStage.HASHED)) {
            f.binding().problem(f.child("keys"), "expected " + ReplayStage.KEEP_NAMES + " (the recorded keys kept"
                    + " after the run's prefix) or " + ReplayStage.HASHED + " (each replaced by its hash), got \""
                    + names + "\"");
        }
        if (paths.isEmpty() || !f.binding().problems().isEmpty()) {
            return Optional.empty();
        }
        TraceSelection selection = new TraceSelection(from, to, share, 0, 1);
        Optional<TraceScan> scan = scan(f, paths, format, selection);
        if (scan.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new ReplayStage(common, paths, format, speed, selection,
                names.equals(ReplayStage.HASHED), scan.get().played(), data));
    }

    /**
     * The trace's paths, each readable. Written in the workload, a relative path starts at the workload file's
     * directory; given with --set, at the directory s3workload runs in.
     */
    private static List<Path> paths(Fields f) {
        boolean commandLine = f.binding().tree().valueLocation(f.child("trace")).line() == 0;
        Path base = commandLine ? Path.of("").toAbsolutePath()
                : Path.of(f.binding().tree().source()).toAbsolutePath().getParent();
        return f.list("trace", e -> {
            Path path = base == null ? Path.of(e.text()) : base.resolve(e.text());
            if (!Files.isReadable(path)) {
                f.binding().problem(e.pointer(), "cannot read '" + e.text() + "' (a trace file or a directory of"
                        + " them; a relative path starts at " + (commandLine ? "the current directory when given"
                        + " with --set" : "the workload file's directory") + ")");
                return Optional.empty();
            }
            return Optional.of(path);
        }).orElse(List.of());
    }

    /** {@code sample: {keys: 10%}} as a share (1: every key). */
    private static double sampleShare(Fields f) {
        JsonNode sample = f.raw("sample");
        if (sample == null || sample.isNull()) {
            return 1;
        }
        Optional<Fields> s = Fields.of(f.binding(), f.child("sample"), sample, Keys.in(Keys.Context.REPLAY_SAMPLE),
                "what to keep of the trace, e.g. {keys: 10%}");
        OptionalDouble keys = s.map(x -> x.percent("keys")).orElse(OptionalDouble.empty());
        if (keys.isPresent() && keys.getAsDouble() <= 0) {
            f.binding().problem(f.child("sample"), "keys: a share above 0%");
            return 1;
        }
        return keys.isPresent() ? keys.getAsDouble() / 100 : 1;
    }

    /** The trace read through: empty, with the problem said, when it cannot be replayed. */
    private static Optional<TraceScan> scan(Fields f, List<Path> paths, Optional<TraceFormat> format,
                                            TraceSelection selection) {
        TraceScan scan;
        try {
            scan = TraceScan.of(Trace.files(paths), format, selection);
        } catch (IOException | UncheckedIOException e) {
            f.binding().problem(f.child("trace"), e.getMessage());
            return Optional.empty();
        }
        if (scan.problems().tooMany()) {
            f.binding().problem(f.child("trace"), String.format(Locale.ROOT, "%,d of its %,d lines could"
                    + " not be read (more than %.0f%%), the first: %s", scan.problems().bad(), scan.problems().lines(),
                    100 * TraceProblems.MOST_BAD_SHARE,
                    String.join("; ", scan.problems().examples())));
            return Optional.empty();
        }
        if (scan.played() == 0) {
            f.binding().problem(f.child("trace"), "no operation to replay in it" + (scan.skipped().isEmpty() ? ""
                    : ": it holds " + scan.skipped().entrySet().stream().limit(6).map(e -> e.getValue() + " "
                    + e.getKey()).collect(Collectors.joining(", "))) + " (replayed: GET, PUT, HEAD,"
                    + " DELETE, DeleteObjects, LIST, copies and multipart uploads)");
            return Optional.empty();
        }
        return Optional.of(scan);
    }

    /** {@code speed: 10}: a number above 0 (1: as recorded). */
    private static double speed(Fields f) {
        JsonNode node = f.raw("speed");
        if (node == null || node.isNull()) {
            return 1;
        }
        double speed = node.isNumber() ? node.doubleValue() : Double.NaN;
        if (node.isTextual()) {
            try {
                speed = Double.parseDouble(node.textValue().trim().replaceAll("x$", ""));
            } catch (NumberFormatException e) {
                speed = Double.NaN;
            }
        }
        if (!(speed > 0) || Double.isInfinite(speed)) {
            f.binding().problem(f.child("speed"), "expected a number above 0 (1: as recorded, 10: ten times"
                    + " faster), got " + Fields.describe(node));
            return 1;
        }
        return speed;
    }
}
