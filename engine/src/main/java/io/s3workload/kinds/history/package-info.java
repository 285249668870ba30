/**
 * The history kind: a history of concurrent operations written and read, then checked.
 */
package io.s3workload.kinds.history;
