package io.s3workload.cli.terminal;

/** The exit codes the README documents. */
public final class ExitCodes {

    public static final int OK = 0;
    /** The run finished, but a {@code failOn} threshold was crossed. */
    public static final int THRESHOLD = 1;
    /** Bad workload or bad command line. */
    public static final int BAD_INPUT = 2;
    /** An endpoint was unreachable, refused the credentials, or lacks the bucket. */
    public static final int ENDPOINT = 3;
    /** A bug in s3workload: please report it with the message. */
    public static final int INTERNAL = 4;
    /** Interrupted (Ctrl-C or SIGTERM); cleanup still ran. */
    static final int INTERRUPTED = 130;

    private ExitCodes() {
    }
}
