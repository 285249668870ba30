/**
 * The httpGet kind: plain HTTP GETs of URLs, measured as an HTTP benchmark tool measures them.
 */
package io.s3workload.kinds.httpget;
