package io.s3workload.s3;

/**
 * A client that cannot be set up as the workload asks, for a reason the user fixes outside the storage: a credentials
 * profile that is not there, a CA certificate that cannot be read, a CRT client on a platform its native library is
 * not bundled for. The message says what and where; the command line prints it as an error (exit code 2).
 */
public final class ClientSetupException extends RuntimeException {

    public ClientSetupException(String message) {
        super(message, null, false, false);
    }
}
