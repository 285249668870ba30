/**
 * The S3 servers s3workload starts itself, for tests and calibration: the embedded one and the null server.
 */
package io.s3workload.server;
