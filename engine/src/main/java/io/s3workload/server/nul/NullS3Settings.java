package io.s3workload.server.nul;

import io.s3workload.ground.DataSize;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What the null server answers. An object's size is taken from the key: the last path segment before the name
 * that reads as a size with a unit ({@code 1MiB}, {@code 10GiB}, as s3workload writes its keys:
 * {@code prefix/run/stage/1MiB/17}), else {@code objectSize}. Listings return {@code listKeys} synthetic keys.
 */
public record NullS3Settings(long objectSize, int listKeys) {

    private static final Pattern SIZE_WITH_UNIT = Pattern.compile("\\d+(?:\\.\\d+)?(?:[KMGT]i?B|[KMGT]|B)");

    public static final NullS3Settings DEFAULT = new NullS3Settings(1024 * 1024, 0);

    /** The size of {@code key}'s object. */
    long sizeOf(String key) {
        int end = key.lastIndexOf('/');
        while (end > 0) {
            int start = key.lastIndexOf('/', end - 1);
            String segment = key.substring(start + 1, end);
            if (SIZE_WITH_UNIT.matcher(segment).matches()) {
                Optional<DataSize> size = DataSize.parse(segment);
                if (size.isPresent()) {
                    return size.get().bytes();
                }
            }
            end = start;
        }
        return objectSize;
    }
}
