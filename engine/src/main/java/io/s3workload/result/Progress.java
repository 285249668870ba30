package io.s3workload.result;

import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.cost.ServerView;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One second of a running cell.
 *
 * @param plannedNanos the cell's planned duration, when it is duration-bound
 * @param plannedOperations the cell's operation count, when it is count-bound
 * @param interval the second's own counts and histograms
 * @param load the workers active now and, for an open loop, the rate asked for now
 * @param store what the store counted in its last scrape interval, when its endpoint names its metrics
 *              ({@code serverMetrics}) and it has answered twice
 */
public record Progress(CellKey cell, long elapsedNanos, OptionalLong plannedNanos, long operationsDone,
                       OptionalLong plannedOperations, double opsPerSecond, double bytesPerSecond, long errors,
                       CellRecorder.Interval interval, Load load,
                       Optional<ServerView.Second> store) {

    /** A second with nothing from the store. */
    public Progress(CellKey cell, long elapsedNanos, OptionalLong plannedNanos, long operationsDone,
                    OptionalLong plannedOperations, double opsPerSecond, double bytesPerSecond, long errors,
                    CellRecorder.Interval interval, Load load) {
        this(cell, elapsedNanos, plannedNanos, operationsDone, plannedOperations, opsPerSecond, bytesPerSecond, errors,
                interval, load, Optional.empty());
    }

    /**
     * The load a cell applies at a moment: its active workers (a closed-loop ramp changes them) and, for an open
     * loop, the target rate in operations per second (NaN for a closed loop).
     */
    public record Load(int workers, double targetRate) {

        public static final Load UNKNOWN = new Load(0, Double.NaN);

        public boolean openLoop() {
            return !Double.isNaN(targetRate);
        }
    }
}
