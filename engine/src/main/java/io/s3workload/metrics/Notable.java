package io.s3workload.metrics;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a cell names beyond its counts: its {@code limit} slowest successes and the first {@code limit} failures of
 * each error class, each with the server's request ids ({@link NamedRequest}), and the windows in which its store
 * could not be reached ({@link Outage}).
 */
public record Notable(int limit, List<NamedRequest> slowest, List<NamedRequest> failures, List<Outage> outages) {

    public static final Notable NONE = new Notable(0, List.of(), List.of(), List.of());
    /** The most outage windows a cell keeps; a store flapping more often than that has its later ones merged. */
    static final int MOST_OUTAGES = 100;
    /**
     * A refusal this soon after a window closed reopens it rather than opening another: a store going away closes
     * its connections one at a time, so an operation on one not yet closed can succeed between two refusals (seen:
     * a 3 ms window of 7 refusals, then the real one of 41, the gap under a millisecond).
     */
    static final long REOPEN_NANOS = 100_000_000;

    public Notable {
        slowest = List.copyOf(slowest);
        failures = List.copyOf(failures);
        outages = List.copyOf(outages);
    }

    public boolean isEmpty() {
        return slowest.isEmpty() && failures.isEmpty() && outages.isEmpty();
    }

    /**
     * Several runs of the same cell (shards, rounds) named together: the slowest of all their slowest, and the
     * first failures of each class by start time.
     */
    public static Notable sum(List<Notable> parts) {
        int limit = parts.stream().mapToInt(Notable::limit).max().orElse(0);
        List<NamedRequest> slowest = new ArrayList<>();
        List<NamedRequest> failures = new ArrayList<>();
        List<Outage> outages = new ArrayList<>();
        for (Notable p : parts) {
            slowest.addAll(p.slowest);
            failures.addAll(p.failures);
            outages.addAll(p.outages);
        }
        slowest.sort(NamedRequest.SLOWEST_FIRST);
        return new Notable(limit, slowest.subList(0, Math.min(limit, slowest.size())), firstOfEach(failures,
                limit), joined(outages));
    }

    /** Windows that overlap (one outage as several shards or endpoints' cells saw it) made one, in time order. */
    static List<Outage> joined(List<Outage> outages) {
        List<Outage> sorted = new ArrayList<>(outages);
        sorted.sort(Comparator.comparingLong(Outage::fromEpochMillis));
        List<Outage> joined = new ArrayList<>();
        for (Outage o : sorted) {
            if (!joined.isEmpty() && joined.get(joined.size() - 1).overlaps(o)) {
                joined.set(joined.size() - 1, joined.get(joined.size() - 1).plus(o));
            } else {
                joined.add(o);
            }
        }
        return joined;
    }

    /** The first {@code limit} of each error class by start time, in start order. */
    static List<NamedRequest> firstOfEach(List<NamedRequest> failures, int limit) {
        List<NamedRequest> sorted = new ArrayList<>(failures);
        sorted.sort(Comparator.comparingLong(NamedRequest::startEpochMillis));
        Map<String, Integer> kept = new HashMap<>();
        List<NamedRequest> first = new ArrayList<>();
        for (NamedRequest f : sorted) {
            if (kept.merge(f.errorClass(), 1, Integer::sum) <= limit) {
                first.add(f);
            }
        }
        return first;
    }

    /**
     * Keeps a cell's slowest and first failures as its workers record them, in memory that does not grow with the
     * operations: an operation faster than the slowest kept costs one volatile read, so after the first few
     * hundred operations hardly any takes the lock.
     */
    static final class Keeper {

        private final int limit;
        /** The slowest kept, at most {@code limit}; guarded by this. */
        private final PriorityQueue<NamedRequest> slowest;
        /** The latency an operation must exceed to be kept: the fastest kept once {@code limit} are. */
        private volatile long floorNanos;
        private final Map<String, List<NamedRequest>> failures = new HashMap<>();
        /** Error classes whose first {@code limit} failures are kept, so later ones skip the lock. */
        private final Set<String> fullClasses = ConcurrentHashMap.newKeySet();
        /** Whether the store is unreachable now: set by a refused operation, cleared by a later one succeeding. */
        private volatile boolean down;
        /** The open window's start (as reported) and cost; guarded by this. */
        private long downSince;
        private long downFailed;
        /** The refusal a success must have begun after to close the open window ({@link System#nanoTime()}). */
        private long downSinceNanos;
        /** When the operation that closed the last window began ({@link System#nanoTime()}). */
        private long lastClosedNanos;
        private final List<Outage> outages = new ArrayList<>();

