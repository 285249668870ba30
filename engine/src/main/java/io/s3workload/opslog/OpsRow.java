package io.s3workload.opslog;

import java.nio.charset.StandardCharsets;

/**
 * One row, CSV-encoded as its fields are added, by one thread with no lock held, then copied into a stripe in one
 * step ({@link #end}). Reused by its thread; a row longer than its buffer grows it.
 */
public final class OpsRow implements io.s3workload.s3.RequestTrace.IdField {

    private byte[] bytes = new byte[512];
    private int length;
    private final byte[] digits = new byte[20];

    /** Empties it for the next row. */
    public OpsRow reset() {
        length = 0;
        return this;
    }

    /** The fields {@code values} as a row's CSV beginning, for {@link #prefix}: fields every row of a cell repeats. */
    public static byte[] fields(String... values) {
        OpsRow row = new OpsRow();
        for (String value : values) {
            row.text(value);
        }
        return java.util.Arrays.copyOf(row.bytes, row.length);
    }

    /** Begins the row with {@code fields} (from {@link #fields}): no field encoded again for each row. */
    public OpsRow prefix(byte[] fields) {
        length = 0;
        room(fields.length);
        System.arraycopy(fields, 0, bytes, 0, fields.length);
        length = fields.length;
        return this;
    }

    private void room(int n) {
        if (length + n > bytes.length) {
            bytes = java.util.Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + n));
        }
    }

    private void comma() {
        if (length > 0) {
            room(1);
            bytes[length++] = ',';
        }
    }

    /** A text field: written as is when plain ASCII, else quoted as CSV quotes (UTF-8). Null: empty. */
    public OpsRow text(String value) {
        comma();
        if (value == null) {
            return this;
        }
        int n = value.length();
        room(n);
        int start = length;
        for (int i = 0; i < n; i++) {
            char c = value.charAt(i);
            if (c >= 0x80 || c == ',' || c == '"' || c == '\n' || c == '\r') {
                length = start;
                return quoted(value);
            }
            bytes[length++] = (byte) c;
        }
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
        for (int i = 0; i < n; i++) {
            byte b = value[i];
            if (b < 0x20 || b == ',' || b == '"') {
                length -= i;
                return quoted(new String(value, 0, n, StandardCharsets.ISO_8859_1));
            }
            room(1);
            bytes[length++] = b;
        }
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

    /** A whole number. */
    public OpsRow number(long value) {
        comma();
        room(20);
        if (value < 0) {
            bytes[length++] = '-';
            if (value == Long.MIN_VALUE) {
                byte[] min = "9223372036854775808".getBytes(StandardCharsets.US_ASCII);
                System.arraycopy(min, 0, bytes, length, min.length);
                length += min.length;
                return this;
            }
            value = -value;
        }
        int n = 0;
        do {
            digits[n++] = (byte) ('0' + value % 10);
            value /= 10;
        } while (value > 0);
        while (n > 0) {
            bytes[length++] = digits[--n];
        }
        return this;
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

    /** Ends the row and hands it to {@code log}. */
    public void end(OpsLog log) {
        room(1);
        bytes[length++] = '\n';
        log.append(bytes, length);
    }
}
