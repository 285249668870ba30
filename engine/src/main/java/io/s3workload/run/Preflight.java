package io.s3workload.run;

import io.s3workload.s3.ErrorClassifier;
import io.s3workload.s3.StoreException;
import io.s3workload.s3.paths.CrtHandshakeCheck;
import io.s3workload.workload.endpoints.EndpointSpec;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;

/** Explains, in words, why an endpoint failed its check before the run. */
public final class Preflight {

    private Preflight() {
    }

    /**
     * The class of a failed bucket check in a few words: DNS, connection refused, TLS, timeout, 403 auth, 404 no
     * bucket, or the HTTP status the server sent.
     */
    public static String failureClass(StoreException e) {
        return switch (e.kind()) {
            case UNREACHABLE -> switch (e.errorClass()) {
                case ErrorClassifier.DNS_FAILED -> "DNS: host not found";
                case "TLS error" -> "TLS handshake failed";
                default -> e.errorClass();
            };
            case TIMEOUT -> "timed out";
            case AUTH -> e.errorClass().replaceFirst("^HTTP (\\d+).*", "$1") + " auth: access denied";
            case NO_CREDENTIALS -> "no credentials";
            case NO_BUCKET -> "404 no such bucket";
            default -> e.errorClass();
        };
    }

    public static String explain(StoreException e, EndpointSpec endpoint, String bucket) {
        String where = "endpoint '" + endpoint.name() + "' (" + endpoint.printableUrl() + ")";
        Optional<String> expected = ErrorClassifier.serverRegion(e)
                .filter(r -> !r.equals(endpoint.region()));
        if (expected.isPresent()) {
            return where + " signs requests for region '" + endpoint.region() + "' (" + regionSource(endpoint)
                    + "), but the server says bucket '" + bucket + "' is in '" + expected.get() + "' (" + e.errorClass()
                    + "). Set region: " + expected.get() + " on the endpoint"
                    + (endpoint.regionFrom().startsWith("AWS_") ? ", or " + endpoint.regionFrom() + "="
                    + expected.get() : "") + ".";
        }
        return switch (e.kind()) {
            case UNREACHABLE -> e.errorClass().startsWith("TLS") ? tls(e, endpoint, where)
                    : e.errorClass().equals(ErrorClassifier.DNS_FAILED) ? dns(e, endpoint, where, bucket)
                    : where + " is unreachable: " + e.errorClass() + ". Is the server running, and are the host and"
                    + " port right?";
            case TIMEOUT -> where + " did not answer in time. Is the host reachable from here?";
            case AUTH -> where + " refused the credentials (" + e.errorClass() + "). Check the access key, the"
                    + " secret key and the region (" + endpoint.region() + "), and that they may use bucket '"
                    + bucket + "'.";
            case NO_CREDENTIALS -> where + " has no credentials: none were found in the AWS default chain"
                    + " (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, ~/.aws/credentials, an instance role). Set"
                    + " them, or give 'credentials:' for the endpoint in the workload (profile or ${ENV} keys).";
            case NO_BUCKET -> where + ": bucket '" + bucket + "' does not exist. Create it, pass another with"
                    + " --bucket, or set 'createBucket: true' in the workload.";
            default -> where + " failed its check of bucket '" + bucket + "': " + e.errorClass() + detail(e);
        };
    }

    /**
     * A failed lookup, naming the host looked up: with virtual-host addressing that is the bucket's host
     * ({@code bucket.s3.example.com}), which needs DNS of its own, not the endpoint's.
     */
    private static String dns(StoreException e, EndpointSpec endpoint, String where, String bucket) {
        String message = String.valueOf(e.getMessage());
        int at = message.indexOf(ErrorClassifier.HOST_NOT_FOUND);
        String endpointHost = endpoint.url().getHost();
        String bucketHost = bucket + "." + endpointHost;
        // the CRT names no host: it looked up the one its addressing asks for
        String host = at >= 0 ? message.substring(at + ErrorClassifier.HOST_NOT_FOUND.length()).split(" ", 2)[0]
                : endpoint.pathStyle() ? endpointHost : bucketHost;
        if (host.equals(bucketHost) && !endpoint.pathStyle() && resolves(endpointHost)) {
            return where + " is unreachable: DNS lookup failed for " + host + ", the bucket's host name: with"
                    + " virtual-host addressing (pathStyle: false) each bucket is a host of its own, which DNS must"
                    + " resolve too (a wildcard record for *." + endpointHost + "). Or set pathStyle: true on the"
                    + " endpoint, to name the bucket in the path.";
        }
        return where + " is unreachable: DNS lookup failed for " + (host.equals(bucketHost) ? host + " (and for "
                + endpointHost + " itself)" : host) + ". Is the host name right, and does this machine's DNS know it?";
    }

    private static boolean resolves(String host) {
        try {
            InetAddress.getByName(host);
            return true;
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /** Where an endpoint's region came from, in words. */
    static String regionSource(EndpointSpec endpoint) {
        return switch (endpoint.regionFrom()) {
            case EndpointSpec.REGION_GIVEN -> "as the workload's region: says";
            case EndpointSpec.REGION_DEFAULTED -> "the default: no region was given";
            default -> "from " + endpoint.regionFrom();
        };
    }

    /** What the client said beyond the error class ("SdkClientException: Unable to ..."), when it said more. */
    private static String detail(StoreException e) {
        String message = String.valueOf(e.getMessage());
        int at = message.indexOf(e.errorClass() + ": ");
        return at < 0 ? "" : " (" + message.substring(at + e.errorClass().length() + 2) + ")";
    }

    /** A failed TLS handshake: what the certificate's problem is, and the setting that fixes it. */
    private static String tls(StoreException e, EndpointSpec endpoint, String where) {
        String setting = "endpoints." + endpoint.name() + ".tls";
        Optional<String> osStore = CrtHandshakeCheck.bundleOf(e);
        String fix = switch (e.errorClass()) {
            case "TLS: untrusted certificate" -> osStore.isPresent() ? "the server's certificate is not signed by a"
                    + " CA in the operating system's store (" + osStore.get() + "), which client: crt trusts. Add"
                    + " the CA there (Debian, Ubuntu: copy"
                    + " it to /usr/local/share/ca-certificates/ and run update-ca-certificates; RHEL: to"
                    + " /etc/pki/ca-trust/source/anchors/ and run update-ca-trust), or use client: http or sync with "
                    + setting + ": {caCert: /path/to/ca.pem}; for a test rig only, " + setting
                    + ": {insecure: true} (nothing is verified)"
                    : "the server's certificate is not signed by a CA this Java trusts."
                    + " For a private CA give its certificate: " + setting + ": {caCert: /path/to/ca.pem} (PEM);"
                    + " for a test rig only, " + setting + ": {insecure: true} (nothing is verified)";
            case "TLS: certificate does not name the host" -> "the certificate is not issued for "
                    + endpoint.url().getHost() + ". Use the host name it names in the URL, or, for a test rig only, "
                    + setting + ": {insecure: true}";
            case "TLS: certificate expired or not yet valid" -> "the server's certificate is outside its validity"
                    + " dates (or this machine's clock is wrong)";
            default -> "check that the endpoint speaks TLS on that port (http:// for a plain one)";
        };
        return where + " failed the TLS handshake: " + e.errorClass().replaceFirst("^TLS: ", "")
                + detail(e) + ": " + fix + ".";
    }
}
