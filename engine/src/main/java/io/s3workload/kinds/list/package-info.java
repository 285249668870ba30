/**
 * The list kind: ListObjectsV2 of the objects an earlier stage wrote.
 */
package io.s3workload.kinds.list;
