package io.s3workload.kinds.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.history.Anomaly;
import io.s3workload.history.CheckResult;
import io.s3workload.history.History;
import io.s3workload.history.HistoryReader;
import io.s3workload.history.HistoryWriter;
import io.s3workload.history.Model;
import io.s3workload.history.Op;
import io.s3workload.result.RunResult;
import io.s3workload.run.Engine;
import io.s3workload.testing.HttpFront;
import io.s3workload.testing.TestS3;
import java.io.BufferedReader;
import java.io.StringReader;
import java.io.StringWriter;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code kind: history} against the in-process server, directly (its history checks ok) and through fronts that each
 * break one promise the way stores and emulators have been found to (docs/consistency.md): the checker must name
 * that class of anomaly and no other, with a witness holding an operation the front tampered with.
 */
class HistoryStageTest {

    private static TestS3 s3;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        s3.createBucket("hist");
    }

    @AfterAll
    static void stop() {
        s3.close();
    }

    private static HistoryCheck run(URI endpoint, String ops, int keys, int operations, int workers) throws Exception {
        RunResult result = new Engine(s3.plan("""
                bucket: hist
                stages:
                  - {name: h, kind: history, concurrency: %d, keys: %d, size: 256B, operations: %d, ops: %s}
                """.formatted(workers, keys, operations, ops), s3.server().accessKey(), s3.server().secretKey(),
                endpoint.toString()), List.of()).run();
        return result.stages().get(0).outcome(HistoryCheck.TYPE).orElseThrow();
    }

    private static List<Anomaly.Kind> kinds(CheckResult result) {
        return result.classes().stream().map(CheckResult.AnomalyClass::kind).toList();
    }

    /**
     * One worker's history against the in-process server checks ok. (With several, S3Proxy's own races show: it
     * lists its writes' temporary files and now and then answers a GET with one write's bytes under another's ETag;
     * docs/compatibility.md. A store that keeps every promise under concurrency is checked by src/e2e.)
     */
    @Test
    void oneWorkersHistoryChecksOkAndItsHistoryFileChecksTheSame() throws Exception {
        HistoryCheck check = run(s3.endpoint(), "{get: 4, put: 2, putIfMatch: 2, putIfNoneMatch: 1, delete: 1,"
                + " list: 1}", 4, 1500, 1);
        CheckResult result = check.result();
        assertEquals(CheckResult.Verdict.OK, result.verdict(), result.toString());
        History history = check.history().orElseThrow();
        assertEquals(result.operations(), history.ops().size());
        assertTrue(result.operations() >= 1400, "1500 operations less the few left out: " + result.operations());
        assertTrue(history.ops().stream().anyMatch(o -> o.f() == Op.Fn.CAS && o.outcome() == Op.Outcome.OK));
        assertTrue(history.ops().stream().anyMatch(o -> o.f() == Op.Fn.CREATE && o.outcome() == Op.Outcome.FAIL),
                "a create where the object is refused (412), a failure the checker weighs");
        assertTrue(history.ops().stream().anyMatch(o -> o.f() == Op.Fn.LIST && !o.listed().isEmpty()));
        assertTrue(history.ops().stream().anyMatch(o -> o.f() == Op.Fn.READ && o.value() != null
                && !o.value().startsWith("?")), "reads return writes");
        StringWriter file = new StringWriter();
        HistoryWriter.write(history, check.originNanos(), file);
        History again = HistoryReader.read("history-h.jsonl", new BufferedReader(new StringReader(file.toString())),
                Model.S3);
        assertEquals(history.ops().size(), again.ops().size());
        assertEquals(CheckResult.Verdict.OK, io.s3workload.history.HistoryChecker.check(again,
                java.time.Duration.ofSeconds(10)).verdict());
    }

    /**
     * A front that tampers with some answers, noting when (the monotonic clock) each tampered answer was sent. What
     * it tampers with is counted in operations, never in time (a window of 300 ms after a write held a read on a
     * fast machine and none on a slow one): the next read of a key after it changed, the next listing.
     */
    private abstract static class Tampering implements HttpFront.Interceptor {
        final List<Long> tampered = new CopyOnWriteArrayList<>();
        /** Per key, the bodies and ETags of its writes the store acknowledged, in order. */
        final Map<String, List<Version>> versions = new ConcurrentHashMap<>();
        /** The keys changed since a read (or a listing) last took them. */
        final Map<String, Boolean> changed = new ConcurrentHashMap<>();

        record Version(byte[] body, String etag) {
        }

        static boolean isGet(HttpFront.Request r) {
            return r.method().equals("GET") && r.key().isPresent();
        }

        @Override
        public HttpFront.Response after(HttpFront.Request request, HttpFront.Response upstream) {
            if (request.key().isPresent() && request.method().equals("PUT") && upstream.status() == 200) {
                versions.computeIfAbsent(request.key().get(), k -> new CopyOnWriteArrayList<>())
                        .add(new Version(request.body(), upstream.header("ETag").orElse("")));
                changed.put(request.key().get(), true);
            }
            if (request.key().isPresent() && request.method().equals("DELETE") && upstream.status() / 100 == 2) {
                changed.put(request.key().get(), true);
            }
            HttpFront.Response response = tamper(request, upstream);
            if (response != upstream) {
                tampered.add(System.nanoTime());
            }
            return response;
        }

        abstract HttpFront.Response tamper(HttpFront.Request request, HttpFront.Response upstream);

        /** Whether {@code key} changed since this was last asked of it. */
        boolean takeChanged(String key) {
            return changed.remove(key) != null;
        }

        static HttpFront.Response serve(HttpFront.Response upstream, Version v) {
            return new HttpFront.Response(200, "OK", upstream.headers(), v.body()).withHeader("ETag", v.etag());
        }
    }

    /** Serves a key's previous write to the first read after an overwrite (a follower behind: VaultS3 #37). */
    private static final class StaleReads extends Tampering {
        @Override
        HttpFront.Response tamper(HttpFront.Request request, HttpFront.Response upstream) {
            if (isGet(request) && upstream.status() == 200 && takeChanged(request.key().get())) {
                List<Version> v = versions.getOrDefault(request.key().get(), List.of());
                if (v.size() >= 2) {
                    return serve(upstream, v.get(v.size() - 2));
                }
            }
            return upstream;
        }
    }

    /** Serves a deleted key's last write to the first read after the delete (minio #21462: deleted objects reappear). */
    private static final class Resurrects extends Tampering {
        @Override
        HttpFront.Response tamper(HttpFront.Request request, HttpFront.Response upstream) {
            if (isGet(request) && upstream.status() == 404 && takeChanged(request.key().get())) {
                List<Version> v = versions.getOrDefault(request.key().get(), List.of());
                if (!v.isEmpty()) {
                    return serve(upstream, v.get(v.size() - 1));
                }
            }
            return upstream;
        }
    }

    /** Every fifth read: the first half of the object and the second half of an earlier write (floci #2874). */
    private static final class SplicesBodies extends Tampering {
        private final java.util.concurrent.atomic.AtomicInteger reads = new java.util.concurrent.atomic.AtomicInteger();

        @Override
        HttpFront.Response tamper(HttpFront.Request request, HttpFront.Response upstream) {
            if (isGet(request) && upstream.status() == 200 && reads.incrementAndGet() % 5 == 0) {
                List<Version> v = versions.getOrDefault(request.key().get(), List.of());
                byte[] body = upstream.body();
                for (Version other : v) {
                    if (other.body().length == body.length && !java.util.Arrays.equals(other.body(), body)) {
                        byte[] spliced = body.clone();
                        System.arraycopy(other.body(), body.length / 2, spliced, body.length / 2,
                                body.length - body.length / 2);
                        return upstream.withBody(spliced);
                    }
                }
            }
            return upstream;
        }
    }

    /** Leaves the keys written since the last listing out of the next one (a lagging index). */
    private static final class OmitsFromLists extends Tampering {
        @Override
        HttpFront.Response tamper(HttpFront.Request request, HttpFront.Response upstream) {
            if (request.method().equals("GET") && request.key().isEmpty() && request.query().contains("list-type")
                    && upstream.status() == 200) {
                String xml = new String(upstream.body(), java.nio.charset.StandardCharsets.UTF_8);
                String kept = java.util.regex.Pattern.compile("<Contents>.*?</Contents>").matcher(xml)
                        .replaceAll(m -> {
                            java.util.regex.Matcher key = java.util.regex.Pattern.compile("<Key>([^<]*)</Key>")
                                    .matcher(m.group());
                            return key.find() && takeChanged(key.group(1)) ? "" : java.util.regex.Matcher
                                    .quoteReplacement(m.group());
                        });
                if (!kept.equals(xml)) {
                    return upstream.withBody(kept.getBytes(java.nio.charset.StandardCharsets.UTF_8));
                }
            }
            return upstream;
        }
    }

    /**
     * Writes a PUT with one condition as a plain one, the condition (If-Match or If-None-Match) ignored (mountx #19: "two owners at the
     * same epoch every time"; localstack #13294: concurrent If-Match writes both succeeded). The front cannot drop
     * the header from a signed request, so it makes the write itself, unconditionally, and answers with its ETag.
     */
    private static final class IgnoresCondition extends Tampering {
        private final String header;

        IgnoresCondition(String header) {
            this.header = header;
        }

        @Override
        public HttpFront.Response before(HttpFront.Request request) {
            boolean conditional = request.method().equals("PUT") && request.key().isPresent() && request.headers()
                    .stream().anyMatch(h -> h.name().equalsIgnoreCase(header));
            if (!conditional) {
                return null;
            }
            String bucket = request.path().substring(1, request.path().indexOf('/', 1));
            String etag = s3.putBytes(bucket, request.key().get(), request.body());
            tampered.add(System.nanoTime());
            return new HttpFront.Response(200, "OK", List.of(new HttpFront.Header("ETag", etag)), new byte[0]);
        }

        @Override
        HttpFront.Response tamper(HttpFront.Request request, HttpFront.Response upstream) {
            return upstream;
        }
    }

    private record Fixture(String name, Tampering front, String ops, Anomaly.Kind expected) {
    }

    @Test
    void eachBrokenPromiseIsNamedAloneWithATamperedOperationInItsWitness() throws Exception {
        List<Fixture> fixtures = List.of(
                new Fixture("stale reads", new StaleReads(), "{get: 3, put: 1}", Anomaly.Kind.STALE_READ),
                new Fixture("resurrection", new Resurrects(), "{get: 3, put: 1, delete: 1}",
                        Anomaly.Kind.RESURRECTION),
                new Fixture("torn reads", new SplicesBodies(), "{get: 2, put: 1}", Anomaly.Kind.TORN_READ),
                new Fixture("list omission", new OmitsFromLists(), "{put: 1, list: 2}", Anomaly.Kind.LIST_OMISSION),
                new Fixture("If-None-Match ignored", new IgnoresCondition("If-None-Match"),
                        "{get: 1, putIfNoneMatch: 1}", Anomaly.Kind.DOUBLE_CREATE),
                // a worker's If-Match write is a create (If-None-Match, kept) until it has read the key
                new Fixture("If-Match ignored", new IgnoresCondition("If-Match"), "{get: 1, putIfMatch: 2}",
                        Anomaly.Kind.LOST_UPDATE));
        for (Fixture f : fixtures) {
            try (HttpFront front = HttpFront.start(s3.endpoint(), f.front())) {
                // one worker: the in-process server's own races (several workers) stay out of it
                CheckResult result = run(front.endpoint(), f.ops(), 2, 400, 1).result();
                assertEquals(List.of(f.expected()), kinds(result), f.name() + ": " + result);
                List<Long> times = f.front().tampered;
                for (Anomaly witness : result.classes().get(0).first()) {
                    assertTrue(witness.witness().stream().anyMatch(op -> times.stream().anyMatch(
                            t -> op.invoked() <= t && t <= op.completed())), f.name() + ": a tampered operation in "
                            + witness);
                }
            }
        }
    }

    /**
     * Through a front that resets the connection after the store applied a write (the answer lost), fails other
     * writes with 500 before they reach it, and resets reads in the middle of the body: every such write is recorded
     * indeterminate (the checker lets it take effect or not: the lost answers did, the 500s did not), the broken
     * reads are left out, and the history still checks ok. A stage's errors are the faults put on its requests.
     */
    @Test
    void writesWhoseOutcomeIsUnknownAreIndeterminateAndTheHistoryStillChecks() throws Exception {
        io.s3workload.testing.Faults faults = new io.s3workload.testing.Faults(7, java.time.Duration.ZERO,
                io.s3workload.testing.Faults.Rule.of("PUT", "/hist/.+", 0.05,
                        io.s3workload.testing.Faults.Fault.LOST_RESPONSE),
                io.s3workload.testing.Faults.Rule.of("PUT", "/hist/.+", 0.05,
                        io.s3workload.testing.Faults.Fault.INTERNAL_ERROR),
                io.s3workload.testing.Faults.Rule.of("DELETE", "/hist/.+", 0.1,
                        io.s3workload.testing.Faults.Fault.LOST_RESPONSE),
                io.s3workload.testing.Faults.Rule.of("GET", "/hist/.+", 0.05,
                        io.s3workload.testing.Faults.Fault.RESET_MID_BODY));
        HistoryCheck check;
        try (HttpFront front = HttpFront.start(s3.endpoint(), faults)) {
            check = run(front.endpoint(), "{get: 3, put: 1, putIfMatch: 2, putIfNoneMatch: 1, delete: 1, list: 1}", 3,
                    1000, 1);
        }
        CheckResult result = check.result();
        assertEquals(CheckResult.Verdict.OK, result.verdict(), result.toString());
        List<Op> ops = check.history().orElseThrow().ops();
        long indeterminate = ops.stream().filter(o -> o.outcome() == Op.Outcome.INFO).count();
        long writesFaulted = faults.injected(io.s3workload.testing.Faults.Fault.LOST_RESPONSE)
                + faults.injected(io.s3workload.testing.Faults.Fault.INTERNAL_ERROR);
        assertTrue(indeterminate >= 20, "about 50 of ~400 writes and deletes: " + indeterminate);
        assertTrue(indeterminate <= writesFaulted, indeterminate + " indeterminate, " + writesFaulted + " faults");
        assertTrue(ops.stream().noneMatch(o -> o.f() == Op.Fn.READ && o.value() != null && o.value().startsWith("?")),
                "a read reset mid-body is left out, never taken for a torn read");
        assertTrue(result.processes() > indeterminate, "a new process after each indeterminate operation");
    }

    /**
     * One history over a primary and a replica that shows the primary's writes 2 s late (replication lag made
     * real): the worker on the replica reads nothing where the worker on the primary had created the key, and the
     * check names stale reads, each witness a create through one endpoint and a read through the other. (Creates
     * only: a key once there stays as it is, so the replica never serves an overwrite, whose bytes it cannot hold
     * back.)
     */
    @Test
    void aHistoryAcrossALaggingReplicaShowsItsStaleReads() throws Exception {
        try (io.s3workload.testing.ReplicationLag lag = new io.s3workload.testing.ReplicationLag(s3.endpoint())) {
            String endpoint = "{url: \"%s\", credentials: {accessKey: \"${AK}\", secretKey: \"${SK}\"}}";
            String yaml = "endpoints:\n"
                    + "  primary: " + endpoint.formatted(lag.primary()) + "\n"
                    + "  replica: " + endpoint.formatted(lag.replica(java.time.Duration.ofSeconds(2))) + "\n"
                    + "bucket: hist\n"
                    + "stages:\n"
                    + "  - {name: h, kind: history, endpoints: [primary, replica], concurrency: 2, keys: 64,"
                    + " size: 256B, operations: 600, ops: {get: 3, putIfNoneMatch: 1}}\n";
            io.s3workload.plan.Plan plan = io.s3workload.plan.Planner.plan(new io.s3workload.workload.yaml.WorkloadLoader(
                    Map.of("AK", s3.server().accessKey(), "SK", s3.server().secretKey()), List.of(),
                    java.util.Optional.empty(), java.util.Optional.empty()).parse("lag.yaml", yaml));
            HistoryCheck check = new Engine(plan, List.of()).run().stages().get(0).outcome(HistoryCheck.TYPE).orElseThrow();
            CheckResult result = check.result();
            assertEquals(List.of(Anomaly.Kind.STALE_READ), kinds(result), result.toString());
            for (Anomaly a : result.classes().get(0).first()) {
                assertEquals(2, a.witness().stream().map(Op::process).distinct().count(), "two workers: " + a);
                assertTrue(a.witness().stream().anyMatch(o -> o.f() == Op.Fn.CREATE && o.outcome() == Op.Outcome.OK)
                        && a.witness().stream().anyMatch(o -> o.f() == Op.Fn.READ && o.value() == null), a.toString());
            }
        }
    }

    /**
     * What summary.json keeps of a check is enough to show it again ({@code s3workload report}, {@code merge}): the
     * finding's tables from the file are the run's, and two shards' checks add up.
     */
    @Test
    void theCheckSurvivesSummaryJsonAndShardsAddUp(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        HistoryCheck check;
        try (HttpFront front = HttpFront.start(s3.endpoint(), new StaleReads())) {
            check = run(front.endpoint(), "{get: 3, put: 1}", 2, 300, 1);
        }
        assertEquals(CheckResult.Verdict.ANOMALIES, check.result().verdict());
        java.nio.file.Path file = dir.resolve("summary.json");
        io.s3workload.result.Summary.History kept = check.kept();
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        java.nio.file.Files.writeString(file, json.writeValueAsString(kept));
        HistoryCheck again = HistoryCheck.read(json.readValue(file.toFile(),
                io.s3workload.result.Summary.History.class));
        assertEquals(text(new HistoryFinding("h", check)),
                text(new HistoryFinding("h", again)));
        HistoryCheck both = HistoryCheck.sum(List.of(again, again));
        assertEquals(2 * check.result().operations(), both.result().operations());
        assertEquals(2 * check.result().anomalies(), both.result().anomalies());
        assertEquals(CheckResult.Verdict.ANOMALIES, both.result().verdict());
        assertEquals(kinds(check.result()), kinds(both.result()));
    }

    /** A finding's tables as a reader sees them: every value, times to the microsecond. */
    private static String text(io.s3workload.result.Finding finding) {
        StringBuilder b = new StringBuilder();
        for (io.s3workload.result.ResultTable t : finding.tables()) {
            b.append(t.kind()).append(": ").append(t.caption()).append('\n');
            for (List<Object> row : t.rows()) {
                for (Object v : row) {
                    b.append(v instanceof Double d ? String.format(java.util.Locale.ROOT, "%.3f", d) : String.valueOf(v))
                            .append(" | ");
                }
                b.append('\n');
            }
        }
        return b.toString();
    }
}