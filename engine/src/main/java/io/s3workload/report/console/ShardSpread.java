package io.s3workload.report.console;

import java.time.Duration;
import java.util.Locale;

/** How a merged run's shards are told: how far apart they began, and how many have lines of their own. */
public final class ShardSpread {

    /** Per-shard throughput lines in report.html for at most this many shards: more are not read, nor kept. */
    public static final int SHARD_LINES = 16;

    /** Shards that began further apart than this did not run together: the merge warns. */
    public static final Duration START_SPREAD_WARNING = Duration.ofSeconds(1);

    private ShardSpread() {
    }

    /**
     * How far apart the shards began, with a warning beyond a second: shards that did not overlap make a fleet's
     * figures a sum of runs, not one run's load.
     */
    public static String sentence(Duration spread) {
        String within = String.format(Locale.ROOT, "%.3f", spread.toNanos() / 1e9);
        if (spread.compareTo(START_SPREAD_WARNING) <= 0) {
            return "Shards began within " + within + " s of each other.";
        }
        return "WARNING: the shards began " + within + " s apart (more than " + START_SPREAD_WARNING.toSeconds()
                + " s): they did not run together for that long, so the merged rates hold less load than the fleet"
                + " could offer. Start them with --start-at (and their clocks with NTP); each shard's begin is listed"
                + " with it.";
    }
}
