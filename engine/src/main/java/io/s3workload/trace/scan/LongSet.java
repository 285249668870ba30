package io.s3workload.trace.scan;

/**
 * A set of 64-bit values (keys' hashes), open addressing in one array: 16 bytes a value at most, where a
 * {@code HashSet<Long>} takes about 50. The value 0 is kept apart.
 */
final class LongSet {

    private long[] slots = new long[1024];
    private int size;
    private boolean zero;

    /** Adds {@code v}; whether it was not there. */
    boolean add(long v) {
        if (v == 0) {
            boolean added = !zero;
            zero = true;
            return added;
        }
        if (size * 2 >= slots.length) {
            grow();
        }
        int mask = slots.length - 1;
        int i = (int) (v ^ (v >>> 32)) & mask;
        while (slots[i] != 0) {
            if (slots[i] == v) {
                return false;
            }
            i = (i + 1) & mask;
        }
        slots[i] = v;
        size++;
        return true;
    }

    boolean contains(long v) {
        if (v == 0) {
            return zero;
        }
        int mask = slots.length - 1;
        int i = (int) (v ^ (v >>> 32)) & mask;
        while (slots[i] != 0) {
            if (slots[i] == v) {
                return true;
            }
            i = (i + 1) & mask;
        }
        return false;
    }

    private void grow() {
        long[] old = slots;
        slots = new long[old.length * 2];
        size = 0;
        for (long v : old) {
            if (v != 0) {
                add(v);
            }
        }
    }
}
