package io.s3workload.workload;

import java.net.URI;
import java.util.Optional;

/**
 * A named S3 endpoint: where requests go, how they are addressed and signed, and which server quirks to expect.
 */
public record EndpointSpec(String name, URI url, String region, boolean pathStyle, CredentialsSpec credentials,
                           Compat compat, Tls tls, Optional<URI> proxy) {

    public static final String DEFAULT_REGION = "us-east-1";

    public EndpointSpec(String name, URI url, String region, boolean pathStyle, CredentialsSpec credentials) {
        this(name, url, region, pathStyle, credentials, Compat.S3, Tls.SYSTEM, Optional.empty());
    }

    public EndpointSpec(String name, URI url, String region, boolean pathStyle, CredentialsSpec credentials,
                        Compat compat) {
        this(name, url, region, pathStyle, credentials, compat, Tls.SYSTEM, Optional.empty());
    }

    /** The URL as s3workload prints it: user info masked, no query (see {@link Urls#printable}). */
    public String printableUrl() {
        return Urls.printable(url.toString());
    }

    public EndpointSpec withUrl(URI newUrl) {
        return new EndpointSpec(name, newUrl, region, pathStyle, credentials, compat, tls, proxy);
    }

    public EndpointSpec withCredentials(CredentialsSpec newCredentials) {
        return new EndpointSpec(name, url, region, pathStyle, newCredentials, compat, tls, proxy);
    }

    /** This endpoint reached through {@code viaProxy} (empty: directly); see {@link Proxies}. */
    public EndpointSpec withProxy(Optional<URI> viaProxy) {
        return new EndpointSpec(name, url, region, pathStyle, credentials, compat, tls, viaProxy);
    }

    /** Server dialects: what the client must leave out for the server to accept its requests. */
    public enum Compat {
        /** Amazon S3 and servers that follow it: every feature the workload asks for. */
        S3,
        /**
         * Google Cloud Storage's XML API (HMAC keys): no flexible checksums (CRC32 headers or trailers break its
         * signature check) whatever {@code checksums:} says, and no multi-object delete (cleanup deletes one key
         * a request).
         */
        GCS;

        /** Whether DeleteObjects (up to 1000 keys a request) is available. */
        public boolean batchDelete() {
            return this != GCS;
        }

        /** Whether the SDK may add flexible checksums where the operation does not require them. */
        public boolean flexibleChecksums() {
            return this != GCS;
        }
    }
}
