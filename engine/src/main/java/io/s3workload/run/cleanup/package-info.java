/**
 * What a run removes after itself, and the manifest of what it could not.
 */
package io.s3workload.run.cleanup;
