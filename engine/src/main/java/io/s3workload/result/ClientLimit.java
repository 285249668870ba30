package io.s3workload.result;

import io.s3workload.metrics.CellStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * When the client, not the store, may have set a cell's pace: its process kept at least {@value #SATURATED_SHARE}
 * of its cores busy, or (an open loop) more than {@value #LATE_PERCENT}% of its operations started late while their
 * worker was free (the client's clock fell behind). The run's summary names such cells in one sentence; a capacity
 * search judges its steps by the same marks. Operations late because their worker was still busy with the last
 * ({@link CellStats#capped}) are the stage's concurrency against the store's latency, not the client's limit: the
 * summary names those cells in a sentence of their own.
 */
public final class ClientLimit {

    /** The client's CPU counts as saturated at or above this share of its cores. */
    public static final double SATURATED_SHARE = 0.9;
    /** An open loop is behind its schedule when more than this share of its operations started late. */
    public static final double LATE_PERCENT = 1;

    private ClientLimit() {
    }

    /** The share of {@code cpus} cores the cell's process kept busy (NaN when its CPU was not measured). */
    public static double busyShare(CellStats cell, int cpus) {
        return cell.coresBusy() / cpus;
    }

    /** The percentage of the cell's operations that started late (0 outside an open loop). */
    public static double latePercent(CellStats cell) {
        return cell.attempted() == 0 ? 0 : 100.0 * cell.late() / cell.attempted();
    }

    /** The percentage of the cell's operations that started late with their worker still busy (capped). */
    public static double cappedPercent(CellStats cell) {
        return cell.attempted() == 0 ? 0 : 100.0 * cell.capped() / cell.attempted();
    }

    /** Why {@code cell} may have been limited by the client, if it may: {@code 1.9 of 2 cores busy}, late starts. */
    public static Optional<String> reason(CellStats cell, int cpus) {
        List<String> why = new ArrayList<>();
        double busy = busyShare(cell, cpus);
        if (busy >= SATURATED_SHARE) {
            why.add(String.format(Locale.ROOT, "%.2f of %d cores busy", Math.min(cell.coresBusy(), cpus), cpus));
        }
        double late = latePercent(cell) - cappedPercent(cell);
        if (late > LATE_PERCENT) {
            why.add(String.format(Locale.ROOT, "%.1f%% of its operations started over %d ms late%s", late,
                    CellStats.LATE_MILLIS, cell.capped() > 0 ? " with their worker free" : ""));
        }
        return why.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", why));
    }

    /**
     * The sentence for a run's end, naming every cell that may have been limited by the client (empty when none):
     * {@code serverInProcess} when the process's CPU was the embedded server's too.
     */
    public static String sentence(List<CellStats> ran, int cpus, boolean serverInProcess) {
        List<String> cells = new ArrayList<>();
        for (CellStats cell : ran) {
            reason(cell, cpus).ifPresent(why -> cells.add(cell.key().stage() + " " + cell.key().label()
                    + (cell.key().endpoint().isEmpty() ? "" : " on " + cell.key().endpoint()) + " (" + why + ")"));
        }
        if (cells.isEmpty()) {
            return "";
        }
        return "The client was near its limit in " + String.join("; ", cells) + ": there its figures may be"
                + " the client's limit, not the store's" + (serverInProcess ? " (this process ran the embedded server"
                + " too, and its CPU counts both)" : "") + ". Offer the load from more machines (docs/distributed.md),"
                + " or see where the client's time went with --profile.\n";
    }

    /**
     * The sentence for a run's end naming every open-loop cell where more than {@value #LATE_PERCENT}% of the
     * operations started late because their worker was still busy with its last (empty when none): there the
     * store's latency times the rate needed more workers than the stage had.
     */
    public static String cappedSentence(List<CellStats> ran) {
        List<String> cells = new ArrayList<>();
        for (CellStats cell : ran) {
            double capped = cappedPercent(cell);
            if (capped > LATE_PERCENT) {
                cells.add(String.format(Locale.ROOT, "%s %s%s (%.1f%% of its operations)", cell.key().stage(),
                        cell.key().label(), cell.key().endpoint().isEmpty() ? "" : " on " + cell.key().endpoint(),
                        capped));
            }
        }
        if (cells.isEmpty()) {
            return "";
        }
        return "The concurrency capped the rate in " + String.join("; ", cells) + ": those operations started over "
                + CellStats.LATE_MILLIS + " ms late because their worker was still busy with its last, the store's"
                + " latency times the rate needing more workers than the stage had. Raise concurrency to offer the"
                + " rate as asked.\n";
    }
}
