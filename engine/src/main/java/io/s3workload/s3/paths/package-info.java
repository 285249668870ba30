/**
 * How stores are made (StoreFactory) and the clients' data paths they use: the CRT's (CrtDataPath, with its TLS
 * handshake check) and s3workload's own HTTP/1.1 (HttpDataPath, RequestSigner); and the results uploaded to a
 * bucket at a run's end (ResultsUpload). The top room of s3/.
 */
package io.s3workload.s3.paths;
