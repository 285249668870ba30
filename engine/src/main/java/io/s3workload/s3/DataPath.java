package io.s3workload.s3;

import io.s3workload.s3.data.ObjectWrite;
import io.s3workload.s3.data.Payload;
import io.s3workload.s3.data.ReadTiming;
import java.util.Map;
import java.util.Optional;

/**
 * The hot operations of one client on one bucket of one endpoint: what a load measures, and all a client must do
 * itself. Each client implements it ({@link HttpDataPath}, {@link SdkStore}, {@link CrtDataPath}); the rest of the
 * requests (bucket checks, multipart administration, copies, versions, listings, batch deletes) are the SDK's, once,
 * and {@link ObjectStore} joins the two. Implementations are thread-safe and throw {@link StoreException} for every
 * failure.
 */
public interface DataPath extends AutoCloseable {

    /** The endpoint's name in the workload. */
    String endpointName();

    /** Uploads {@code body} in one request with what {@code write} adds; returns the ETag. */
    String put(String key, Payload.Body body, ObjectWrite write);

    /** Uploads part {@code partNumber} (from 1) with its {@code checksum} header (empty: none); returns its ETag. */
    String uploadPart(String key, String uploadId, int partNumber, Payload.Body body, Map<String, String> checksum);

    /**
     * Reads the whole object into {@code buffer} (overwritten, never grown), filling {@code timing} (the ETag
     * included).
     */
    void get(String key, byte[] buffer, ReadTiming timing);

    /** Reads bytes {@code [start, start + length)} of the object, as {@link #get} does. */
    void getRange(String key, long start, long length, byte[] buffer, ReadTiming timing);

    /** HeadObject; empty when there is no such object. */
    Optional<ObjectStore.ObjectInfo> head(String key);

    void delete(String key);

    /**
     * This path, adding {@code added} to every request (a view, such as SSE-C's: it need not know what the headers
     * are); closing it closes this one when {@code owning}, else nothing.
     */
    DataPath withHeaders(RequestHeaders added, boolean owning);

    /**
     * Sends one unmeasured request where this path has a client of its own to set up, so that its start is not in
     * the first measured operation (the CRT's native client); nothing where the SDK's first request does that.
     */
    default void prime() {
    }

    @Override
    void close();
}
