package io.s3workload.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.testing.QuickTier;
import io.s3workload.trace.formats.TraceFormat;
import io.s3workload.trace.scan.Trace;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Each trace format read from a file written after its published documentation: AWS's server access log format (two
 * of its documented example records verbatim, then records of every replayed operation in that format), a
 * CloudTrail log file (the {@code Records} envelope, S3 data events and others), MinIO's audit entries (the fields of
 * madmin-go's {@code logger/audit.Entry}) — keys with spaces, a plus and non-ASCII characters as each escapes them,
 * {@code -} for absent values, a bad line counted with its file and line.
 */
@Tag(QuickTier.TAG)
class TraceReadersTest {

    private static final Path DIR = Path.of("src", "test", "resources", "trace");

    private static List<TraceOp> read(String file, TraceFormat expected, TraceProblems problems) throws IOException {
        Path path = DIR.resolve(file);
        assertEquals(Optional.of(expected), TraceFormat.detect(path), "told from its first bytes");
        List<TraceOp> ops = new ArrayList<>();
        try (Trace trace = Trace.open(List.of(path), Optional.empty(), problems)) {
            TraceOp op;
            while ((op = trace.next()) != null) {
                ops.add(op);
            }
        }
        return ops;
    }

    private static long micros(String instant) {
        Instant t = Instant.parse(instant);
        return t.getEpochSecond() * 1_000_000 + t.getNano() / 1000;
    }

    @Test
    void anAccessLogsRecordsAreItsOperations() throws IOException {
        TraceProblems problems = new TraceProblems();
        List<TraceOp> ops = read("access-log.txt", TraceFormat.S3_ACCESS_LOG, problems);
        assertEquals(15, problems.lines());
        assertEquals(1, problems.bad());
        assertTrue(problems.examples().get(0).startsWith(DIR.resolve("access-log.txt") + ":14: "),
                problems.examples().toString());
        assertEquals(14, ops.size());
        assertNull(ops.get(0).kind());
        assertEquals("REST.GET.VERSIONING", ops.get(0).name());
        // the log's whole seconds: the two records of 00:00:38 spread over it, in the log's order
        assertEquals(micros("2019-02-06T00:00:38Z") + 250_000, ops.get(0).timeMicros());
        assertEquals(micros("2019-02-06T00:00:38Z") + 750_000, ops.get(1).timeMicros());
        assertEquals(micros("2019-02-06T00:00:39Z") + 500_000, ops.get(2).timeMicros(), "alone in its second");
        assertTrue(ops.stream().allMatch(o -> o.endMicros() == -1), "a log of whole seconds cannot say which of"
                + " one second's operations ended before another began");

        TraceOp put = ops.get(2);
        assertEquals(TraceOp.Kind.PUT, put.kind());
        assertEquals("photos/2019/my photo.jpg", put.key(), "%20 decoded");
        assertEquals(1048576, put.size());
        assertEquals(200, put.status());
        assertEquals(52_000_000, put.serverNanos(), "Total Time, ms");
        assertEquals(10_000_000, put.serverFirstByteNanos(), "Turn-Around Time, ms");

        TraceOp partial = ops.get(4);
        assertEquals(TraceOp.Kind.GET, partial.kind());
        assertEquals("docs/café menu.pdf", partial.key(), "UTF-8 percent-encoded");
        assertEquals(206, partial.status());
        assertEquals(0, partial.rangeStart());
        assertEquals(65536, partial.rangeLength(), "a partial answer: the bytes sent");

        assertEquals(TraceOp.Kind.HEAD, ops.get(5).kind());
        assertEquals(1048576, ops.get(5).size(), "a HEAD's object size");
        assertEquals(404, ops.get(6).status());
        assertTrue(ops.get(6).failed());
        assertEquals(TraceOp.Kind.LIST, ops.get(7).kind());
        assertEquals("photos/2019/", ops.get(7).prefix(), "the Request-URI's prefix=, decoded");
        assertEquals(TraceOp.Kind.MULTIPART_CREATE, ops.get(8).kind());
        TraceOp part = ops.get(9);
        assertEquals(TraceOp.Kind.MULTIPART_PART, part.kind());
        assertEquals("VXBsb2FkSUQ-example", part.uploadId());
        assertEquals(1, part.partNumber());
        assertEquals(5242880, part.size());
        assertEquals(TraceOp.Kind.MULTIPART_COMPLETE, ops.get(10).kind());
        assertEquals("VXBsb2FkSUQ-example", ops.get(10).uploadId());
        assertNull(ops.get(11).kind(), "MULTI_OBJECT_DELETE: its keys are the BATCH.DELETE.OBJECT records");
        assertEquals(TraceOp.Kind.DELETE, ops.get(12).kind());
        assertEquals("photos/2019/my photo.jpg", ops.get(12).key());
        TraceOp copy = ops.get(13);
        assertEquals(TraceOp.Kind.COPY, copy.kind());
        assertEquals("docs/copy+of menu.pdf", copy.key(), "%2B is a plus");
        assertEquals(-1, ops.get(0).serverFirstByteNanos(), "- is no value");
    }

