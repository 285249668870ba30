/**
 * What a person reads in a terminal: the plan printed, each stage's header and blocks, the run's summary, aligned
 * tables.
 */
package io.s3workload.report.console;
