/**
 * A store over the buckets a run spreads its keys over (the workload's buckets:): each key in the bucket
 * ObjectStore.bucketOf picks, a listing through them all in turn.
 */
package io.s3workload.s3.spread;
