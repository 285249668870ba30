package io.s3workload.kinds.copy;

import static io.s3workload.workload.yaml.Keys.Context.COPY_MULTIPART;

import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.objects.ObjectsFrom;
import io.s3workload.workload.yaml.Fields;
import io.s3workload.workload.yaml.Key;
import io.s3workload.workload.yaml.Keys;
import io.s3workload.workload.yaml.ObjectsFromBinder;
import io.s3workload.workload.yaml.StageBinder;
import io.s3workload.workload.yaml.StopBinder;
import io.s3workload.workload.yaml.TransferBinder;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code kind: copy}: server-side copies of stage {@code from}'s objects, or of existing objects under a prefix; the
 * keys only a copy takes, and those of its {@code multipart} mapping, described here.
 */
public final class CopyStageBinder implements StageBinder {

    private static final Set<StageKind> COPY = EnumSet.of(StageKind.COPY);

    @Override
    public List<Key> keys() {
        return List.of(
            Keys.stage(COPY, "multipart", "copyMultipart", CopyStage.DEFAULT_MULTIPART,
                    "{partSize: 1GiB, parallel: 8}", "How large objects are copied: in parts (UploadPartCopy) above"
                            + " threshold, or false for one CopyObject."),
            Keys.in(COPY_MULTIPART, "threshold", "size", CopyStage.DEFAULT_MULTIPART.threshold(), "1GiB",
                    "Objects larger than this are copied in parts (CopyObject takes at most 5 GiB).")
                    .scaled(Keys.Scale.SIZE),
            Keys.in(COPY_MULTIPART, "partSize", "size", CopyStage.DEFAULT_MULTIPART.partSize(), "1GiB",
                    "Bytes per part (UploadPartCopy; at least 5 MiB).").scaled(Keys.Scale.SIZE),
            Keys.in(COPY_MULTIPART, "parallel", "count", CopyStage.DEFAULT_MULTIPART.parallel(), 4,
                    "Parts in flight per object."));
    }

    @Override
    public Optional<StageSpec> bind(StageCommon common, Fields f) {
        var stop = StopBinder.stop(f);
        var multipart = TransferBinder.copyMultipart(f, CopyStage.DEFAULT_MULTIPART);
        boolean verify = f.boolOr("verify");
        Optional<ObjectsFrom> from = ObjectsFromBinder.required(f,
                "the stage whose objects to copy, e.g. from: put-1mib");
        if (verify && from.isPresent()) {
            ObjectsFromBinder.unverifiable(f, from.get());
        }
        return from.map(source -> new CopyStage(common, source, stop, multipart, verify));
    }
}
