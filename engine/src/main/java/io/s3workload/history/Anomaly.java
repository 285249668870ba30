package io.s3workload.history;

import java.util.List;

/**
 * An anomaly found in a history, with its witness: the few operations that no order can explain.
 *
 * @param kind    its class
 * @param key     the key it is on (a list's: the key it omitted or listed wrongly)
 * @param witness the operations, in invocation order
 */
public record Anomaly(Kind kind, String key, List<Op> witness) {

    /** The classes of anomaly, as docs/consistency.md describes each with an example. */
    public enum Kind {
        /** A read returned a value already overwritten (or nothing, after a write) before the read began. */
        STALE_READ("stale read"),
        /** A compare-and-set succeeded on a value already replaced: two succeeded from one value, or one from an
         * old one; an update was lost. */
        LOST_UPDATE("lost update"),
        /** A create ({@code If-None-Match: *}) succeeded where an object surely existed. */
        DOUBLE_CREATE("double create"),
        /** A read returned a value no write wrote, or wrote only after the read had ended. */
        TORN_READ("torn or phantom read"),
        /** A read returned a value after a delete that surely followed its write had ended. */
        RESURRECTION("resurrection after delete"),
        /** A list left out a key whose write had ended before the list began, with no delete that could follow. */
        LIST_OMISSION("list omission"),
        /** A list named a key surely deleted before it began, or never written before it ended. */
        LIST_GHOST("list ghost"),
        /** No order of the key's operations explains them, and none of the classes above fits. */
        NOT_LINEARIZABLE("not linearizable");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }
}
