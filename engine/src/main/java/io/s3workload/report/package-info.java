/**
 * The reporters a run hands its results to, made by name ({@link io.s3workload.report.Reporters}); each role is a
 * room below.
 */
package io.s3workload.report;
