package io.s3workload.testing;

import io.s3workload.opslog.OpsLog;
import io.s3workload.opslog.OpsReader;
import io.s3workload.opslog.OpsRecord;
import io.s3workload.report.Reporters;
import io.s3workload.report.files.ResultsDirectory;
import io.s3workload.result.Reporter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A run's ops log, for tests that check what each operation did and when (its start against its due time, its
 * worker): what the run guarantees can be asserted from the rows whatever the machine's speed, where the cells'
 * totals over a time would measure the machine.
 */
public final class OpsRows {

    private OpsRows() {
    }

    /** The reporters that keep a run's ops log in {@code dir}. */
    public static List<Reporter> reporters(Path dir) {
        return new ArrayList<>(Reporters.create(List.of("ops"), new Reporters.Settings(System.out, false, false,
                new ResultsDirectory(Optional.of(dir)), "test")));
    }

    /** The measured rows of stage {@code stage} in the log in {@code dir} (the tool's own left out). */
    public static List<OpsRecord> of(Path dir, String stage) {
        List<OpsRecord> rows = new ArrayList<>();
        try {
            OpsReader.read(dir.resolve(OpsLog.FILE), r -> {
                if (r.stage().equals(stage) && r.own().isEmpty()) {
                    rows.add(r);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return rows;
    }
}
