/**
 * The head kind: HeadObject of objects written before it, or already there.
 */
package io.s3workload.kinds.head;
