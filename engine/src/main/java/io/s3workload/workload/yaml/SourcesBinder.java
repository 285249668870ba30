package io.s3workload.workload.yaml;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.s3workload.ground.DataSize;
import io.s3workload.ground.SizeSpec;
import io.s3workload.workload.objects.Sources;
import java.util.Iterator;
import java.util.Optional;

/**
 * Reads what range-reading stages share: {@code sources: {count, size, reuse}} (their bodies made as the stage's
 * {@code data} says) and {@code chunk}.
 */
public final class SourcesBinder {

    private SourcesBinder() {
    }

    /** {@code sources}, or, with {@code from: {prefix}}, nothing: the stage reads existing objects then. */
    public static Optional<Sources> sources(Fields f, boolean existing) {
        if (existing) {
            if (f.mentions("sources")) {
                f.binding().problem(f.child("sources"), "a rangeRead reads its own sources or the existing objects"
                        + " of 'from', not both: remove one");
            }
            return Optional.empty();
        }
        return sources(f);
    }

    public static Optional<Sources> sources(Fields f) {
        Optional<Sources> sources = f.object("sources", Keys.in(Keys.Context.SOURCES), "sources, e.g. {count: 10, size: 10GiB}")
                .flatMap(s -> {
                    Optional<DataSize> size = s.size("size");
                    if (size.isEmpty() && !s.has("size")) {
                        s.binding().problem(s.pointer(), "missing 'size': how large each source object is");
                    }
                    if (size.isPresent() && size.get().bytes() == 0) {
                        s.binding().problem(s.child("size"), "must be larger than 0");
                        return Optional.empty();
                    }
                    int count = s.intOr("count", 1);
                    boolean reuse = s.boolOr("reuse");
                    return size.map(bytes -> new Sources(count, bytes, reuse, ObjectSettingsBinder.data(f)));
                });
        if (!f.mentions("sources")) {
            f.binding().problem(f.pointer(), "missing 'sources': the objects to read from, e.g. sources: {count: 10,"
                    + " size: 10GiB, reuse: true}");
        }
        return sources;
    }

    /**
     * {@code chunk} of a rangeRead: one size, or a range {@code {min, max}} of lengths drawn at random; required,
     * above zero, no larger than the sources.
     */
    public static Optional<SizeSpec> chunkRange(Fields f, Optional<Sources> sources) {
        if (!(f.raw("chunk") instanceof ObjectNode range)) {
            return chunk(f, sources).map(SizeSpec::of);
        }
        for (Iterator<String> keys = range.fieldNames(); keys.hasNext(); ) {
            String key = keys.next();
            if (!key.equals("min") && !key.equals("max")) {
                f.binding().keyProblem(LocatedTree.child(f.child("chunk"), key), "a chunk range is {min, max}:"
                        + " lengths drawn uniformly between them; '" + key + "' belongs to object sizes");
                return Optional.empty();
            }
        }
        Optional<SizeSpec> lengths = StopBinder.size(f, "chunk");
        lengths.filter(r -> r.minBytes() == 0).ifPresent(r -> f.binding().problem(f.child("chunk"),
                "min must be larger than 0"));
        if (lengths.isPresent() && sources.isPresent() && lengths.get().maxBytes() > sources.get().size().bytes()) {
            f.binding().problem(f.child("chunk"), "chunks up to " + lengths.get().maxBytes() + " bytes are larger"
                    + " than the sources (" + sources.get().size() + ")");
        }
        return lengths.filter(r -> r.minBytes() > 0);
    }

    /** {@code chunk}: required, above zero, no larger than the sources. */
    public static Optional<DataSize> chunk(Fields f, Optional<Sources> sources) {
        Optional<DataSize> chunk = f.size("chunk");
        if (!f.mentions("chunk")) {
            f.binding().problem(f.pointer(), "missing 'chunk': the size of each range read, e.g. chunk: 100MiB");
        }
        if (chunk.isPresent() && chunk.get().bytes() == 0) {
            f.binding().problem(f.child("chunk"), "must be larger than 0");
            return Optional.empty();
        }
        if (chunk.isPresent() && sources.isPresent() && chunk.get().bytes() > sources.get().size().bytes()) {
            f.binding().problem(f.child("chunk"), "a chunk of " + chunk.get() + " is larger than the sources ("
                    + sources.get().size() + ")");
        }
        return chunk;
    }
}
