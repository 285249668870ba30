package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.convergence.ConvergenceStats;
import io.s3workload.plan.Plan;
import io.s3workload.plan.Planner;
import io.s3workload.result.ConvergencePairs;
import io.s3workload.result.RunResult;
import io.s3workload.result.StageResult;
import io.s3workload.testing.Faults;
import io.s3workload.testing.Faults.Fault;
import io.s3workload.testing.Faults.Rule;
import io.s3workload.testing.HttpFront;
import io.s3workload.testing.TestS3;
import io.s3workload.workload.yaml.WorkloadLoader;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The engine against a misbehaving server: a fault-injecting front before the S3 server. Under every fault the
 * stage finishes, each operation ends as one success or one error of the right class (the counts match what was
 * injected), and no operation outlives its time limit.
 */
class FaultInjectionTest {

    private static final String OBJECT_GETS = "/faults/.*/seed/.*";
    private static TestS3 s3;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        s3.createBucket("faults");
    }

    @AfterAll
    static void stop() {
        s3.close();
    }

    /** What the measured (last) stage did, and how long it took. */
    record Outcome(StageResult stage, long wallNanos) {

        CellStats cell() {
            return stage.cells().get(0);
        }
    }

    /** Seeds 20 objects of 256 KiB directly, then runs {@code measured} against the faulty front. */
    private static Outcome run(Faults faults, String measured) throws Exception {
        try (HttpFront front = HttpFront.start(s3.endpoint(), faults)) {
            String yaml = """
                    bucket: faults
                    endpoints:
                      direct: {url: "${URL}", credentials: {accessKey: "${AK}", secretKey: "${SK}"}}
                      faulty: {url: "${FRONT}", credentials: {accessKey: "${AK}", secretKey: "${SK}"}}
                    defaults: {endpoint: direct}
                    stages:
                      - {name: seed, kind: put, size: 256KiB, objects: 20, concurrency: 4}
                    """ + measured;
            Plan plan = Planner.plan(new WorkloadLoader(Map.of("URL", s3.endpoint().toString(), "FRONT",
                    front.endpoint().toString(), "AK", s3.server().accessKey(), "SK", s3.server().secretKey()),
                    List.of(), Optional.empty(), Optional.empty()).parse("faults.yaml", yaml));
            RunResult result = new Engine(plan, List.of()).run();
            StageResult last = result.stages().get(result.stages().size() - 1);
            return new Outcome(last, last.wallNanos());
        }
    }

    private static String gets(int operations, String more) {
        return "  - {name: get, kind: get, endpoint: faulty, from: seed, operations: " + operations
                + ", concurrency: 4" + more + "}\n";
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "SLOW_DOWN, HTTP 503 SlowDown",
        "INTERNAL_ERROR, HTTP 500 InternalError",
        "FORBIDDEN, HTTP 403 AccessDenied",
        "RESET_BEFORE_RESPONSE, connection reset",
        "RESET_MID_BODY, connection reset",
        "TRUNCATED_BODY, truncated body"})
    void everyFaultIsCountedInItsClassAndEveryOperationIsAccountedFor(Fault fault, String errorClass)
            throws Exception {
        Faults faults = new Faults(7, Duration.ZERO, Rule.of("GET", OBJECT_GETS, 0.25, fault));
        CellStats cell = run(faults, gets(100, "")).cell();

        long injected = faults.injected(fault);
        assertTrue(injected >= 10, "the fixture injected " + injected);
        assertEquals(100, cell.attempted(), "every operation ends once");
        assertEquals(Map.of(errorClass, injected), cell.errorsByClass(), "one error per fault, of its class");
        assertEquals(100 - injected, cell.operations());
        assertEquals(fault == Fault.SLOW_DOWN ? injected : 0, cell.throttled());
        assertTrue(cell.examples().get(errorClass).stream().allMatch(k -> k.contains("/seed/")),
                "example keys: " + cell.examples());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"STALL_HEADERS", "STALL_BODY"})
    void aStalledResponseEndsAtTheFirstByteTimeout(Fault fault) throws Exception {
        Faults faults = new Faults(11, Duration.ofSeconds(60), Rule.of("GET", OBJECT_GETS, 0.25, fault));
        Outcome outcome = run(faults, gets(40, ", timeouts: {firstByte: 300ms}"));

        long injected = faults.injected(fault);
        assertTrue(injected >= 4, "injected " + injected);
        assertEquals(Map.of("timeout", injected), outcome.cell().errorsByClass());
        assertEquals(40, outcome.cell().attempted());
        assertTrue(outcome.wallNanos() < 30_000_000_000L, "no worker waited out a 60 s stall: "
                + outcome.wallNanos() / 1e9 + " s");
    }

    /**
     * A stage's own time limits hold though an earlier stage (with the default ones) already made the endpoint's
     * shared client: the client is shared only between stages with the same limits.
     */
    @Test
    void aStageKeepsItsOwnFirstByteTimeoutAfterAnotherMadeTheEndpointsClient() throws Exception {
        Faults faults = new Faults(29, Duration.ofSeconds(60), Rule.of("GET", OBJECT_GETS, 0.25, Fault.STALL_HEADERS));
        Outcome outcome = run(faults, "  - {name: look, kind: head, endpoint: faulty, from: seed, operations: 4,"
                + " concurrency: 2}\n" + gets(40, ", timeouts: {firstByte: 300ms}"));

        long injected = faults.injected(Fault.STALL_HEADERS);
        assertTrue(injected >= 4, "injected " + injected);
        assertEquals(Map.of("timeout", injected), outcome.cell().errorsByClass());
        assertTrue(outcome.wallNanos() < 30_000_000_000L, "no worker waited out a 60 s stall: "
                + outcome.wallNanos() / 1e9 + " s");
    }

    @Test
    void theTotalLimitEndsAnOperationWhateverItIsDoing() throws Exception {
        Faults faults = new Faults(13, Duration.ofSeconds(60), Rule.of("GET", OBJECT_GETS, 0.25, Fault.STALL_BODY));
        Outcome outcome = run(faults, gets(40, ", timeouts: {total: 400ms}"));

        long injected = faults.injected(Fault.STALL_BODY);
        assertTrue(injected >= 4, "injected " + injected);
        assertEquals(Map.of("timeout (total 400ms)", injected), outcome.cell().errorsByClass());
        assertEquals(40 - injected, outcome.cell().operations());
        assertTrue(outcome.wallNanos() < 30_000_000_000L, "no worker waited out a 60 s stall: "
                + outcome.wallNanos() / 1e9 + " s");
        assertTrue(outcome.cell().latency().getMaxValue() < 400_000_000L * 2,
                "successes are not slowed by the interrupts: max " + outcome.cell().latency().getMaxValue());
    }

    @Test
    void retriesAreCountedAndEveryInjectedFaultIsEitherRetriedOrReported() throws Exception {
        Faults faults = new Faults(17, Duration.ZERO, Rule.of("GET", OBJECT_GETS, 0.3, Fault.SLOW_DOWN));
        CellStats cell = run(faults, gets(100, ", retries: 3")).cell();

        long injected = faults.injected(Fault.SLOW_DOWN);
        assertTrue(cell.retries() > 0, "retried");
        assertEquals(injected, cell.retries() + cell.throttled(), "each 503 was retried or is the op's last word");
        assertEquals(100, cell.attempted());
        assertTrue(cell.operations() >= 95, cell.operations() + " succeeded");
    }

    @Test
    void notRetryableFailuresAreNotRetried() throws Exception {
        Faults faults = new Faults(19, Duration.ZERO, Rule.of("GET", OBJECT_GETS, 0.3, Fault.FORBIDDEN));
        CellStats cell = run(faults, gets(60, ", retries: 3")).cell();

        assertEquals(0, cell.retries());
        assertEquals(faults.injected(Fault.FORBIDDEN), cell.errors());
    }

    @Test
    void aReaderServingAWrongEtagNeverConvergesAndTheProbeStillEnds() throws Exception {
        Faults faults = new Faults(23, Duration.ZERO, Rule.of("GET", "/faults/.*/raw/.*", 1.0, Fault.WRONG_ETAG));
        Outcome outcome = run(faults, """
                  - {name: raw, kind: readAfterWrite, writers: [direct], readers: [faulty], iterations: 3,
                     pollInterval: 20ms, timeout: 300ms}
                """);

        ConvergenceStats pair = ConvergencePairs.in(outcome.stage()).get(0);
        assertEquals(3, pair.iterations());
        assertEquals(3, pair.timedOut());
        assertEquals(3, pair.stale(), "the reader answered with an ETag other than the writer's");
        assertTrue(outcome.wallNanos() < 30_000_000_000L, "the timeouts ended it: " + outcome.wallNanos() / 1e9
                + " s");
    }
}
