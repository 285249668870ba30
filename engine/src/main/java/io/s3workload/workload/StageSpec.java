package io.s3workload.workload;

import io.s3workload.ground.DataSize;
import io.s3workload.ground.Shard;
import io.s3workload.workload.objects.DataShape;
import io.s3workload.workload.objects.ObjectSettings;
import io.s3workload.workload.objects.ObjectsFrom;
import io.s3workload.workload.objects.Sources;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One stage of a workload, as written: one record a kind, its {@link #kind()} a {@link StageKind}. Not sealed, so
 * that a kind's record may live in its own folder ({@code kinds/<kind>/}); the table of kinds' exhaustive switch over
 * {@link StageKind} is what makes a new kind say every part ({@link KindParts}).
 */
public interface StageSpec {

    StageCommon common();

    StageKind kind();

    /**
     * This stage as one of {@code shard.count()} processes runs it ({@code run --shard}), so that together they run
     * what one process would: its workers, counts and rate shared, a default worker count ({@code defaultWorkers},
     * the workload's) made explicit first. Each kind says what is shared; sizes, durations and sources never are.
     */
    StageSpec shared(Shard shard, int defaultWorkers);

    /** The earlier stage whose objects this one reads ({@code from}), if any. */
    default Optional<String> readsFrom() {
        return Optional.empty();
    }

    /**
     * This stage when the stage it reads from is left out of the run ({@code --skip}, {@code --only}): itself by
     * default (its source must then be run); an httpGet with URLs of its own fetches just those.
     */
    default StageSpec withoutSource() {
        return this;
    }

    /** The prefix of existing objects this stage reads ({@code from: {prefix: ...}}), if it reads one. */
    default Optional<ObjectsFrom.Prefix> existing() {
        return Optional.empty();
    }

    /** What the stage's writes store with each object besides its bytes (none for a stage that writes none). */
    default ObjectSettings writes() {
        return ObjectSettings.NONE;
    }

    /**
     * What the bodies this stage writes are made of (its {@code data}); empty for a stage that writes no bodies of its
     * own to be measured or read (a probe's small objects are unique, a copy holds its source's).
     */
    default Optional<DataShape> bodies() {
        return Optional.empty();
    }

    /** The sources the stage uploads before it measures (rangeRead's and transcode's), if it has such. */
    default Optional<Sources> preparedSources() {
        return Optional.empty();
    }

    /**
     * How long the stage runs when that is its own to decide (a capacity search's), else empty: its cells say.
     */
    default Optional<OwnLength> ownLength() {
        return Optional.empty();
    }

    /**
     * A run time the stage decides itself: {@code fixed} when it is known in advance (a shard's ladder), and
     * {@code longest} saying what bounds it ({@code at most 14 steps of 25s ..., never more than 20m}).
     */
    record OwnLength(Optional<Duration> fixed, String longest) {
    }

    /** The workers it runs when its workload does not say: its {@code concurrency}, or a count of its own. */
    default OptionalInt ownWorkers() {
        return common().concurrency();
    }

    /**
     * Whether its workers writing fewer keys than there are workers is worth a warning: they then write one key at
     * the same moment (a put stage that did not ask for it with {@code sharedKeys}).
     */
    default boolean warnsOfSharedKeys() {
        return false;
    }

    /** Objects above this size it reads as several ranged GETs at once (so a GET is several requests). */
    default Optional<DataSize> readsInRangesAbove() {
        return Optional.empty();
    }

    default String name() {
        return common().name();
    }

    /**
     * Whether this stage leaves objects a later stage may read with {@code from}: a put or copy stage, or a get that
     * seeds its own objects.
     */
    default boolean writesObjects() {
        return kind().has(StageKind.Trait.WRITES_SOURCES);
    }

    /** An endpoint this stage names, and the key it is written at under the stage ({@code writers/1}). */
    record EndpointName(String key, String name) {

        /** Adds {@code key/0}, {@code key/1}, ... for {@code names}, each but {@link ConsistencyProbe#SELF}. */
        public static void list(String key, List<String> names, List<EndpointName> to) {
            for (int i = 0; i < names.size(); i++) {
                if (!names.get(i).equals(ConsistencyProbe.SELF)) {
                    to.add(new EndpointName(key + "/" + i, names.get(i)));
                }
            }
        }
    }

    /** Every endpoint this stage's own settings name ({@code endpoint}, {@code endpoints}, writers, readers). */
    default List<EndpointName> endpointsNamed() {
        return common().endpointsNamed();
    }
}
