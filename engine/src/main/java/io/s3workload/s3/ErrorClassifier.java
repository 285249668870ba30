package io.s3workload.s3;

import io.s3workload.s3.StoreException.Kind;
import io.s3workload.s3.http.BodyEndedEarly;
import java.io.EOFException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLException;
import org.apache.http.NoHttpResponseException;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;

/** Turns whatever the SDK threw into a {@link StoreException} with a label a person understands. */
public final class ErrorClassifier {

    /** The connection was reset or broken mid-request. */
    static final String RESET = "connection reset";
    /** The body ended before its Content-Length. */
    public static final String TRUNCATED = "truncated body";
    /**
     * A HEAD of a key that is not there. Error classes are {@code HTTP <status>}, then the error code when the
     * server gave one; a HEAD answer has no body, so its classes are the status alone, whatever the client.
     */
    public static final String HEAD_NOT_FOUND = "HTTP 404";

    /**
     * The start of a 412's error class: a condition a write sent (If-None-Match, If-Match) that the store found
     * false, so it kept what it had.
     */
    public static final String PRECONDITION_FAILED = "HTTP 412";

    private ErrorClassifier() {
    }

    /** A failed HeadBucket: any 404 (its response has no body, so no error code) means the bucket is missing. */
    public static StoreException bucketCheck(Throwable t, String endpoint, String bucket) {
        StoreException e = classify(t, endpoint);
        return e.errorClass().startsWith("HTTP 404") ? noBucket(endpoint, bucket) : e;
    }

    static StoreException noBucket(String endpoint, String bucket) {
        return new StoreException(Kind.NO_BUCKET, "HTTP 404 NoSuchBucket",
                endpoint + ": bucket '" + bucket + "' does not exist", null);
    }

    /**
     * A failed HeadObject: classed by its status alone, as {@link #HEAD_NOT_FOUND} says, even where an SDK makes
     * up an error code for the bodiless answer.
     */
    public static StoreException headFailure(Throwable t, String endpoint) {
        if (t instanceof AwsServiceException aws) {
            return httpError(aws.statusCode(), "", "", endpoint);
        }
        return classify(t, endpoint);
    }

    /** A body that did not match the checksum the server sent for it. */
    public static final String CHECKSUM_MISMATCH = "checksum mismatch";

    /** The failure {@code t} of a request to {@code endpoint}, as a classified {@link StoreException}. */
    public static StoreException classify(Throwable t, String endpoint) {
        if (t instanceof StoreException s) {
            return s;
        }
        if (t instanceof AwsServiceException aws) {
            return service(aws, endpoint);
        }
        if (t instanceof ApiCallTimeoutException || t instanceof ApiCallAttemptTimeoutException) {
            return new StoreException(Kind.TIMEOUT, "timeout", endpoint + ": request timed out", null);
        }
        for (Throwable c = t; c != null; c = c.getCause()) {
            String message = String.valueOf(c.getMessage()).toLowerCase(Locale.ROOT);
            if (message.contains("different checksum") || message.contains("checksum mismatch")
                    || message.contains("checksum validation failed")) {
                return new StoreException(Kind.CLIENT, CHECKSUM_MISMATCH, endpoint + ": " + c.getMessage(), null);
            }
        }
        if (t instanceof SdkClientException && String.valueOf(t.getMessage()).contains("Unable to load credentials")) {
            return new StoreException(Kind.NO_CREDENTIALS, "no credentials found", endpoint
                    + ": no credentials found", null);
        }
        for (Throwable c = t; c != null; c = c.getCause()) {
            StoreException transport = transport(c, t, endpoint);
            if (transport != null) {
                return transport;
            }
        }
        String chain = chainText(t);
        StoreException crt = crtFailure(chain, endpoint);
        if (crt != null) {
            return crt;
        }
        if (chain.contains("AWS_IO_TLS") || chain.contains("TLS (SSL) negotiation failed")) {
            // the CRT's handshake failures carry no SSLException, and no reason
            return new StoreException(Kind.UNREACHABLE, TLS_ERROR, endpoint + ": TLS: " + t.getMessage(), null);
        }
        Throwable root = t;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        String type = root.getClass().getSimpleName();
        return new StoreException(Kind.CLIENT, type, endpoint + ": " + type + ": " + root.getMessage(), null);
    }

