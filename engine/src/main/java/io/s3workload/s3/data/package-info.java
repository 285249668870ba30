/**
 * The bytes a request carries: a write (ObjectWrite) and its payload made without an object-sized buffer (Payload,
 * BodyBytes, DirectWords), and how a read of them was timed (ReadTiming). The lowest room of s3/ but its own client.
 */
package io.s3workload.s3.data;
