package io.s3workload.history;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * What a history is checked against (docs/consistency.md). Every key is a register holding a value or nothing:
 * a write sets it, a compare-and-set ({@code If-Match}) sets it only from the value expected, a create
 * ({@code If-None-Match: *}) only when there is nothing, a delete empties it, a read returns it; lists are checked
 * against the set of keys present. A model names the operations a history may hold; the semantics are the same.
 */
public enum Model {
    /** S3 as a whole: every operation (the default, and what {@code kind: history} records). */
    S3(EnumSet.allOf(Op.Fn.class)),
    /** Reads and writes of a register (Jepsen's {@code register}). */
    REGISTER(EnumSet.of(Op.Fn.READ, Op.Fn.WRITE)),
    /** Reads, writes and compare-and-set (Jepsen's {@code cas-register}, Knossos's and Porcupine's etcd model). */
    CAS_REGISTER(EnumSet.of(Op.Fn.READ, Op.Fn.WRITE, Op.Fn.CAS)),
    /** Reads, creates that must find nothing, and deletes. */
    CREATE_ONCE(EnumSet.of(Op.Fn.READ, Op.Fn.CREATE, Op.Fn.DELETE)),
    /** Lists against the writes and deletes of the keys they cover. */
    SET(EnumSet.of(Op.Fn.WRITE, Op.Fn.CREATE, Op.Fn.DELETE, Op.Fn.LIST));

    private final Set<Op.Fn> operations;

    Model(Set<Op.Fn> operations) {
        this.operations = operations;
    }

    /** Its name on the command line: {@code cas-register}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public boolean allows(Op.Fn f) {
        return operations.contains(f);
    }

    /** {@code read, write, cas}. */
    public String operations() {
        return String.join(", ", operations.stream().map(Op.Fn::label).toList());
    }

    /** The model named {@code label}, if any. */
    public static Optional<Model> named(String label) {
        for (Model m : values()) {
            if (m.label().equals(label)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }
}
