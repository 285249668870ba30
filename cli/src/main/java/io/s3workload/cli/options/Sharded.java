package io.s3workload.cli.options;

import io.s3workload.ground.Shard;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Optional;

/** Where a shard learns which it is (options, or the orchestrator's environment) and when to start. */
public final class Sharded {

    private static final DateTimeFormatter RUN_ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
            .withZone(ZoneOffset.UTC);

    private Sharded() {
    }

    /**
     * {@code --shard I/N}; else {@code --shards N} with {@code JOB_COMPLETION_INDEX}; else a Slurm job array's
     * {@code SLURM_ARRAY_TASK_ID} (less {@code SLURM_ARRAY_TASK_MIN}) of {@code SLURM_ARRAY_TASK_COUNT}; else none.
     */
    public static Optional<Shard> shard(String option, Integer shards, Map<String, String> env) {
        if (option != null) {
            return Optional.of(Shard.parse(option).orElseThrow(() -> new IllegalArgumentException(
                    "--shard expects I/N with 0 <= I < N, e.g. --shard 0/3; got '" + option + "'")));
        }
        if (shards != null) {
            String index = env.get("JOB_COMPLETION_INDEX");
            if (index == null) {
                throw new IllegalArgumentException("--shards " + shards + " takes the shard's index from"
                        + " JOB_COMPLETION_INDEX (set in a Kubernetes Indexed Job), which is not set; use --shard I/N");
            }
            return Optional.of(Shard.parse(index + "/" + shards).orElseThrow(() -> new IllegalArgumentException(
                    "JOB_COMPLETION_INDEX=" + index + " is not an index below --shards " + shards)));
        }
        String task = env.get("SLURM_ARRAY_TASK_ID");
        String count = env.get("SLURM_ARRAY_TASK_COUNT");
        if (task != null && count != null) {
            try {
                int index = Integer.parseInt(task) - Integer.parseInt(env.getOrDefault("SLURM_ARRAY_TASK_MIN", "0"));
                return Optional.of(Shard.parse(index + "/" + count).orElseThrow());
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("SLURM_ARRAY_TASK_ID=" + task + " and SLURM_ARRAY_TASK_COUNT="
                        + count + " do not make a shard index below the count");
            }
        }
        return Optional.empty();
    }

    /** How far in the past a start time may be (clocks of different machines disagree a little). */
    static final Duration PAST_TOLERANCE = Duration.ofSeconds(10);

    /**
     * ISO-8601 ({@code 2026-11-21T10:00:00Z}, an offset allowed) or epoch milliseconds, not more than
     * {@link #PAST_TOLERANCE} before {@code now}. Epoch seconds (what {@code date +%s} prints) are refused with the
     * time they would mean, rather than read as milliseconds, i.e. January 1970, which starts every shard at once.
     */
    public static Instant instant(String text, Instant now) {
        String t = text.trim();
        Instant at;
        if (t.matches("\\d+")) {
            long n = Long.parseLong(t);
            if (t.length() <= 11) {
                throw new IllegalArgumentException("--start-at " + t + " looks like epoch seconds (" + Instant
                        .ofEpochSecond(n) + "); give the ISO-8601 time, --start-at " + Instant.ofEpochSecond(n)
                        + ", or epoch milliseconds, --start-at " + t + "000");
            }
            at = Instant.ofEpochMilli(n);
        } else {
            try {
                at = OffsetDateTime.parse(t).toInstant();
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException("--start-at expects an ISO-8601 time such as 2026-11-21T10:00:00Z"
                        + " or epoch milliseconds; got '" + text + "'");
            }
        }
        if (at.isBefore(now.minus(PAST_TOLERANCE))) {
            throw new IllegalArgumentException("--start-at " + at + " is " + Duration.between(at, now).toSeconds()
                    + " s in the past (it is " + now.truncatedTo(ChronoUnit.SECONDS) + " now):"
                    + " shards would start at once, not together; give a time a little ahead, e.g. --start-at "
                    + now.plusSeconds(120).truncatedTo(ChronoUnit.SECONDS));
        }
        return at;
    }

    /** The run id every shard derives alike from the shared start time. */
    public static String runIdFor(Instant startAt, String workload) {
        return RUN_ID.format(startAt) + "-" + String.format("%04x", workload.hashCode() & 0xffff);
    }
}
