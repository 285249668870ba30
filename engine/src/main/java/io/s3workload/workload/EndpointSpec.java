package io.s3workload.workload;

import java.net.URI;

/** A named S3 endpoint: where requests go, how they are addressed and signed. */
public record EndpointSpec(String name, URI url, String region, boolean pathStyle, CredentialsSpec credentials) {

    public static final String DEFAULT_REGION = "us-east-1";

    public EndpointSpec withUrl(URI newUrl) {
        return new EndpointSpec(name, newUrl, region, pathStyle, credentials);
    }

    public EndpointSpec withCredentials(CredentialsSpec newCredentials) {
        return new EndpointSpec(name, url, region, pathStyle, newCredentials);
    }
}
