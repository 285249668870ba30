package io.s3workload.s3;

import java.util.List;
import java.util.function.Consumer;

/**
 * The storage operations the engine needs, on one bucket of one endpoint. Implementations are thread-safe and
 * throw {@link StoreException} for every failure. Kept small so other clients (CRT, plain HTTP) can stand in.
 */
public interface ObjectStore extends AutoCloseable {

    /** The endpoint's name in the workload. */
    String endpointName();

    void headBucket();

    void createBucket();

    /** Uploads {@code body}; returns the ETag. */
    String put(String key, Payload.Body body);

    /** Reads the whole object into {@code buffer} (overwritten, never grown), filling {@code timing}. */
    void get(String key, byte[] buffer, ReadTiming timing);

    void delete(String key);

    /** Lists every key under {@code prefix}, a page at a time. */
    void listKeys(String prefix, Consumer<List<String>> page);

    /** Deletes up to 1000 keys in one request. */
    DeleteOutcome deleteKeys(List<String> keys);

    @Override
    void close();
}
