/**
 * Figures exported while the run goes: the live page, Prometheus, OTLP.
 */
package io.s3workload.report.live;
