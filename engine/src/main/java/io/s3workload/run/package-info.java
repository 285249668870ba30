/**
 * The engine: the graph of stages run on virtual threads, the clients, preflight and the loop machinery every runner
 * shares.
 */
package io.s3workload.run;
