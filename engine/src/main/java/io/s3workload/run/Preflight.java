package io.s3workload.run;

import io.s3workload.s3.StoreException;
import io.s3workload.workload.EndpointSpec;

/** Explains, in words, why an endpoint failed its check before the run. */
final class Preflight {

    private Preflight() {
    }

    static String explain(StoreException e, EndpointSpec endpoint, String bucket) {
        String where = "endpoint '" + endpoint.name() + "' (" + endpoint.url() + ")";
        return switch (e.kind()) {
            case UNREACHABLE -> where + " is unreachable: " + e.errorClass()
                    + ". Is the server running, and are the host and port right?";
            case TIMEOUT -> where + " did not answer in time. Is the host reachable from here?";
            case AUTH -> where + " refused the credentials (" + e.errorClass() + "). Check the access key, the"
                    + " secret key and the region (" + endpoint.region() + "), and that they may use bucket '"
                    + bucket + "'.";
            case NO_CREDENTIALS -> where + " has no credentials: none were found in the AWS default chain"
                    + " (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, ~/.aws/credentials, an instance role). Set"
                    + " them, or give 'credentials:' for the endpoint in the workload (profile or ${ENV} keys).";
            case NO_BUCKET -> where + ": bucket '" + bucket + "' does not exist. Create it, pass another with"
                    + " --bucket, or set 'createBucket: true' in the workload.";
            default -> where + " failed its check of bucket '" + bucket + "': " + e.errorClass();
        };
    }
}
