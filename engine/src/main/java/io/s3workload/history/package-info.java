/**
 * The history checker: a history of operations read, and its anomalies found against a model of the register and the
 * listing.
 */
package io.s3workload.history;
