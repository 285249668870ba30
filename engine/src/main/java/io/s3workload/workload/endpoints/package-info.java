/**
 * Where a workload sends its requests and how: endpoints (EndpointSpec) with their URLs, credentials, TLS, regions
 * and proxies, the client's settings (ClientSpec, ClientSettings, Timeouts), and the store's own metrics to scrape
 * (ServerMetrics). It uses nothing of the workload above it.
 */
package io.s3workload.workload.endpoints;