        Keeper(int limit) {
            this.limit = limit;
            this.slowest = new PriorityQueue<>(Math.max(1, limit + 1),
                    Comparator.comparingLong(NamedRequest::latencyNanos));
            this.floorNanos = limit == 0 ? Long.MAX_VALUE : -1;
        }

        /** Whether an operation of {@code latencyNanos} is among the slowest so far (then {@link #keep} it). */
        boolean slowEnough(long latencyNanos) {
            return latencyNanos > floorNanos;
        }

        synchronized void keep(NamedRequest request) {
            if (request.latencyNanos() <= floorNanos) {
                return;
            }
            slowest.add(request);
            if (slowest.size() > limit) {
                slowest.poll();
            }
            if (slowest.size() == limit) {
                floorNanos = slowest.peek().latencyNanos();
            }
        }

        /** Whether a failure of {@code errorClass} is among the first of its class (then {@link #keepFailure} it). */
        boolean wantsFailure(String errorClass) {
            return limit > 0 && !fullClasses.contains(errorClass);
        }

        synchronized void keepFailure(NamedRequest failure) {
            List<NamedRequest> kept = failures.computeIfAbsent(failure.errorClass(), c -> new ArrayList<>());
            if (kept.size() < limit) {
                kept.add(failure);
            }
            if (kept.size() >= limit) {
                fullClasses.add(failure.errorClass());
            }
        }

        /** Whether an outage is open: then a success should say when it began ({@link #reached}). */
        boolean down() {
            return down;
        }

        /**
         * An operation that began at {@code startNanos} ({@link System#nanoTime()}) failed at {@code nowNanos}
         * because the store could not be reached. One that began before the last window closed (refused just
         * before the store came back) is that window's, not a new one; one refused within {@link #REOPEN_NANOS} of
         * the close reopens that window.
         */
        synchronized void unreachable(long startNanos, long nowNanos) {
            if (!down && !outages.isEmpty() && startNanos - lastClosedNanos <= 0) {
                Outage last = outages.get(outages.size() - 1);
                outages.set(outages.size() - 1, new Outage(last.fromEpochMillis(), last.toEpochMillis(),
                        last.failed() + 1));
                return;
            }
            if (!down && !outages.isEmpty() && nowNanos - lastClosedNanos < REOPEN_NANOS) {
                Outage last = outages.remove(outages.size() - 1);
                down = true;
                downSince = last.fromEpochMillis();
                downSinceNanos = nowNanos;
                downFailed = last.failed() + 1;
                return;
            }
            if (!down) {
                down = true;
                downSinceNanos = nowNanos;
                downSince = epochMillis(nowNanos);
                downFailed = 0;
            }
            downFailed++;
        }

        /**
         * An operation that began at {@code startNanos} succeeded: it ends an open window if it began after the
         * window's first refusal (one that began before and only now returned says nothing about the store being
         * back).
         */
        void reached(long startNanos) {
            if (down) {
                synchronized (this) {
                    if (down && startNanos - downSinceNanos > 0) {
                        lastClosedNanos = startNanos;
                        close(epochMillis(startNanos));
                    }
                }
            }
        }

        private static long epochMillis(long nanos) {
            return System.currentTimeMillis() - (System.nanoTime() - nanos) / 1_000_000;
        }

        private void close(long toMillis) {
            down = false;
            Outage window = new Outage(downSince, toMillis, downFailed);
            if (outages.size() >= MOST_OUTAGES) {
                outages.set(outages.size() - 1, outages.get(outages.size() - 1).plus(window));
            } else {
                outages.add(window);
            }
        }

        synchronized Notable finish() {
            List<NamedRequest> slow = new ArrayList<>(slowest);
            slow.sort(NamedRequest.SLOWEST_FIRST);
            List<NamedRequest> failed = new ArrayList<>();
            failures.values().forEach(failed::addAll);
            if (down) {
                close(-1);
            }
            return new Notable(limit, slow, firstOfEach(failed, limit), outages);
        }
    }
}
