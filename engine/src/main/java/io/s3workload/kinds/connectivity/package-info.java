/**
 * The connectivity kind: a check that each endpoint answers, before the load.
 */
package io.s3workload.kinds.connectivity;
