package io.s3workload.testing;

/**
 * The quick tier ({@code src/test.sh --quick}): the test classes tagged {@value #TAG}, which run no stage in real
 * time and start no S3 server. The fixtures that start one call {@link #refuse}, so a class tagged quick by mistake
 * fails at once under {@code --quick} instead of slowing the tier down.
 */
public final class QuickTier {

    /** The JUnit tag of a quick test class. */
    public static final String TAG = "quick";
    /** Set by {@code src/test.sh --quick}. */
    static final boolean ON = Boolean.getBoolean("s3workload.quick");

    private QuickTier() {
    }

    /** Fails when the quick tier is running: {@code what} (a server, a stage in real time) is not quick. */
    public static void refuse(String what) {
        if (ON) {
            throw new IllegalStateException("a test of the quick tier started " + what + ": it is not quick, so"
                    + " take @Tag(\"" + TAG + "\") off its class (src/test.sh --quick runs only tests that start no"
                    + " server and run no stage in real time)");
        }
    }
}
