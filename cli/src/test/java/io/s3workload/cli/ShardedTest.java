package io.s3workload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.cli.options.Sharded;
import io.s3workload.ground.Shard;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Where a shard learns which it is: --shard, --shards with a Kubernetes index, a Slurm array; and --start-at. */
@Tag("quick") // src/test.sh --quick: starts no server, runs no stage
class ShardedTest {

    @Test
    void theShardComesFromTheOptionOrTheOrchestrator() {
        assertEquals(Optional.of(new Shard(2, 3)), Sharded.shard("2/3", null, Map.of()));
        assertEquals(Optional.of(new Shard(4, 6)), Sharded.shard(null, 6, Map.of("JOB_COMPLETION_INDEX", "4")));
        assertEquals(Optional.of(new Shard(1, 4)), Sharded.shard(null, null, Map.of("SLURM_ARRAY_TASK_ID", "2",
                "SLURM_ARRAY_TASK_MIN", "1", "SLURM_ARRAY_TASK_COUNT", "4")));
        assertEquals(Optional.empty(), Sharded.shard(null, null, Map.of()));
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> Sharded.shard("3/3", null, Map.of()));
        assertTrue(bad.getMessage().contains("0 <= I < N"), bad.getMessage());
        IllegalArgumentException noIndex = assertThrows(IllegalArgumentException.class,
                () -> Sharded.shard(null, 3, Map.of()));
        assertTrue(noIndex.getMessage().contains("JOB_COMPLETION_INDEX"), noIndex.getMessage());
    }

    @Test
    void theStartTimeIsIsoOrEpochMillisAndShardsDeriveOneRunIdFromIt() {
        Instant t = Instant.parse("2026-11-21T10:00:00Z");
        Instant now = t.minusSeconds(60);
        assertEquals(t, Sharded.instant("2026-11-21T10:00:00Z", now));
        assertEquals(t, Sharded.instant("2026-11-21T11:00:00+01:00", now));
        assertEquals(t, Sharded.instant(Long.toString(t.toEpochMilli()), now));
        assertEquals(t, Sharded.instant("2026-11-21T10:00:00Z", t.plusSeconds(5)), "a few seconds late is clock skew");
        assertThrows(IllegalArgumentException.class, () -> Sharded.instant("tomorrow", now));
        IllegalArgumentException seconds = assertThrows(IllegalArgumentException.class,
                () -> Sharded.instant(Long.toString(t.getEpochSecond()), now));
        assertEquals("--start-at 1795255200 looks like epoch seconds (2026-11-21T10:00:00Z); give the ISO-8601 time,"
                + " --start-at 2026-11-21T10:00:00Z, or epoch milliseconds, --start-at 1795255200000",
                seconds.getMessage());
        IllegalArgumentException past = assertThrows(IllegalArgumentException.class,
                () -> Sharded.instant("2026-11-21T10:00:00Z", t.plusSeconds(3600)));
        assertEquals("--start-at 2026-11-21T10:00:00Z is 3600 s in the past (it is 2026-11-21T11:00:00Z now): shards"
                + " would start at once, not together; give a time a little ahead, e.g. --start-at"
                + " 2026-11-21T11:02:00Z", past.getMessage());
        assertEquals(Sharded.runIdFor(t, "w"), Sharded.runIdFor(t, "w"));
        assertTrue(Sharded.runIdFor(t, "w").startsWith("20261121-100000-"), Sharded.runIdFor(t, "w"));
    }
}
