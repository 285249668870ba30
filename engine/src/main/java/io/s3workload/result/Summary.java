package io.s3workload.result;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;
import io.s3workload.workload.Scaled;
import java.util.List;
import java.util.Map;

/**
 * {@code summary.json} as typed records: what {@link SummaryJson} writes and reads back, field for field. Its shape
 * is documented by {@code docs/summary.schema.json}; {@link #SCHEMA_VERSION} changes when a field changes meaning or
 * goes away. A {@code null} field is one the document leaves out (an open loop's figures in a closed-loop cell, a
 * merged run's shards in a single run's summary).
 */
public record Summary(int schemaVersion, Tool tool, Jvm jvm, Host host, Run run, Workload workload,
                      List<Stage> stages, List<Table> tables, List<Breach> breaches, Cleanup cleanup) {

    /**
     * 2: {@code settings} is an object, not a string; {@code tool.commit}, stage {@code group}, {@code tables}.
     * 3: a pair's {@code convergenceMs} runs to the sending of the read that showed the write (0 when the first read
     * did), with {@code readMs} and {@code notYet} beside it; a probe's reader cells hold no 404s.
     */
    public static final int SCHEMA_VERSION = 3;

    /** Where the figures came from: the tool, the JVM and the host that measured them. */
    public record Tool(String name, String version, String commit) {
    }

    public record Jvm(String name, String version, String vendor) {
    }

    public record Host(String name, String os, String arch, int cpus) {
    }

    /**
     * @param sharding a shard's own run, or a merged run's shards
     * @param serverInProcess the S3 server ran in the measuring process (--embedded), so the cells' process CPU
     *                        is the client's and the server's
     * @param slice    figures {@code s3workload analyze} cut from an ops log: what it read and how it cut them
     */
    @JsonPropertyOrder({"id", "prefix", "seed", "times", "exitCode", "interrupted", "endpoints", "sharding",
            "serverInProcess", "start", "slice"})
    public record Run(String id, String prefix, long seed, @JsonUnwrapped Times times, int exitCode,
                      boolean interrupted, Map<String, String> endpoints, @JsonUnwrapped Sharding sharding,
                      boolean serverInProcess, @JsonUnwrapped Start start, String slice) {

        /** When it started and finished (ISO-8601), and its wall time between. */
        public record Times(String startedAt, String finishedAt, double wallSeconds) {
        }

        /**
         * A shard's own run, or a merged run's shards.
         *
         * @param shard   a shard's own run: which of how many
         * @param partial a merged run: whether a shard did not finish or is missing
         * @param shards  a merged run: the shards merged, and those left out
         */
        public record Sharding(Shard shard, Boolean partial, List<ShardStatus> shards) {
        }

        /** The start time its shards were given, and how far apart they started. */
        public record Start(String startAt, Double startSpreadSeconds) {
        }
    }

    public record Shard(int index, int count) {
    }

    /**
     * @param status {@code complete}, {@code partial} or {@code missing}
     * @param startedAt when the shard began its first stage (a complete shard's)
     * @param lateSeconds how long after the run's {@code startAt} it began (negative: before), when one was given
     */
    public record ShardStatus(int index, String status, long operations, String directory, String detail,
                              String startedAt, Double lateSeconds) {
    }

    /**
     * The workload as compiled: every default resolved, endpoints without their secrets.
     *
     * @param scale what {@code --scale} changed; absent when the workload ran as written
     */
    public record Workload(String name, String source, String bucket, String prefix, boolean keep,
                           List<Endpoint> endpoints, List<StageSetup> stages, Scale scale) {
    }

    /** {@code --scale}: its factor and every value it changed, as written and as run. */
    public record Scale(double factor, List<Scaled.Change> changes) {
    }

    /**
     * @param credentials   where they come from, never the keys
     * @param serverMetrics the store's metrics URL the run scraped (user info masked), and its preset; null: none
     */
    public record Endpoint(String name, String url, String region, boolean pathStyle, String compat,
                           String credentials, String serverMetrics) {
    }

    /**
     * A stage as planned.
     *
     * @param settings the stage's settings as resolved (the workload's defaults applied), as YAML would spell them
     */
    @JsonPropertyOrder({"index", "name", "kind", "endpoint", "parallelism", "writers", "readers", "from", "load",
            "cells", "settings"})
    public record StageSetup(int index, String name, String kind, String endpoint,
                             @JsonUnwrapped Parallelism parallelism, List<String> writers, List<String> readers,
                             String from, Load load, List<CellSetup> cells, JsonNode settings) {
    }

    /** Operations in flight, the workers that keep them, and the connections they share. */
    public record Parallelism(int concurrency, int workers, int connections) {
    }

    public record Load(boolean openLoop, Double ratePerSecond, List<RampStep> ramp, ThinkTime thinkTime) {
    }

    public record RampStep(double to, double overSeconds) {
    }

    public record ThinkTime(double minSeconds, double maxSeconds) {
    }

    public record CellSetup(String size, Long operations, Long keys, Double durationSeconds) {
    }

    /**
     * A stage as it ran.
     *
     * @param skipped  only for a stage that did not run: why
     * @param group    only for a member of a sweep, compare, loops or group stage: where it sits in it
     * @param answers  what its findings answered, in a few figures each ({@code compare} puts two runs' side by side)
     * @param outcomes what it found beyond its cells, each under its kind's key ({@link StageOutcomes}: {@code
     *                 convergence}, always written, and a capacity stage's {@code capacity}, a history stage's
     *                 {@code history}, a replay's {@code replay}), as the kind writes it; a key this version does not
     *                 know is kept and ignored
     */
    @JsonPropertyOrder({"name", "kind", "hasThresholds", "startSeconds", "endSeconds", "wallSeconds", "interrupted",
            "skipped", "group", "cells", "outcomes", "answers"})
    public record Stage(String name, String kind, boolean hasThresholds, double startSeconds, double endSeconds,
                        double wallSeconds, boolean interrupted, String skipped, Group group, List<SummaryCell> cells,
                        List<ResultAnswers> answers, @JsonAnyGetter @JsonAnySetter Map<String, Object> outcomes) {

        public Stage {
            outcomes = StageOutcomes.kept(outcomes == null ? Map.of() : outcomes);
        }
    }

    /**
     * A history stage's check (docs/consistency.md).
     *
     * @param verdict   ok, unknown or anomalies
     * @param anomalies per class found: how many, on how many keys, and the first witnesses
     * @param unknown   the keys whose search ran out of time, and how far it got
     */
    public record History(String verdict, int operations, long indeterminate, int keys, int processes, int lists,
                          long states, double checkSeconds, List<AnomalyClass> anomalies, List<UnknownKey> unknown) {
    }

    /** A class of anomaly: {@code kind} as docs/consistency.md names it ({@code stale-read}), its label as shown. */
    public record AnomalyClass(String kind, String label, int count, int keys, List<Witness> witnesses) {
    }

    /** An anomaly's witness: the operations on {@code key} (null for a list's ghost of no key) no order explains. */
    public record Witness(String key, List<WitnessOp> operations) {
    }

    /**
     * One operation of a witness, times in milliseconds from the stage's start.
     *
     * @param completedMs absent when its outcome is unknown
     */
    public record WitnessOp(String process, String f, String key, String outcome, String value, String expected,
                            List<String> listed, double invokedMs, Double completedMs) {
    }

    public record UnknownKey(String key, String why) {
    }

    public record Group(String name, String kind, String size, Integer threads, String endpoint, Integer round,
                        Integer loop, boolean preparation) {
    }

    /**
     * What the cell's store counted itself over the cell, from its own metrics, beside what the client sent.
     *
     * @param apis     the S3 APIs the cell's operations end in: the requests compared
     * @param timeline the store's figures per scrape interval, beside the client's seconds
     */
    @JsonPropertyOrder({"endpoint", "url", "apis", "counted", "client", "comparison", "scraping", "timeline"})
    public record Server(String endpoint, String url, List<String> apis, @JsonUnwrapped Counted counted,
                         @JsonUnwrapped Client client, @JsonUnwrapped Comparison comparison,
                         @JsonUnwrapped Scraping scraping, List<ServerSecond> timeline) {

        /**
         * What the store counted for those APIs, and spent, over the cell.
         *
         * @param requests requests of those APIs the store counted; null when its metrics were not read
         * @param errors   failed requests of those APIs it counted; null when its metrics do not say
         */
        public record Counted(Long requests, Long errors, Double bytesSent, Double bytesReceived, Double cpuSeconds,
                              Double memoryMaxBytes) {
        }

        /**
         * What the client sent.
         *
         * @param clientRequests requests the client sent that could have reached the store
         * @param clientErrors   the client's failures that got an HTTP answer
         */
        public record Client(long clientRequests, long clientErrors) {
        }

        /**
         * The two compared.
         *
         * @param tolerance  how far the counts may differ at the window's edges
         * @param difference the store's requests less the client's
         * @param agrees     whether they agree within the tolerance; null when not compared
         * @param uncompared why they were not compared (a shard's, an operation of several requests)
         * @param sentence   what the two say together
         */
        public record Comparison(long tolerance, Long difference, Boolean agrees, String uncompared, String sentence) {
        }

        /** The store's metrics read: how many times, how many failed, and the first failure. */
        public record Scraping(int scrapes, int failedScrapes, String firstFailure) {
        }
    }

    /** One scrape interval of the store's figures: when it ended, its length, and what the store counted in it. */
    public record ServerSecond(long epochMs, double seconds, long requests, Long errors, Double cpuSeconds) {
    }

    /**
     * A window in which the cell's store could not be reached (connections refused, no route): from the first
     * operation refused to the start of the first that then succeeded ({@code toEpochMs} null: still down as the
     * cell ended), and the operations it cost.
     */
    public record Outage(long fromEpochMs, Long toEpochMs, double seconds, long failed) {
    }

    /**
     * One operation named so that it can be found in the server's logs: one of its cell's slowest ({@code slowest})
     * or of the first failures of its class ({@code failures}).
     *
     * @param latencyMs its own time, first attempt to end (an open loop's lateness not included)
     * @param ttfbMs    time to first byte (reads); null otherwise
     * @param commitMs  an upload's time from its body's last byte to the answer; null when not known
     * @param status    the HTTP status of its last request; null when no answer came
     * @param requestId the server's x-amz-request-id; null when it sent none (or the client cannot tell)
     * @param id2       the server's x-amz-id-2; null when it sent none
     */
    public record Request(long startEpochMs, double latencyMs, Double ttfbMs, Double commitMs, String endpoint,
                          String key, Integer status, String errorClass, String requestId, String id2) {
    }

    /** One size bucket of a cell whose objects come in several sizes: its successful operations and their latency. */
    public record SizeBucket(String bucket, long fromBytes, long toBytes, long operations, Stats latencyMs) {
    }

    /**
     * The skew a reading cell offered (its stage's {@code access} other than in turn): over {@code keys} keys,
     * {@code reads} reads of {@code distinctKeys} keys; the shares of the reads the most read key and the most read
     * tenth of the keys took, and the share the distribution itself gives that tenth.
     */
    public record Access(String distribution, long keys, long reads, long distinctKeys, long hottestKeyReads,
                         long hottestTenthReads, double hottestKeyShare, double hottestTenthShare,
                         double expectedTenthShare) {
    }

    /** A distribution in milliseconds; only {@code count} when it is 0. */
    public record Stats(long count, Double avg, Double p50, Double p90, Double p95, Double p99,
                        @JsonProperty("p99.9") Double p999, Double max) {
    }

    /** @param latencyMs by statistic ({@code p50}, ...); absent when nothing completed in the second */
    public record Second(long epochMs, double elapsedSeconds, double intervalSeconds, long operations, long errors,
                         long bytes, Map<String, Double> latencyMs) {
    }

    /**
     * @param scope         {@code same} or {@code cross} endpoint
     * @param convergenceMs from the write's response to the sending of the read that showed it (0: the first read)
     * @param readMs        how long those reads took
     */
    @JsonPropertyOrder({"writer", "reader", "scope", "outcomes", "polling", "shares", "convergenceMs", "readMs"})
    public record Pair(String writer, String reader, String scope, @JsonUnwrapped Outcomes outcomes,
                       @JsonUnwrapped Polling polling, @JsonUnwrapped Shares shares, Stats convergenceMs,
                       Stats readMs) {

        /** Its iterations, and how each ended. */
        public record Outcomes(long iterations, long immediate, long eventual, long timedOut, long failed,
                               long stale) {
        }

        /**
         * Its reads.
         *
         * @param polls reads made: {@code notYet} said "not yet" (404, keys not listed), {@code pollErrors} failed,
         *              the rest were answered
         */
        public record Polling(long polls, long notYet, long pollErrors) {
        }

        /** Of its iterations, the immediate, eventual and timed-out ones, in percent. */
        public record Shares(double immediatePercent, double eventualPercent, double timeoutPercent) {
        }
    }

    /**
     * A composite stage's table (a sweep's throughput and latency by object size and threads, a compare's
     * endpoints side by side, a loops stage's loops): its columns, with units in their names, and a row of values
     * (numbers, text, or null where there is no value) per line.
     */
    public record Table(String kind, String name, String title, List<String> columns, List<List<Object>> rows) {
    }

    /**
     * @param leftBehind      how many keys are known to be still there
     * @param versionsRemoved versions and delete markers deleted by id in a bucket that keeps versions (absent: none)
     */
    public record Cleanup(boolean skipped, long removed, int leftBehind, boolean exact, String manifest,
                          List<String> errors, List<CleanupResult.Kept> kept, Long versionsRemoved) {

        public Cleanup {
            kept = kept == null ? List.of() : List.copyOf(kept);
        }
    }
}
