package io.s3workload.workload.yaml;

import java.util.Set;

/**
 * A type of the JSON Schema's {@code $defs} that only one kind's keys take ({@link StageBinder#types()}), named by the
 * kind and written by {@link WorkloadSchema}: a mapping of keys the kind describes, one of a few words, a text or a
 * list of them, a number above 0.
 */
public sealed interface SchemaType {

    /** A mapping of the keys written in {@code context}. */
    record Mapping(Keys.Context context) implements SchemaType {
    }

    /** One of {@code words}. */
    record Choice(Set<String> words) implements SchemaType {

        public Choice {
            words = Set.copyOf(words);
        }
    }

    /** A text, or a list of texts. */
    record Texts() implements SchemaType {
    }

    /** A number above 0. */
    record Positive() implements SchemaType {
    }
}
