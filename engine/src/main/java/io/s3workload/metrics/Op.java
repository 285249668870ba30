package io.s3workload.metrics;

/** The kinds of request a cell measures. */
public enum Op {
    PUT, GET, DELETE, HEAD, LIST, RANGE_GET, HEAD_BUCKET,
    /** One part of a multipart upload (UploadPart), measured on its own ({@code measureParts}). */
    UPLOAD_PART,
    /** An append to an object (a PUT with {@code x-amz-write-offset-bytes}). */
    APPEND,
    /** A server-side copy (CopyObject, or the parts of a multipart copy); its bytes are those copied. */
    COPY,
    /** A plain HTTP GET of a URL, unsigned, redirects followed. */
    HTTP_GET,
    /** A replayed CreateMultipartUpload, CompleteMultipartUpload or AbortMultipartUpload. */
    CREATE_MULTIPART, COMPLETE_MULTIPART, ABORT_MULTIPART,
    /** Every operation of a mix stage together. */
    MIX;

    /** Whether the operation moves object bytes, so that MiB/s and Gbps mean something. */
    public boolean movesData() {
        return this == PUT || this == GET || this == RANGE_GET || this == MIX || this == HTTP_GET || this == COPY
                || this == UPLOAD_PART || this == APPEND;
    }

    /** Whether its bytes cross the client's network, so that Gbps means something (a copy's stay in the server). */
    public boolean onTheWire() {
        return movesData() && this != COPY;
    }

    /** Whether a cell of this operation has an object size (a listing or a bucket check has none). */
    public boolean sized() {
        return this != LIST && this != HEAD_BUCKET && this != HTTP_GET && this != CREATE_MULTIPART
                && this != ABORT_MULTIPART;
    }

    /** As printed: {@code RANGE GET}. */
    @Override
    public String toString() {
        return name().replace('_', ' ');
    }
}
