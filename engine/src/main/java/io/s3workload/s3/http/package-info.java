/**
 * s3workload's own HTTP/1.1 client for S3: connections, signing and the data path without copies.
 */
package io.s3workload.s3.http;
