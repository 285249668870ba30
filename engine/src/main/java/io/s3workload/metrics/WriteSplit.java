package io.s3workload.metrics;

import org.HdrHistogram.Histogram;

/**
 * Where a cell's uploads' time went, one sample per request that carried a body (a PUT, or each part of a multipart
 * upload): {@code send}, from the request's start to its body's last byte handed to the connection, and
 * {@code commit}, from that byte to the server's answer (the server storing the object). Empty (count 0) for
 * cells that send no bodies, and for the CRT client, which takes bodies into buffers of its own ahead of the socket
 * and does not say when the last byte went.
 */
public record WriteSplit(Histogram send, Histogram commit) {

    /** A split of nothing. */
    public static WriteSplit empty() {
        return new WriteSplit(CellRecorder.newHistogram(), CellRecorder.newHistogram());
    }

    public boolean isEmpty() {
        return commit.getTotalCount() == 0;
    }

    /** Both splits added up exactly. */
    public WriteSplit plus(WriteSplit other) {
        Histogram s = send.copy();
        s.add(other.send);
        Histogram c = commit.copy();
        c.add(other.commit);
        return new WriteSplit(s, c);
    }
}
