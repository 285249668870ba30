package io.s3workload.report.files;

import org.HdrHistogram.Histogram;

/** One interval of an hdr log: its tag, its start and end (epoch milliseconds), its histogram. */
public record HdrInterval(String tag, long startMillis, long endMillis, Histogram histogram) {
}
