package io.s3workload.workload;

/**
 * The large objects a range-read stage reads from: {@code count} objects of {@code size}. With {@code reuse}
 * they live under {@code <prefix>/sources/<size>/} outside any run, survive cleanup, and later runs reuse them
 * when they exist at the right size; otherwise they are written under the run prefix and removed with it.
 */
public record Sources(int count, DataSize size, boolean reuse) {
}
