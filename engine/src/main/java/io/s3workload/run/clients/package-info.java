/**
 * The run's S3 clients and what goes through them beside the measured work: the stores a run reaches (RunStores),
 * the tool's own requests riding out transient failures (OwnRequests), and every request's rows in the ops log
 * (OpsSink, WorkerOpsRows). The lowest of run's rooms: it uses none of them.
 */
package io.s3workload.run.clients;
