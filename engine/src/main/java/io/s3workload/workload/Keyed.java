package io.s3workload.workload;

/** A constant spelled in YAML its own way ({@code stopDependants}), not as its name in lower case with hyphens. */
public interface Keyed {

    String key();
}
