/**
 * A trace scanned before it is replayed: its span, sizes and keys (TraceScan), which of its operations play
 * (TraceSelection), and a trace's files read side by side as one stream in time order (Trace).
 */
package io.s3workload.trace.scan;
