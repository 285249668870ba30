package io.s3workload.kinds.history;

import io.s3workload.history.Op;
import io.s3workload.kinds.history.HistoryStage.HistoryOp;
import io.s3workload.run.loop.OpRecorder;
import io.s3workload.run.loop.WorkerState;
import io.s3workload.s3.ErrorClassifier;
import io.s3workload.s3.StoreException;
import io.s3workload.s3.data.ObjectWrite;
import io.s3workload.s3.data.ReadTiming;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * One worker of a history stage as the history's process: runs an operation on one of the stage's keys, chosen at
 * random, and records it as invoked and completed (on the monotonic clock) with its outcome. A write whose outcome
 * is unknown (a timeout, a reset, a 5xx or a throttle: the store may have applied it) is recorded indeterminate and
 * the worker goes on as a new process, as Jepsen's do; one the store refused with a 4xx took no effect and is left
 * out, but a conditional write refused with 412 (or, If-Match on a missing key, 404) is a failure the checker
 * weighs: its condition did not hold. A write or delete the client library had already sent once (the CRT repeats
 * requests on its own) is indeterminate whatever its last answer: the earlier attempt may have taken effect. A read
 * that failed observed nothing and is left out; one that found nothing (404) returned nothing.
 */
final class HistoryProcess {

    private final int worker;
    private final String prefix;
    private final int keys;
    private final HistoryWrites writes;
    private final HistoryWrites.Match match;
    private final List<Op> ops = new ArrayList<>();
    /** Per key, the ETag and value this process last read (null: none, or nothing there). */
    private final String[] etags;
    private final String[] values;
    /** How many processes it has been: one more after each indeterminate write. */
    private int generation;
    private long writesMade;

    HistoryProcess(int worker, String prefix, int keys, HistoryWrites writes) {
        this.worker = worker;
        this.prefix = prefix;
        this.keys = keys;
        this.writes = writes;
        this.match = writes.new Match();
        this.etags = new String[keys];
        this.values = new String[keys];
    }

    /** The request an operation's cell measures. */
    static io.s3workload.metrics.Op request(HistoryOp op) {
        return switch (op) {
            case GET -> io.s3workload.metrics.Op.GET;
            case PUT, PUT_IF_MATCH, PUT_IF_NONE_MATCH -> io.s3workload.metrics.Op.PUT;
            case DELETE -> io.s3workload.metrics.Op.DELETE;
            case LIST -> io.s3workload.metrics.Op.LIST;
        };
    }

    List<Op> ops() {
        return ops;
    }

    int processes() {
        return generation + 1;
    }

    void run(HistoryOp op, WorkerState worker, OpRecorder recorder) {
        int key = worker.random().nextInt(keys);
        switch (op) {
            case GET -> read(key, worker, recorder);
            case PUT -> write(key, Op.Fn.WRITE, worker, recorder);
            case PUT_IF_MATCH -> write(key, etags[key] != null && values[key] != null ? Op.Fn.CAS : Op.Fn.CREATE,
                    worker, recorder);
            case PUT_IF_NONE_MATCH -> write(key, Op.Fn.CREATE, worker, recorder);
            case DELETE -> delete(key, worker, recorder);
            case LIST -> list(worker, recorder);
        }
    }

    private void read(int key, WorkerState worker, OpRecorder recorder) {
        ReadTiming timing = worker.timing();
        timing.expect(match.reset());
        long invoked = System.nanoTime();
        try {
            worker.store().get(prefix + key, worker.readBuffer(), timing);
        } catch (StoreException e) {
            if (e.kind() != StoreException.Kind.NOT_FOUND) {
                throw e; // observed nothing: left out, counted by the cell
            }
            long completed = System.nanoTime();
            record(Op.Fn.READ, key, null, null, Op.Outcome.OK, invoked, completed);
            etags[key] = null;
            values[key] = null;
            recorder.success(completed - invoked, 0);
            return;
        } finally {
            timing.expect(null);
        }
        long completed = System.nanoTime();
        HistoryWrites.Written found = match.found();
        String value;
        if (found == null) {
            value = "?unknown bytes"; // no write's: a phantom
        } else if (timing.mismatchAt() >= 0) {
            value = "?torn: " + found.id + " then other bytes at byte " + timing.mismatchAt();
        } else if (found.etag != null && timing.etag() != null && !sameEtag(found.etag, timing.etag())) {
            value = "?torn: " + found.id + "'s bytes under another write's ETag";
        } else {
            value = found.id;
        }
        record(Op.Fn.READ, key, value, null, Op.Outcome.OK, invoked, completed);
        etags[key] = timing.etag();
        values[key] = value.startsWith("?") ? null : value;
        recorder.read(prefix + key, completed - invoked, invoked, timing);
    }

