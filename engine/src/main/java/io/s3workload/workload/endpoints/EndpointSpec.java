package io.s3workload.workload.endpoints;

import java.net.URI;
import java.util.Optional;

/**
 * A named S3 endpoint: where requests go, how they are addressed and signed, and which server quirks to expect.
 *
 * @param regionFrom where {@code region} came from: {@value #REGION_GIVEN}, {@code AWS_REGION}, {@code profile
 *                   NAME}, the server ({@value #REGION_FROM_SERVER}), or nowhere ({@value #REGION_DEFAULTED}: the
 *                   default, which the run may correct from what the server says)
 */
public record EndpointSpec(String name, URI url, String region, boolean pathStyle, CredentialsSpec credentials,
                           Compat compat, Tls tls, Optional<URI> proxy, String regionFrom,
                           Optional<ServerMetrics> serverMetrics) {

    public EndpointSpec(String name, URI url, String region, boolean pathStyle, CredentialsSpec credentials,
                        Compat compat, Tls tls, Optional<URI> proxy, String regionFrom) {
        this(name, url, region, pathStyle, credentials, compat, tls, proxy, regionFrom, Optional.empty());
    }

    public static final String DEFAULT_REGION = "us-east-1";
    public static final String REGION_GIVEN = "region:";
    public static final String REGION_DEFAULTED = "default";
    public static final String REGION_FROM_SERVER = "the server";

    public EndpointSpec(String name, URI url, String region, boolean pathStyle, CredentialsSpec credentials,
                        Compat compat, Tls tls, Optional<URI> proxy) {
        this(name, url, region, pathStyle, credentials, compat, tls, proxy, REGION_GIVEN);
    }

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
        return new EndpointSpec(name, newUrl, region, pathStyle, credentials, compat, tls, proxy, regionFrom, serverMetrics);
    }

    public EndpointSpec withCredentials(CredentialsSpec newCredentials) {
        return new EndpointSpec(name, url, region, pathStyle, newCredentials, compat, tls, proxy, regionFrom, serverMetrics);
    }

    /** This endpoint reached through {@code viaProxy} (empty: directly); see {@link Proxies}. */
    public EndpointSpec withProxy(Optional<URI> viaProxy) {
        return new EndpointSpec(name, url, region, pathStyle, credentials, compat, tls, viaProxy, regionFrom, serverMetrics);
    }

    /** This endpoint signing for {@code newRegion}, which came from {@code from}. */
    public EndpointSpec withRegion(String newRegion, String from) {
        return new EndpointSpec(name, url, newRegion, pathStyle, credentials, compat, tls, proxy, from, serverMetrics);
    }

    /** This endpoint with its store's metrics scraped as {@code metrics} says. */
    public EndpointSpec withServerMetrics(Optional<ServerMetrics> metrics) {
        return new EndpointSpec(name, url, region, pathStyle, credentials, compat, tls, proxy, regionFrom, metrics);
    }

    /** Whether the region was given nowhere, so that the server's word on it may replace the default. */
    public boolean regionDefaulted() {
        return regionFrom.equals(REGION_DEFAULTED);
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
