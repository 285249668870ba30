package io.s3workload.s3.data;

/**
 * Where a body's bytes are made ({@link BodyBytes}), addressed from its start: a heap array, or a direct buffer that
 * goes to the socket as it is ({@link DirectWords}: through its {@code putLong}, or a segment over it).
 */
interface BodyOut {

    void put(int at, byte value);

    /** Words {@code table[from, from + count)}, each XORed with {@code key}, little-endian from byte {@code at}. */
    void xor(int at, long[] table, int from, int count, long key);

    /** {@code n} zeros from byte {@code at}. */
    void zero(int at, int n);
}
