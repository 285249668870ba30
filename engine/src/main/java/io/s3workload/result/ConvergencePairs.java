package io.s3workload.result;

import com.fasterxml.jackson.core.type.TypeReference;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.convergence.ConvergenceStats;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * A consistency probe's writer-reader pairs (a transcode's too), in the order writers then readers: summary.json's
 * {@code convergence}, each pair's convergence and showing reads kept in {@code hdr/<stage>.convergence.hlog}.
 */
public record ConvergencePairs(List<ConvergenceStats> pairs) implements StageOutcome {

    public static final Type<ConvergencePairs, List<Summary.Pair>> TYPE = new Type<>("convergence",
            ConvergencePairs.class, new TypeReference<>() {
            }, (pairs, cells) -> pairs.pairs().stream().map(ConvergencePairs::pair).toList(), ConvergencePairs::read,
            ConvergencePairs::sum, List.of());

    public ConvergencePairs {
        pairs = List.copyOf(pairs);
    }

    /** A stage's pairs: none for a stage that is not a probe's. */
    public static List<ConvergenceStats> in(StageResult stage) {
        return stage.outcome(TYPE).map(ConvergencePairs::pairs).orElse(List.of());
    }

    /** A stage's pairs: none for a stage that is not a probe's. */
    public static List<ConvergenceStats> in(StageReport stage) {
        return stage.outcome(TYPE).map(ConvergencePairs::pairs).orElse(List.of());
    }

    @Override
    public Type<?, ?> type() {
        return TYPE;
    }

    @Override
    public Finding finding(String stage, List<CellStats> cells) {
        return new ConvergenceFinding(stage, pairs);
    }

    /** Each pair's convergence ({@code writer->reader}) and its showing reads ({@code writer->reader/read}). */
    @Override
    public Map<String, Histogram> histograms() {
        Map<String, Histogram> tags = new LinkedHashMap<>();
        for (ConvergenceStats pair : pairs) {
            tags.put(tag(pair.writer(), pair.reader()), pair.convergence());
            tags.put(readTag(pair.writer(), pair.reader()), pair.showingRead());
        }
        return tags;
    }

    /** The tag of a pair's convergence histogram; endpoint names hold neither spaces nor commas. */
    private static String tag(String writer, String reader) {
        return writer + "->" + reader;
    }

    private static String readTag(String writer, String reader) {
        return tag(writer, reader) + "/read";
    }

    /** Shards' pairs as the fleet's: each pair (by its label) added up exactly, in the order first seen. */
    private static ConvergencePairs sum(List<ConvergencePairs> shards) {
        Map<String, ConvergenceStats> byLabel = new LinkedHashMap<>();
        for (ConvergencePairs shard : shards) {
            for (ConvergenceStats pair : shard.pairs()) {
                byLabel.merge(pair.label(), pair, (a, b) -> ConvergenceStats.sum(List.of(a, b)));
            }
        }
        return new ConvergencePairs(List.copyOf(byLabel.values()));
    }

    private static Summary.Pair pair(ConvergenceStats p) {
        return new Summary.Pair(p.writer(), p.reader(), p.sameEndpoint() ? "same" : "cross",
                new Summary.Pair.Outcomes(p.iterations(), p.immediate(), p.eventual(), p.timedOut(), p.failed(),
                        p.stale()), new Summary.Pair.Polling(p.polls(), p.notYet(), p.pollErrors()),
                new Summary.Pair.Shares(p.immediatePercent(), p.eventualPercent(), p.timeoutPercent()),
                SummaryJson.stats(p.convergence()), SummaryJson.stats(p.showingRead()));
    }

    /** The pairs summary.json gives, their histograms from the run's log (empty ones where it has none). */
    private static Optional<ConvergencePairs> read(List<Summary.Pair> kept, Map<String, Histogram> histograms) {
        if (kept.isEmpty()) {
            return Optional.empty();
        }
        List<ConvergenceStats> pairs = new ArrayList<>();
        for (Summary.Pair p : kept) {
            pairs.add(new ConvergenceStats(p.writer(), p.reader(), p.outcomes().iterations(),
                    p.outcomes().immediate(), p.outcomes().eventual(),
                    p.outcomes().timedOut(), p.outcomes().failed(), p.outcomes().stale(),
                    new ConvergenceStats.Polls(p.polling().polls(), p.polling().notYet(), p.polling().pollErrors()),
                    histograms.getOrDefault(tag(p.writer(), p.reader()), CellRecorder.newHistogram()),
                    histograms.getOrDefault(readTag(p.writer(), p.reader()), CellRecorder.newHistogram())));
        }
        return Optional.of(new ConvergencePairs(pairs));
    }
}
