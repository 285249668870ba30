/**
 * The table of stage kinds, the one place that names every kind, and each kind's parts.
 */
package io.s3workload.kinds;
