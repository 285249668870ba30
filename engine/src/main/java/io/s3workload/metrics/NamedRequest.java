package io.s3workload.metrics;

import java.util.Comparator;

/**
 * One operation a report names, so that it can be found in the server's logs: one of a cell's slowest, or one of the
 * first failures of an error class.
 *
 * @param startEpochMillis when the operation began (its first attempt), wall clock
 * @param latencyNanos     its own time, from its first attempt to its end (an open loop's lateness not included)
 * @param ttfbNanos        its time to first byte, or -1 for an operation without a body to read
 * @param commitNanos      an upload's time from its body's last byte to the answer (the server's commit), or -1
 * @param status           the HTTP status of its last request; 0 when no answer came (a refused connection)
 * @param errorClass       the error class of a failure; null for a success
 * @param requestId        the server's {@code x-amz-request-id} of its last request, or null when none was sent
 * @param id2              the server's {@code x-amz-id-2} of its last request, or null when none was sent
 */
public record NamedRequest(long startEpochMillis, long latencyNanos, long ttfbNanos, long commitNanos,
                           String endpoint, String key, int status, String errorClass, String requestId, String id2) {

    /** Slowest first; among equals, the earlier first. */
    static final Comparator<NamedRequest> SLOWEST_FIRST = Comparator
            .comparingLong(NamedRequest::latencyNanos).reversed()
            .thenComparingLong(NamedRequest::startEpochMillis);

    public boolean failed() {
        return errorClass != null;
    }
}
