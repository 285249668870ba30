/**
 * The ops log analysed after the run (the analyze command): slices by time, operation and key, on the console or a
 * page.
 */
package io.s3workload.report.analyze;
