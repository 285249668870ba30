package io.s3workload.result;

/**
 * A crossed {@code failOn} threshold: which cell, which metric, what was measured against what limit — or a stage
 * that failed whatever its thresholds say (metric {@value #FAILURE}: what went wrong, no limit).
 */
public record Breach(String stage, String cell, String metric, String measured, String limit) {

    public static final String FAILURE = "failure";

    /** A stage that failed outright, e.g. {@code verify: true} with nothing it could verify. */
    public static Breach failure(String stage, String cell, String what) {
        return new Breach(stage, cell, FAILURE, what, "");
    }

    @Override
    public String toString() {
        return metric.equals(FAILURE) ? stage + " " + cell + ": " + measured
                : stage + " " + cell + ": " + metric + " " + measured + " > " + limit;
    }
}