    private void write(int key, Op.Fn f, WorkerState worker, OpRecorder recorder) {
        String id = "w" + worker.index() + "-" + writesMade++;
        HistoryWrites.Written written = writes.write(id);
        String expected = f == Op.Fn.CAS ? values[key] : null;
        ObjectWrite condition = switch (f) {
            case CAS -> ObjectWrite.NONE.when(ObjectWrite.ifMatch(etags[key]));
            case CREATE -> ObjectWrite.NONE.when(ObjectWrite.IF_NONE_MATCH);
            default -> ObjectWrite.NONE;
        };
        long invoked = System.nanoTime();
        try {
            String etag = worker.store().put(prefix + key, written.body, condition);
            long completed = System.nanoTime();
            written.etag = etag;
            record(f, key, id, expected, Op.Outcome.OK, invoked, completed);
            recorder.success(completed - invoked, written.body.length());
        } catch (StoreException e) {
            long completed = System.nanoTime();
            // If-Match on a missing key is answered 404 NoSuchKey (S3; arrow-rs #6801): its condition failed too
            boolean conditionFailed = e.errorClass().startsWith(ErrorClassifier.PRECONDITION_FAILED)
                    || f == Op.Fn.CAS && e.kind() == StoreException.Kind.NOT_FOUND;
            // ...unless the client library had sent it before (the CRT repeats on its own): that attempt may have
            // taken effect, and the condition then failed against it
            if (f != Op.Fn.WRITE && conditionFailed && e.hiddenRetries() == 0) {
                record(f, key, id, expected, Op.Outcome.FAIL, invoked, completed);
                recorder.success(completed - invoked, 0); // the store answered as it should: its condition failed
                return;
            }
            if (!refused(e) || e.hiddenRetries() > 0) {
                indeterminate(f, key, id, expected, invoked);
            }
            throw e;
        }
    }

    private void delete(int key, WorkerState worker, OpRecorder recorder) {
        long invoked = System.nanoTime();
        try {
            worker.store().delete(prefix + key);
        } catch (StoreException e) {
            if (!refused(e) || e.hiddenRetries() > 0) {
                indeterminate(Op.Fn.DELETE, key, null, null, invoked);
            }
            throw e;
        }
        long completed = System.nanoTime();
        record(Op.Fn.DELETE, key, null, null, Op.Outcome.OK, invoked, completed);
        recorder.success(completed - invoked, 0);
    }

    private void list(WorkerState worker, OpRecorder recorder) {
        long invoked = System.nanoTime();
        List<String> listed = worker.store().bucketWide().listPage(prefix, null, HistoryStage
                .MOST_KEYS).keys(); // a failure observed nothing: left out
        long completed = System.nanoTime();
        Set<String> names = new LinkedHashSet<>();
        for (String k : listed) {
            names.add(k.startsWith(prefix) ? k.substring(prefix.length()) : k);
        }
        ops.add(new Op(0, ops.size() + 1, process(), Op.Fn.LIST, null, null, null, Op.Outcome.OK, invoked, completed,
                names));
        recorder.success(completed - invoked, 0);
        recorder.items(names.size());
    }

    private void record(Op.Fn f, int key, String value, String expected, Op.Outcome outcome, long invoked,
                        long completed) {
        ops.add(new Op(0, ops.size() + 1, process(), f, Integer.toString(key), value, expected, outcome, invoked,
                completed, Set.of()));
    }

    /** A write that may or may not have taken effect: recorded so, and the worker goes on as a new process. */
    private void indeterminate(Op.Fn f, int key, String value, String expected, long invoked) {
        record(f, key, value, expected, Op.Outcome.INFO, invoked, Long.MAX_VALUE);
        generation++;
    }

    private String process() {
        return generation == 0 ? Integer.toString(worker) : worker + "." + generation;
    }

    /**
     * Whether the store refused a request for good, so that it took no effect: a 4xx (but a timeout's 408 or a
     * throttle's 429), a refused connection, bad credentials or a missing bucket.
     */
    static boolean refused(StoreException e) {
        return switch (e.kind()) {
            case UNREACHABLE, AUTH, NO_CREDENTIALS, NO_BUCKET, NOT_FOUND, NOT_SUPPORTED -> true;
            case HTTP -> e.errorClass().matches("HTTP 4\\d\\d.*") && !e.errorClass().startsWith("HTTP 408")
                    && !e.errorClass().startsWith("HTTP 429");
            case THROTTLED, TIMEOUT, CLIENT -> false;
        };
    }

    private static boolean sameEtag(String a, String b) {
        return strip(a).equals(strip(b));
    }

    private static String strip(String etag) {
        return etag.length() >= 2 && etag.startsWith("\"") && etag.endsWith("\"") ? etag.substring(1, etag.length() - 1)
                : etag;
    }
}
