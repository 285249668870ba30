package io.s3workload.workload;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The stage kinds a workload may name in {@code kind:}. */
public enum StageKind {
    PUT("put"), GET("get"), DELETE("delete"), HEAD("head"), LIST("list"), RANGE_READ("rangeRead"),
    CONNECTIVITY("connectivity"), READ_AFTER_WRITE("readAfterWrite"), LIST_AFTER_WRITE("listAfterWrite"),
    MIX("mix"), TRANSCODE("transcode"), HTTP_GET("httpGet"), SWEEP("sweep"), COMPARE("compare"), LOOPS("loops"),
    GROUP("group");

    private final String key;

    StageKind(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }

    public static Optional<StageKind> fromKey(String key) {
        return Arrays.stream(values()).filter(k -> k.key.equals(key)).findFirst();
    }

    public static List<String> keys() {
        return Arrays.stream(values()).map(StageKind::key).toList();
    }

    /** Whether the kind probes endpoints (writers, readers, endpoint lists) rather than loading one endpoint. */
    public boolean probe() {
        return this == CONNECTIVITY || this == READ_AFTER_WRITE || this == LIST_AFTER_WRITE;
    }

    /** Whether the kind measures convergence (writes read back until visible), and so takes timeoutRate. */
    public boolean convergence() {
        return this == READ_AFTER_WRITE || this == LIST_AFTER_WRITE || this == TRANSCODE;
    }

    /** Whether the kind is made of other stages (the planner expands it into them). */
    public boolean composite() {
        return this == SWEEP || this == COMPARE || this == LOOPS || this == GROUP;
    }

    @Override
    public String toString() {
        return key;
    }
}
