/**
 * What a trace a replay plays from is made of: its operations (TraceOp), a reader of them (TraceReader), the problems
 * found reading (TraceProblems); the formats read are in trace/formats, the scan and selection over them in
 * trace/scan.
 */
package io.s3workload.trace;