    /**
     * What the cause {@code c} (of the failure {@code t}) says went wrong between the client and the server: the
     * name not found, refused, timed out, a body cut short, a reset, TLS; null when it says none of these.
     */
    private static StoreException transport(Throwable c, Throwable t, String endpoint) {
        if (c instanceof UnknownHostException) {
            return new StoreException(Kind.UNREACHABLE, DNS_FAILED, endpoint + ": " + HOST_NOT_FOUND
                    + unresolvedHost(String.valueOf(c.getMessage())) + " (" + c.getMessage() + ")", null);
        }
        if (c instanceof ConnectException || c instanceof NoRouteToHostException) {
            return new StoreException(Kind.UNREACHABLE, "connection refused",
                    endpoint + ": connection refused (" + c.getMessage() + ")", null);
        }
        if (c instanceof SocketTimeoutException || c instanceof InterruptedIOException) {
            return new StoreException(Kind.TIMEOUT, "timeout", endpoint + ": " + c.getMessage(), null);
        }
        String text = String.valueOf(c.getMessage());
        if (c instanceof BodyEndedEarly) {
            return new StoreException(Kind.CLIENT, TRUNCATED, endpoint + ": " + text, null);
        }
        if (c instanceof EOFException) {
            return new StoreException(Kind.CLIENT, RESET, endpoint + ": " + text, null);
        }
        if (text.contains("Premature end of Content-Length") || text.contains("premature EOF")
                || c.getClass().getSimpleName().equals("ConnectionClosedException")) {
            return new StoreException(Kind.CLIENT, TRUNCATED, endpoint + ": the body ended before its"
                    + " Content-Length (" + text + ")", null);
        }
        if (c instanceof SocketException && (text.contains("reset") || text.contains("Broken pipe")
                || text.contains("Connection closed") || text.contains("closed by peer"))
                || c instanceof NoHttpResponseException) {
            return new StoreException(Kind.CLIENT, RESET, endpoint + ": " + text, null);
        }
        if (c instanceof SSLException) {
            String everything = chainText(t);
            return new StoreException(Kind.UNREACHABLE, tlsClass(everything), endpoint + ": TLS: "
                    + c.getMessage(), null);
        }
        return null;
    }

    /**
     * Requests the CRT repeats on its own before it reports a failure: it takes {@code numRetries(0)} for "its
     * default" (three), so the client asks for one, the fewest it can be told; measured against a server refusing
     * every PUT, 2 requests an operation (4 with 0).
     */
    public static final int CRT_RETRIES = 1;

    /**
     * The CRT's failures, which reach the SDK as an SdkClientException with the CRT's words and no status: classed as
     * the other clients class them (throttling apart), each with the attempts the CRT made before giving up.
     */
    private static StoreException crtFailure(String chain, String endpoint) {
        if (chain.contains("Response code indicates throttling")) {
            return new StoreException(Kind.THROTTLED, "HTTP 503 SlowDown", endpoint + ": throttled (the CRT"
                    + " reports SlowDown without its status)", null).withHiddenRetries(CRT_RETRIES);
        }
        if (chain.contains("Response code indicates internal server error")) {
            return new StoreException(Kind.HTTP, "HTTP 5xx", endpoint + ": a 5xx answer (the CRT reports no"
                    + " status or code for it)", null).withHiddenRetries(CRT_RETRIES);
        }
        if (chain.contains("socket connection refused")) {
            return new StoreException(Kind.UNREACHABLE, "connection refused", endpoint + ": connection refused",
                    null).withHiddenRetries(CRT_RETRIES);
        }
        if (chain.contains("socket operation timed out") || chain.contains("Connection timed out")) {
            return new StoreException(Kind.TIMEOUT, "timeout", endpoint + ": timed out", null)
                    .withHiddenRetries(CRT_RETRIES);
        }
        if (chain.contains("Host name was invalid for dns resolution") || chain.contains("DNS")
                && chain.contains("resol")) {
            return new StoreException(Kind.UNREACHABLE, DNS_FAILED, endpoint + ": host not found", null);
        }
        if (chain.contains("socket is closed") || chain.contains("connection has closed")
                || chain.contains("Connection reset")) {
            return new StoreException(Kind.CLIENT, RESET, endpoint + ": connection reset", null)
                    .withHiddenRetries(CRT_RETRIES);
        }
        return null;
    }

    /** A host name that did not resolve; with the JDK's resolvers the message names it after this. */
    public static final String DNS_FAILED = "DNS lookup failed";
    public static final String HOST_NOT_FOUND = "host not found: ";

