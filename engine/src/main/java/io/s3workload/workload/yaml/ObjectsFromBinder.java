package io.s3workload.workload.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import io.s3workload.workload.objects.ObjectsFrom;
import java.util.Optional;

/**
 * Reads a reading stage's {@code from}: an earlier stage's name ({@code from: put-1mib}), or a prefix of the bucket
 * that already holds objects ({@code from: {prefix: datasets/2024/}}).
 */
public final class ObjectsFromBinder {

    private ObjectsFromBinder() {
    }

    /** {@code from} when written; a problem (and empty) when it is neither a name nor {@code {prefix: ...}}. */
    public static Optional<ObjectsFrom> from(Fields f) {
        JsonNode node = f.raw("from");
        if (node == null || node.isNull() || node.isTextual()) {
            return f.text("from").map(ObjectsFrom.Stage::new);
        }
        return Fields.of(f.binding(), f.child("from"), node, Keys.in(Keys.Context.FROM), "an earlier stage's name (from: put-1mib) or"
                + " existing objects (from: {prefix: datasets/2024/})").flatMap(ObjectsFromBinder::prefix);
    }

    /** {@code from} when written, else a problem saying what to write. */
    public static Optional<ObjectsFrom> required(Fields f, String what) {
        if (f.raw("from") == null || f.raw("from").isNull()) {
            return f.requiredText("from", what + ", or existing objects: from: {prefix: datasets/2024/}")
                    .map(ObjectsFrom.Stage::new);
        }
        return from(f);
    }

    /** {@code verify: true} over objects this run did not write: a problem, since their content is unknown. */
    public static void unverifiable(Fields f, ObjectsFrom from) {
        if (from instanceof ObjectsFrom.Prefix p) {
            f.binding().problem(f.child("verify"), "the objects under '" + p.prefix() + "' were not written by this"
                    + " run, so their content is unknown and cannot be verified; remove verify (with get,"
                    + " validateChecksum: true checks each body against the checksum the server stored)");
        }
    }

    private static Optional<ObjectsFrom> prefix(Fields p) {
        Optional<String> prefix = p.requiredText("prefix", "the prefix of the objects to read, from the bucket's"
                + " root, e.g. prefix: datasets/2024/");
        String at = p.child("prefix");
        if (prefix.isPresent() && prefix.get().isEmpty()) {
            p.binding().problem(at, "an empty prefix would read the whole bucket; name the prefix to read, e.g."
                    + " datasets/2024/");
            return Optional.empty();
        }
        if (prefix.isPresent() && prefix.get().startsWith("/")) {
            p.binding().problem(at, "a prefix starts at the bucket's root without a leading '/': "
                    + prefix.get().replaceFirst("^/+", ""));
            return Optional.empty();
        }
        return prefix.map(text -> new ObjectsFrom.Prefix(text, p.binding().tree().valueLocation(at).toString()));
    }
}
