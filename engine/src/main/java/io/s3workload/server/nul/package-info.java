/**
 * The null server: answers every request at once with nothing stored, to measure the client alone.
 */
package io.s3workload.server.nul;
