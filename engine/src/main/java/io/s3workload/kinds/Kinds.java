package io.s3workload.kinds;

import io.s3workload.kinds.append.AppendKind;
import io.s3workload.kinds.capacity.CapacityKind;
import io.s3workload.kinds.connectivity.ConnectivityKind;
import io.s3workload.kinds.copy.CopyKind;
import io.s3workload.kinds.delete.DeleteKind;
import io.s3workload.kinds.get.GetKind;
import io.s3workload.kinds.head.HeadKind;
import io.s3workload.kinds.history.HistoryKind;
import io.s3workload.kinds.httpget.HttpGetKind;
import io.s3workload.kinds.list.ListKind;
import io.s3workload.kinds.listafterwrite.ListAfterWriteKind;
import io.s3workload.kinds.mix.MixKind;
import io.s3workload.kinds.put.PutKind;
import io.s3workload.kinds.rangeread.RangeReadKind;
import io.s3workload.kinds.readafterwrite.ReadAfterWriteKind;
import io.s3workload.kinds.replay.ReplayKind;
import io.s3workload.kinds.transcode.TranscodeKind;
import io.s3workload.kinds.versions.VersionsKind;
import io.s3workload.workload.KindParts;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.composite.CompareStage;
import io.s3workload.workload.composite.GroupStage;
import io.s3workload.workload.composite.LoopsStage;
import io.s3workload.workload.composite.SweepStage;
import io.s3workload.workload.yaml.CompareStageBinder;
import io.s3workload.workload.yaml.GroupStageBinder;
import io.s3workload.workload.yaml.LoopsStageBinder;
import io.s3workload.workload.yaml.SweepStageBinder;
import java.util.EnumMap;
import java.util.Map;

/**
 * Every stage kind's parts: the one place that names every kind. Each room asks through {@link KindParts} for the
 * part it owns the interface of (the loader a binder, the planner a shape, the engine a runner, the reporters a
 * text, the results the kinds of outcome), so that no room names a kind and none imports from above it. The switch
 * is over every {@link StageKind}, so the compiler asks a new kind for its line. A kind with a folder of its own
 * ({@code kinds/<kind>/}) is that line; the others are still made here of parts kept in the rooms.
 */
public final class Kinds implements KindParts {

    private static final Map<StageKind, Kind<?>> KINDS = new EnumMap<>(StageKind.class);

    static {
        for (StageKind kind : StageKind.values()) {
            KINDS.put(kind, kind(kind));
        }
    }

    /** {@code kind}'s parts. */
    static Kind<?> kind(StageKind kind) {
        return switch (kind) {
            case PUT -> PutKind.KIND;
            case GET -> GetKind.KIND;
            case DELETE -> DeleteKind.KIND;
            case HEAD -> HeadKind.KIND;
            case LIST -> ListKind.KIND;
            case RANGE_READ -> RangeReadKind.KIND;
            case COPY -> CopyKind.KIND;
            case VERSIONS -> VersionsKind.KIND;
            case APPEND -> AppendKind.KIND;
            case CONNECTIVITY -> ConnectivityKind.KIND;
            case READ_AFTER_WRITE -> ReadAfterWriteKind.KIND;
            case LIST_AFTER_WRITE -> ListAfterWriteKind.KIND;
            case MIX -> MixKind.KIND;
            case TRANSCODE -> TranscodeKind.KIND;
            case HTTP_GET -> HttpGetKind.KIND;
            case HISTORY -> HistoryKind.KIND;
            case REPLAY -> ReplayKind.KIND;
            case CAPACITY -> CapacityKind.KIND;
            case SWEEP -> Kind.composite(SweepStage.class, new SweepStageBinder());
            case COMPARE -> Kind.composite(CompareStage.class, new CompareStageBinder());
            case LOOPS -> Kind.composite(LoopsStage.class, new LoopsStageBinder());
            case GROUP -> Kind.composite(GroupStage.class, new GroupStageBinder());
        };
    }

    @Override
    public <T> T part(StageKind kind, Class<T> role) {
        T part = KINDS.get(kind).part(role);
        if (part == null) {
            throw new IllegalArgumentException(kind + " has no part as " + role.getSimpleName());
        }
        return part;
    }
}
