/**
 * The capacity kind: the highest load a store sustains within an SLO, searched for.
 */
package io.s3workload.kinds.capacity;
