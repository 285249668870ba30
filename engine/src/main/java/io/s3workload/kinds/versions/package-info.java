/**
 * The versions kind: versions of each key written, listed, read back and deleted by id.
 */
package io.s3workload.kinds.versions;
