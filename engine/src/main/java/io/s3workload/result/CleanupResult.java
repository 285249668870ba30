package io.s3workload.result;

import io.s3workload.ground.DataSize;
import io.s3workload.ground.Units;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What cleanup removed, and anything it could not (with the reason), so a person can finish the job.
 *
 * @param removed    objects deleted; when not {@code exact}, deletes by name that the storage acknowledged, which
 *                   it does alike for a key that was not there, so at most that many objects were removed
 * @param leftBehind keys known to be still there
 * @param exact      whether the run prefix was listed after the deletes, so that {@code leftBehind} is all that is
 *                   left; false when it could not be listed, so more may be left (the manifest says to list it)
 * @param manifest   where what is or may be left was written for {@code s3workload cleanup --manifest}, if anything
 * @param versionsRemoved versions and delete markers deleted by id, in a bucket that keeps versions (where deleting
 *                   an object leaves them)
 */
public record CleanupResult(boolean skipped, long removed, List<String> leftBehind, boolean exact,
                            List<String> errors, Optional<Path> manifest, List<Kept> kept, long versionsRemoved) {

    public static final CleanupResult KEPT = new CleanupResult(true, 0, List.of(), List.of());

    /**
     * Objects left on purpose, outside the run prefix: sources a stage keeps for the next run ({@code reuse}), under
     * {@code prefix}, {@code objects} of {@code bytes} in all.
     */
    public record Kept(String prefix, long objects, long bytes) {
    }

    public CleanupResult {
        leftBehind = List.copyOf(leftBehind);
        errors = List.copyOf(errors);
        kept = List.copyOf(kept);
    }

    /**
     * The cleanups of several runs of one workload (a run's shards) as one: counts summed, keys and errors listed
     * together, skipped or exact only if every one was; no manifest (each shard wrote its own).
     */
    public static CleanupResult sum(List<CleanupResult> cleanups) {
        long removed = 0;
        long versions = 0;
        List<String> left = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        boolean skipped = true;
        boolean exact = true;
        List<Kept> kept = new ArrayList<>();
        for (CleanupResult c : cleanups) {
            removed += c.removed;
            versions += c.versionsRemoved;
            left.addAll(c.leftBehind);
            errors.addAll(c.errors);
            skipped &= c.skipped;
            exact &= c.exact;
            c.kept.stream().filter(k -> !kept.contains(k)).forEach(kept::add);
        }
        return new CleanupResult(skipped, removed, left, exact, errors, Optional.empty(), kept, versions);
    }

    public CleanupResult(boolean skipped, long removed, List<String> leftBehind, boolean exact, List<String> errors,
                         Optional<Path> manifest) {
        this(skipped, removed, leftBehind, exact, errors, manifest, List.of(), 0);
    }

    /** This result with {@code sources} named as kept. */
    public CleanupResult withKept(List<Kept> sources) {
        return new CleanupResult(skipped, removed, leftBehind, exact, errors, manifest, sources, versionsRemoved);
    }

    /** This result with {@code versions} versions and delete markers deleted by id. */
    public CleanupResult withVersionsRemoved(long versions) {
        return new CleanupResult(skipped, removed, leftBehind, exact, errors, manifest, kept, versions);
    }

    /** A finished cleanup that listed what was left. */
    public CleanupResult(boolean skipped, long removed, List<String> leftBehind, List<String> errors) {
        this(skipped, removed, leftBehind, true, errors, Optional.empty());
    }

    /** What happened, in a line: what was removed and what is or may be left, and the sources kept on purpose. */
    public String summary(String runPrefix) {
        return outcome(runPrefix) + kept.stream().map(k -> "; kept for reuse: " + k.objects()
                + (k.objects() == 1 ? " source, " : " sources, ") + DataSize.ofBytes(k.bytes())
                + (k.objects() == 1 ? "" : " in all") + ", under " + k.prefix()).collect(Collectors.joining());
    }

    private String outcome(String runPrefix) {
        if (skipped) {
            return "skipped (keep: true); the run's objects remain under " + runPrefix;
        }
        if (!exact) {
            return "incomplete: " + runPrefix + " was not listed after the deletes, so what is left is not known"
                    + " (at least " + Units.count(leftBehind.size(), "object") + ")" + (removed == 0 ? "" : "; the storage"
                    + " acknowledged " + removed + " deletes by name of keys the run wrote");
        }
        return "removed " + Units.count(removed, "object") + " under " + runPrefix + (versionsRemoved == 0 ? ""
                : " (and " + Units.count(versionsRemoved, "version") + " and delete markers: the bucket keeps versions)")
                + (leftBehind.isEmpty() ? ""
                : "; " + leftBehind.size() + " could not be removed (first: " + leftBehind.get(0) + ")");
    }

    /** Whether everything the run wrote is gone (or was kept on purpose). */
    public boolean complete() {
        return skipped || exact && leftBehind.isEmpty() && manifest.isEmpty();
    }
}
