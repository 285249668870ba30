package io.s3workload.kinds.put;

import io.s3workload.ground.Keyed;

/**
 * What a PUT (and a multipart upload's completion) asks the store to check before it stores: nothing, that no
 * object has the key ({@code If-None-Match: *}: create only, as table formats commit), or that the object still
 * has the ETag the writer last saw ({@code If-Match}: optimistic concurrency). A store that finds the condition
 * false answers 412 Precondition Failed and keeps what it had.
 */
public enum Conditional implements Keyed {
    NONE("none"),
    IF_NONE_MATCH("ifNoneMatch"),
    IF_MATCH("ifMatch");

    private final String key;

    Conditional(String key) {
        this.key = key;
    }

    @Override
    public String key() {
        return key;
    }
}