    @Test
    void aCloudTrailFilesS3DataEventsAreItsOperations() throws IOException {
        TraceProblems problems = new TraceProblems();
        List<TraceOp> ops = read("cloudtrail.json", TraceFormat.CLOUDTRAIL, problems);
        assertEquals(8, problems.lines(), "records");
        assertEquals(1, problems.bad());
        assertTrue(problems.examples().get(0).contains("record 8") && problems.examples().get(0)
                .contains("eventTime"), problems.examples().toString());
        assertEquals(6, ops.size(), "the EC2 event passed over, the bad record counted");
        assertEquals(TraceOp.Kind.PUT, ops.get(0).kind());
        assertEquals("reports/2019 Q1.csv", ops.get(0).key());
        assertEquals(20480, ops.get(0).size(), "bytesTransferredIn");
        assertEquals(micros("2019-02-01T21:10:05Z") + 500_000, ops.get(0).timeMicros(), "mid-second");
        assertEquals(-1, ops.get(0).endMicros(), "whole seconds: the end is not known");
        assertEquals("données/café.txt", ops.get(1).key());
        assertEquals(1536, ops.get(1).size(), "bytesTransferredOut");
        assertEquals(404, ops.get(2).status(), "errorCode NoSuchKey");
        assertEquals(TraceOp.Kind.LIST, ops.get(3).kind());
        assertEquals("reports/", ops.get(3).prefix());
        assertEquals(TraceOp.Kind.DELETE_OBJECTS, ops.get(4).kind());
        assertEquals(List.of("reports/2019 Q1.csv", "données/café.txt"), ops.get(4).keys());
        assertNull(ops.get(5).kind());
        assertEquals("GetBucketAcl", ops.get(5).name());
        assertEquals(-1, ops.get(0).serverNanos(), "CloudTrail keeps no server time");
    }

    @Test
    void minioAuditEntriesAreItsOperations() throws IOException {
        TraceProblems problems = new TraceProblems();
        List<TraceOp> ops = read("minio-audit.jsonl", TraceFormat.MINIO_AUDIT, problems);
        assertEquals(9, problems.lines());
        assertEquals(1, problems.bad());
        assertTrue(problems.examples().get(0).startsWith(DIR.resolve("minio-audit.jsonl") + ":9: not JSON"),
                problems.examples().toString());
        assertEquals(7, ops.size(), "the scanner's entry (no api.name) passed over");
        TraceOp put = ops.get(0);
        assertEquals(TraceOp.Kind.PUT, put.kind());
        assertEquals("logs/day 1/ünïcode.bin", put.key());
        assertEquals(4096, put.size());
        assertEquals(1_500_000, put.serverNanos(), "timeToResponseInNS");
        // MinIO makes an entry once it has answered: the entry's time is the end, the start timeToResponse before
        assertEquals(micros("2026-11-27T05:30:00.123456Z"), put.endMicros(), "to the microsecond");
        assertEquals(micros("2026-11-27T05:30:00.123456Z") - 1_500, put.timeMicros(), "begun 1.5 ms before");
        TraceOp get = ops.get(1);
        assertEquals(1024, get.rangeStart());
        assertEquals(1024, get.rangeLength());
        assertEquals(420_500, get.serverFirstByteNanos(), "timeToFirstByte as a Go duration");
        assertEquals(812_000, get.serverNanos());
        assertEquals("logs/", ops.get(2).prefix());
        assertEquals(List.of("a.bin", "b c.bin"), ops.get(3).keys());
        assertNull(ops.get(3).key(), "the batch's \"object\" (one of its objects, as MinIO writes it) is no key");
        assertEquals(404, ops.get(4).status());
        TraceOp part = ops.get(5);
        assertEquals(5242880, part.size(), "the decoded length, not the chunked body's");
        assertEquals("2a0e6c2b-upload", part.uploadId());
        assertEquals(2, part.partNumber());
        assertNull(ops.get(6).kind());
        assertEquals("ListBuckets", ops.get(6).name());
    }

    @Test
    void filesAreMergedInTimeOrder(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        java.nio.file.Files.writeString(dir.resolve("a.jsonl"),
                "{\"time\":\"2026-01-01T00:00:01Z\",\"api\":{\"name\":\"GetObject\",\"object\":\"a1\"}}\n"
                + "{\"time\":\"2026-01-01T00:00:03Z\",\"api\":{\"name\":\"GetObject\",\"object\":\"a3\"}}\n");
        java.nio.file.Files.writeString(dir.resolve("b.jsonl"),
                "{\"time\":\"2026-01-01T00:00:02Z\",\"api\":{\"name\":\"GetObject\",\"object\":\"b2\"}}\n"
                + "{\"time\":\"2026-01-01T00:00:03Z\",\"api\":{\"name\":\"GetObject\",\"object\":\"b3\"}}\n");
        List<String> keys = new ArrayList<>();
        try (Trace trace = Trace.open(Trace.files(List.of(dir)), Optional.empty(), new TraceProblems())) {
            TraceOp op;
            while ((op = trace.next()) != null) {
                keys.add(op.key());
            }
        }
        assertEquals(List.of("a1", "b2", "a3", "b3"), keys, "by time, ties in file order");
    }
}
