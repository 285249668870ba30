/**
 * The put kind: new objects written, a cell per size; conditional writes (If-None-Match, If-Match) checked against
 * what the store kept.
 */
package io.s3workload.kinds.put;
