package io.s3workload.opslog;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One row, CSV-encoded as its fields are added. Two kinds: a stripe's, which encodes straight into the log's chunk
 * with the stripe's lock held, in room reserved beforehand ({@link OpsLog#begin}: the loops' rows, nothing copied
 * and no buffer per worker to pull through the cache); and a thread's own, which grows as needed and is copied into
 * the log when it ends ({@link OpsLog#row}: the tool's own requests, tests). Either way {@link #end} hands it over.
 */
public final class OpsRow implements IdField {

    /** The most bytes a number field takes, its comma included ({@code -9223372036854775808}). */
    public static final int NUMBER = 21;

    private final OpsLog log;
    /** The stripe this row writes into (its lock held from {@link OpsLog#begin} to {@link #end}); null: its own. */
    private final OpsLog.Stripe stripe;
    private byte[] bytes;
    private int length;
    /** Where the row began in {@link #bytes} (for {@link #abandon}). */
    private int start;
    /** Whether a field has been written: every field after the first is preceded by a comma. */
    private boolean started;

    OpsRow(OpsLog log, OpsLog.Stripe stripe) {
        this.log = log;
        this.stripe = stripe;
        this.bytes = stripe == null ? new byte[512] : null;
    }

    /** The most bytes {@code value} takes as a field, its comma and quotes included. */
    public static int bound(String value) {
        return value == null ? 1 : 3 * value.length() + 3;
    }

    /** The most bytes two server ids of {@code chars} characters in all take as two fields ({@link IdField}). */
    public static int boundIds(int chars) {
        return 3 * chars + 6;
    }

    /** The fields {@code values} as a row's CSV beginning, for {@link #prefix}: fields every row of a cell repeats. */
    public static byte[] fields(String... values) {
        OpsRow row = new OpsRow(null, null);
        for (String value : values) {
            row.text(value);
        }
        return Arrays.copyOf(row.bytes, row.length);
    }

    /** Begins a row at {@code position} of {@code chunk} (a stripe's, in room reserved). */
    OpsRow at(byte[] chunk, int position) {
        bytes = chunk;
        length = position;
        start = position;
        started = false;
        return this;
    }

    /** Empties it for the next row (a row of its own). */
    OpsRow reset() {
        length = 0;
        start = 0;
        started = false;
        return this;
    }

    /** Begins the row with {@code fields} (from {@link #fields}): no field encoded again for each row. */
    public OpsRow prefix(byte[] fields) {
        length = start;
        room(fields.length);
        System.arraycopy(fields, 0, bytes, length, fields.length);
        length += fields.length;
        started = true; // a prefix holds one field at least
        return this;
    }

    /**
     * Makes room for {@code n} more bytes: a row of its own grows; a stripe's row has its room reserved, and finding
     * none is a wrong reservation, a bug (the chunk is never grown behind the log's back).
     */
    private void room(int n) {
        if (length + n > bytes.length) {
            grow(n);
        }
    }

    private void grow(int n) {
        if (stripe != null) {
            throw new IllegalStateException("an ops log row longer than the room reserved for it");
        }
        bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + n));
    }

    private void comma() {
        if (started) {
            room(1);
            bytes[length++] = ',';
        }
        started = true;
    }

    /** A text field: written as is when plain ASCII, else quoted as CSV quotes (UTF-8). Null: empty. */
    public OpsRow text(String value) {
        comma();
        if (value == null) {
            return this;
        }
        int n = value.length();
        room(n);
        byte[] out = bytes;
        int at = length;
        for (int i = 0; i < n; i++) {
            char c = value.charAt(i);
            if (c >= 0x80 || c == ',' || c == '"' || c == '\n' || c == '\r') {
                return quoted(value);
            }
            out[at++] = (byte) c;
        }
        length = at;
        return this;
    }

    private OpsRow quoted(String value) {
        byte[] utf8 = value.replace("\"", "\"\"").getBytes(StandardCharsets.UTF_8);
        room(utf8.length + 2);
        bytes[length++] = '"';
        System.arraycopy(utf8, 0, bytes, length, utf8.length);
        length += utf8.length;
        bytes[length++] = '"';
        return this;
    }

    /** ASCII bytes as a field (a server's id as the client kept it); empty when {@code n} is 0. */
    public OpsRow ascii(byte[] value, int n) {
        comma();
        room(n);
        byte[] out = bytes;
        int at = length;
        for (int i = 0; i < n; i++) {
            byte b = value[i];
            if (b < 0x20 || b == ',' || b == '"') {
                return quoted(new String(value, 0, n, StandardCharsets.ISO_8859_1));
            }
            out[at++] = b;
        }
        length = at;
        return this;
    }

    /** A server's id as the client kept it: {@code text}, else the first {@code length} bytes. */
    @Override
    public void id(String text, byte[] bytes, int length) {
        if (text != null) {
            text(text);
        } else {
            ascii(bytes, length);
        }
    }

    /** A whole number: its digits counted first, then written from the last, two at a time, in place. */
    public OpsRow number(long value) {
        comma();
        room(NUMBER);
        byte[] out = bytes;
        if (value < 0) {
            out[length++] = '-';
            if (value == Long.MIN_VALUE) {
                byte[] min = "9223372036854775808".getBytes(StandardCharsets.US_ASCII);
                System.arraycopy(min, 0, out, length, min.length);
                length += min.length;
                return this;
            }
            value = -value;
        }
        int at = length + digits(value);
        length = at;
        while (value >= 100) {
            int pair = (int) (value % 100) << 1;
            value /= 100;
            out[--at] = PAIRS[pair + 1];
            out[--at] = PAIRS[pair];
        }
        if (value >= 10) {
            int pair = (int) value << 1;
            out[--at] = PAIRS[pair + 1];
            out[--at] = PAIRS[pair];
        } else {
            out[--at] = (byte) ('0' + value);
        }
        return this;
    }

    /** "00" to "99", two bytes each. */
    private static final byte[] PAIRS = new byte[200];
    /** 10 to the power of the index, 10^0 to 10^18. */
    private static final long[] POWERS = new long[19];

    static {
        for (int i = 0; i < 100; i++) {
            PAIRS[2 * i] = (byte) ('0' + i / 10);
            PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
        }
        POWERS[0] = 1;
        for (int i = 1; i < POWERS.length; i++) {
            POWERS[i] = POWERS[i - 1] * 10;
        }
    }

    /** How many decimal digits {@code value} (not negative) has: from its bits' count, corrected once. */
    static int digits(long value) {
        int guess = (64 - Long.numberOfLeadingZeros(value | 1)) * 1233 >>> 12; // about log10(2) = 1233 / 4096
        return Math.max(1, guess + (value < POWERS[guess] ? 0 : 1));
    }

    /** A whole number, or an empty field when {@code present} is false. */
    public OpsRow numberOr(boolean present, long value) {
        if (!present) {
            return empty();
        }
        return number(value);
    }

    public OpsRow empty() {
        comma();
        return this;
    }

    /** Ends the row and hands it to the log: a stripe's row takes its place in the chunk, a row of its own is copied. */
    public void end() {
        room(1);
        bytes[length++] = '\n';
        if (stripe != null) {
            log.ended(stripe, length);
        } else {
            log.append(bytes, length);
        }
    }

    /** The row so far as text (a row of its own; for tests). */
    String encoded() {
        return new String(bytes, start, length - start, StandardCharsets.UTF_8);
    }

    /** Gives the row up (an encoding failed half-way): nothing of it is written, a stripe's lock is let go. */
    public void abandon() {
        if (stripe != null) {
            log.ended(stripe, start);
        }
    }
}
