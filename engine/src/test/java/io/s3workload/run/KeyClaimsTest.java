package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.s3workload.run.keys.KeyClaims;
import io.s3workload.testing.QuickTier;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Key claims under churn: as many workers as keys, each claiming, holding for no time and releasing as fast as it
 * can — the moment a single scan of the keys can miss the one free key (an append stage whose operations
 * all fail fast, 400s from a store without appends, did: CI saw "client error: ArrayIndexOutOfBoundsException").
 */
@Tag(QuickTier.TAG)
class KeyClaimsTest {

    @Test
    void withNoMoreWorkersThanKeysAClaimAlwaysFindsTheFreeKeyAndNoKeyHasTwoHolders() throws Exception {
        int keys = 4;
        KeyClaims claims = new KeyClaims(keys, keys);
        AtomicIntegerArray holders = new AtomicIntegerArray(keys);
        AtomicInteger missed = new AtomicInteger();
        AtomicInteger shared = new AtomicInteger();
        List<Thread> workers = new ArrayList<>();
        for (int w = 0; w < keys; w++) {
            workers.add(Thread.ofPlatform().start(() -> {
                ThreadLocalRandom random = ThreadLocalRandom.current();
                for (int i = 0; i < 200_000; i++) {
                    long key = claims.claim(random.nextInt(keys));
                    if (key < 0 || key >= keys) {
                        missed.incrementAndGet();
                        continue;
                    }
                    if (holders.incrementAndGet((int) key) != 1) {
                        shared.incrementAndGet();
                    }
                    holders.decrementAndGet((int) key);
                    claims.release(key);
                }
            }));
        }
        for (Thread t : workers) {
            t.join();
        }
        assertEquals(0, missed.get(), "claims that found no free key though one always was");
        assertEquals(0, shared.get(), "claims of a key another worker held");
        for (int k = 0; k < keys; k++) {
            assertEquals(k, claims.claim(k), "every key free again at the end");
        }
    }
}
