/**
 * The files a run leaves: CSV, summary.json, hdr logs and the ops log.
 */
package io.s3workload.report.files;