    /**
     * The host an UnknownHostException names, whichever resolver threw it: {@code h}, {@code h: Name or service
     * not known}, or (with {@code -Djdk.net.hosts.file}) {@code Unable to resolve host h in hosts file f}.
     */
    static String unresolvedHost(String message) {
        Matcher hostsFile = Pattern.compile("Unable to resolve host (\\S+)")
                .matcher(message);
        return hostsFile.find() ? hostsFile.group(1) : message.split("[:\\s]", 2)[0];
    }

    /** TLS failures a user can act on, by what the JDK said anywhere in the chain. */
    public static final String TLS_UNTRUSTED = "TLS: untrusted certificate";
    public static final String TLS_WRONG_NAME = "TLS: certificate does not name the host";
    static final String TLS_EXPIRED = "TLS: certificate expired or not yet valid";
    /** A TLS failure with none of the reasons above (or, from the CRT, with none given at all). */
    public static final String TLS_ERROR = "TLS error";

    public static String tlsClass(String text) {
        if (text.contains("PKIX path building failed") || text.contains("unable to find valid certification path")
                || text.contains("signature check failed") || text.contains("not trusted")) {
            return TLS_UNTRUSTED;
        }
        if (text.contains("No subject alternative") || text.contains("No name matching")
                || text.contains("doesn't match any of the subject alternative names")) {
            return TLS_WRONG_NAME;
        }
        if (text.contains("CertificateExpired") || text.contains("CertificateNotYetValid")
                || text.contains("validity check failed")) {
            return TLS_EXPIRED;
        }
        return TLS_ERROR;
    }

    public static String chainText(Throwable t) {
        StringBuilder text = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            text.append(c.getClass().getSimpleName()).append(": ").append(c.getMessage()).append('\n');
        }
        return text.toString();
    }

    private static StoreException service(AwsServiceException e, String endpoint) {
        String code = e.awsErrorDetails() != null && e.awsErrorDetails().errorCode() != null
                ? e.awsErrorDetails().errorCode() : "";
        String message = e.awsErrorDetails() != null && e.awsErrorDetails().errorMessage() != null
                ? e.awsErrorDetails().errorMessage() : "";
        String bucketRegion = e.awsErrorDetails() == null || e.awsErrorDetails().sdkHttpResponse() == null ? null
                : e.awsErrorDetails().sdkHttpResponse().firstMatchingHeader(BUCKET_REGION_HEADER).orElse(null);
        if (bucketRegion != null && !message.contains(bucketRegion)) {
            message = (message + " (" + BUCKET_REGION_HEADER + ": " + bucketRegion + ")").trim();
        }
        return httpError(e.statusCode(), code, message, endpoint);
    }

    /** The header with which AWS and MinIO say where a bucket is, on answers to requests signed for elsewhere. */
    static final String BUCKET_REGION_HEADER = "x-amz-bucket-region";
    private static final Pattern EXPECTED_REGION = Pattern.compile(
            "(?:expecting ['\"]|" + BUCKET_REGION_HEADER + ": |<Region>)([a-z0-9-]+)");

    /**
     * The region the server says the bucket is in, when a failure says so: AWS's and MinIO's "the region 'x' is
     * wrong; expecting 'y'", or the {@code x-amz-bucket-region} header of the answer.
     */
    public static Optional<String> serverRegion(StoreException e) {
        Matcher m = EXPECTED_REGION.matcher(String.valueOf(e.getMessage()));
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    /**
     * A response with an error status: labelled {@code HTTP <status> <code>} ({@code code} from the error body,
     * empty when there was none), the server's message kept for the log.
     */
    public static StoreException httpError(int status, String code, String message, String endpoint) {
        String label = ("HTTP " + status + " " + code).trim();
        Kind kind = switch (status) {
            case 401, 403 -> Kind.AUTH;
            case 404 -> code.toLowerCase(Locale.ROOT).contains("bucket") ? Kind.NO_BUCKET : Kind.NOT_FOUND;
            case 429, 503 -> Kind.THROTTLED;
            case 405, 501 -> Kind.NOT_SUPPORTED;
            default -> code.equals("NotImplemented") ? Kind.NOT_SUPPORTED : Kind.HTTP;
        };
        return new StoreException(kind, label, endpoint + ": " + label + (message.isEmpty() ? "" : ": " + message),
                null);
    }
}
