package io.s3workload.s3.paths;

import io.s3workload.s3.data.Payload;
import java.nio.ByteBuffer;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import software.amazon.awssdk.core.async.AsyncRequestBody;

/** A request body for the async client: read-only views of the payload block, never copied. */
final class PayloadPublisher implements AsyncRequestBody {

    private static final int SEGMENT_BYTES = 1024 * 1024;

    private final Payload.Body body;

    PayloadPublisher(Payload.Body body) {
        this.body = body;
    }

    @Override
    public Optional<Long> contentLength() {
        return Optional.of(body.length());
    }

    @Override
    public String contentType() {
        return "application/octet-stream";
    }

    @Override
    public void subscribe(Subscriber<? super ByteBuffer> subscriber) {
        subscriber.onSubscribe(new Subscription() {
            private final AtomicLong demand = new AtomicLong();
            private final AtomicBoolean emitting = new AtomicBoolean();
            private volatile boolean cancelled;
            private long position;

            @Override
            public void request(long n) {
                if (n <= 0) {
                    subscriber.onError(new IllegalArgumentException("request " + n));
                    return;
                }
                demand.getAndAccumulate(n, (a, b) -> a + b < 0 ? Long.MAX_VALUE : a + b);
                drain();
            }

            /** Emits while there is demand; one thread at a time, re-entrant requests just add demand. */
            private void drain() {
                while (emitting.compareAndSet(false, true)) {
                    try {
                        while (!cancelled && demand.get() > 0 && position < body.length()) {
                            ByteBuffer segment = body.segment(position, SEGMENT_BYTES);
                            position += segment.remaining();
                            demand.decrementAndGet();
                            subscriber.onNext(segment);
                        }
                        if (!cancelled && position >= body.length()) {
                            cancelled = true;
                            subscriber.onComplete();
                        }
                    } finally {
                        emitting.set(false);
                    }
                    if (cancelled || demand.get() == 0 || position >= body.length()) {
                        return;
                    }
                }
            }

            @Override
            public void cancel() {
                cancelled = true;
            }
        });
    }
}
