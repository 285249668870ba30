package io.s3workload.result;

/** A crossed {@code failOn} threshold: which cell, which metric, what was measured against what limit. */
public record Breach(String stage, String cell, String metric, String measured, String limit) {

    @Override
    public String toString() {
        return stage + " " + cell + ": " + metric + " " + measured + " > " + limit;
    }
}
