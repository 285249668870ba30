package io.s3workload.run;

import io.s3workload.s3.DataPath;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.RequestHeaders;
import io.s3workload.s3.StoreException;
import io.s3workload.s3.data.ObjectWrite;
import io.s3workload.s3.data.Payload;
import io.s3workload.s3.data.ReadTiming;
import java.util.Map;
import java.util.Optional;

/** A real store's data path that fails part number {@code failingPart} of every multipart upload with an HTTP 500. */
final class FaultyStore implements DataPath {

    private final DataPath real;
    private final int failingPart;

    private FaultyStore(DataPath real, int failingPart) {
        this.real = real;
        this.failingPart = failingPart;
    }

    /** {@code store} with its uploads of part {@code failingPart} failing. */
    static ObjectStore failing(ObjectStore store, int failingPart) {
        return store.withDataPath(data -> new FaultyStore(data, failingPart));
    }

    @Override
    public String uploadPart(String key, String uploadId, int partNumber, Payload.Body body,
                             Map<String, String> checksum) {
        if (partNumber == failingPart) {
            throw new StoreException(StoreException.Kind.HTTP, "HTTP 500 InjectedFault", "injected", null);
        }
        return real.uploadPart(key, uploadId, partNumber, body, checksum);
    }

    @Override
    public DataPath withHeaders(RequestHeaders added, boolean owning) {
        return new FaultyStore(real.withHeaders(added, owning), failingPart);
    }

    @Override
    public String endpointName() {
        return real.endpointName();
    }

    @Override
    public String put(String key, Payload.Body body, ObjectWrite write) {
        return real.put(key, body, write);
    }

    @Override
    public void get(String key, byte[] buffer, ReadTiming timing) {
        real.get(key, buffer, timing);
    }

    @Override
    public void getRange(String key, long start, long length, byte[] buffer, ReadTiming timing) {
        real.getRange(key, start, length, buffer, timing);
    }

    @Override
    public Optional<ObjectStore.ObjectInfo> head(String key) {
        return real.head(key);
    }

    @Override
    public void delete(String key) {
        real.delete(key);
    }

    @Override
    public void close() {
        real.close();
    }
}
