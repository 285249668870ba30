package io.s3workload.run;

/** The keys a stage wrote for one size: {@code prefix + 0 .. prefix + (count - 1)}. */
public record KeySet(String prefix, long count) {

    public String key(long index) {
        return prefix + index;
    }
}
