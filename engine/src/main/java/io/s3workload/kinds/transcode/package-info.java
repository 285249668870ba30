/**
 * The transcode kind: t3-validator's jobs that read chunks, write segments and read them back against a target.
 */
package io.s3workload.kinds.transcode;
