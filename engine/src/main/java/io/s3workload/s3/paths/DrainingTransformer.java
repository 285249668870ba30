package io.s3workload.s3.paths;

import io.s3workload.s3.RequestTrace;
import io.s3workload.s3.bucket.S3Requests;
import io.s3workload.s3.data.ReadTiming;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import software.amazon.awssdk.core.async.AsyncResponseTransformer;
import software.amazon.awssdk.core.async.SdkPublisher;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

/** Consumes a GET body as it arrives: counts it, times the first byte, verifies it; keeps nothing. */
final class DrainingTransformer implements AsyncResponseTransformer<GetObjectResponse, Void> {

    private final ReadTiming timing;
    private final byte[] scratch;
    /** Where the response's status and the server's ids are noted (the calling thread's: this runs on the CRT's). */
    private final RequestTrace trace;
    private CompletableFuture<Void> done;

    DrainingTransformer(ReadTiming timing, byte[] scratch, RequestTrace trace) {
        this.timing = timing;
        this.scratch = scratch;
        this.trace = trace;
    }

    @Override
    public CompletableFuture<Void> prepare() {
        timing.start();
        done = new CompletableFuture<>();
        return done;
    }

    @Override
    public void onResponse(GetObjectResponse response) {
        trace.answered(response);
        timing.etag = response.eTag();
        timing.checksumValidatedByClient(S3Requests.wholeChecksum(response)); // the CRT checks it as the body ends
    }

    @Override
    public void onStream(SdkPublisher<ByteBuffer> publisher) {
        publisher.subscribe(new Subscriber<ByteBuffer>() {
            private Subscription subscription;

            @Override
            public void onSubscribe(Subscription s) {
                subscription = s;
                s.request(Long.MAX_VALUE);
            }

            @Override
            public void onNext(ByteBuffer buffer) {
                if (timing.firstByteNanos == 0) {
                    timing.firstByteNanos = System.nanoTime();
                }
                timing.read(buffer, scratch);
            }

            @Override
            public void onError(Throwable t) {
                done.completeExceptionally(t);
            }

            @Override
            public void onComplete() {
                if (timing.firstByteNanos == 0) {
                    timing.firstByteNanos = System.nanoTime();
                }
                timing.end();
                done.complete(null);
            }
        });
    }

    @Override
    public void exceptionOccurred(Throwable error) {
        if (done != null) {
            done.completeExceptionally(error);
        }
    }
}
