/**
 * What a stage's objects are and how it reaches them: their data (DataShape), what is stored with them
 * (ObjectSettings), large sources (Sources), where a reading stage's objects come from (ObjectsFrom), how large ones
 * travel (Multipart, ParallelRanges) and which keys are read (Access). It uses nothing of the workload above it.
 */
package io.s3workload.workload.objects;
