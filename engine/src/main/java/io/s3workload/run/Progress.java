package io.s3workload.run;

import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
import java.util.OptionalLong;

/**
 * One second of a running cell.
 *
 * @param plannedNanos the cell's planned duration, when it is duration-bound
 * @param plannedOperations the cell's operation count, when it is count-bound
 * @param interval the second's own counts and histograms
 */
public record Progress(CellKey cell, long elapsedNanos, OptionalLong plannedNanos, long operationsDone,
                       OptionalLong plannedOperations, double opsPerSecond, double bytesPerSecond, long errors,
                       CellRecorder.Interval interval) {
}
