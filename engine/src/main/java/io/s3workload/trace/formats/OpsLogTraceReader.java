package io.s3workload.trace.formats;

import io.s3workload.opslog.OpsReader;
import io.s3workload.opslog.OpsRecord;
import io.s3workload.trace.TraceOp;
import io.s3workload.trace.TraceProblems;
import io.s3workload.trace.TraceReader;
import java.io.IOException;
import java.nio.file.Path;

/**
 * s3workload's own ops log ({@code ops.csv.zst}, docs/ops-log.md) as a trace: each measured operation's start,
 * op, key, bytes, range and status; the tool's own requests (preparation, cleanup, polls: {@code own} set) are
 * passed over, as they were not the workload. An ops log records no server time; its start and end are the client's,
 * to the microsecond.
 */
final class OpsLogTraceReader implements TraceReader {

    private final OpsReader.Rows rows;
    private final TraceProblems problems;
    private final String file;

    OpsLogTraceReader(Path file, TraceProblems problems) throws IOException {
        this.rows = OpsReader.rows(file);
        this.problems = problems;
        this.file = file.toString();
    }

    @Override
    public TraceOp next() throws IOException {
        while (true) {
            OpsRecord r;
            try {
                r = rows.next();
            } catch (IOException e) {
                if (e.getMessage() != null && e.getMessage().startsWith(file + ":")
                        && !e.getMessage().contains("cut short")) {
                    problems.line();
                    problems.bad(file + ":" + rows.line(), e.getMessage().substring(e.getMessage().indexOf(": ",
                            file.length()) + 2));
                    continue;
                }
                throw e;
            }
            if (r == null) {
                return null;
            }
            problems.line();
            if (!r.own().isEmpty()) {
                continue;
            }
            String where = file + ":" + rows.line();
            TraceOp.Kind kind = switch (r.op()) {
                case "GET" -> TraceOp.Kind.GET;
                case "PUT" -> TraceOp.Kind.PUT;
                case "HEAD" -> TraceOp.Kind.HEAD;
                case "DELETE" -> TraceOp.Kind.DELETE;
                case "LIST" -> TraceOp.Kind.LIST;
                case "COPY" -> TraceOp.Kind.COPY;
                default -> null;
            };
            int status = r.status() > 0 ? r.status() : r.failed() ? 0 : 200;
            TraceOp op = TraceOp.of(r.startUs(), kind, r.op(), r.key().isEmpty() ? null : r.key(), r.bytes(),
                    status, where).between(r.startUs(), r.endUs());
            if (!r.range().isEmpty()) {
                long[] range = Ranges.parse(r.range());
                if (range != null) {
                    op = op.withRange(range[0], range[1] < 0 ? r.bytes() : range[1]);
                }
            }
            return op;
        }
    }

    @Override
    public void close() throws IOException {
        rows.close();
    }
}
