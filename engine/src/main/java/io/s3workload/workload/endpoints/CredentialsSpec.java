package io.s3workload.workload.endpoints;

/** Where an endpoint's credentials come from. Secrets are never printed: each form's {@code toString()} names only where they come from. */
public sealed interface CredentialsSpec {

    /** The AWS default chain: environment, system properties, ~/.aws, container and instance roles. */
    record DefaultChain() implements CredentialsSpec {
        @Override
        public String toString() {
            return "default chain";
        }
    }

    /** A named profile from the AWS shared config and credentials files. */
    record Profile(String name) implements CredentialsSpec {
        @Override
        public String toString() {
            return "profile " + name;
        }
    }

    /** Keys given in the workload (usually through {@code ${ENV}}); a session token is optional. */
    record Static(String accessKey, String secretKey, String sessionToken) implements CredentialsSpec {
        @Override
        public String toString() {
            return "static keys (hidden)";
        }
    }
}
